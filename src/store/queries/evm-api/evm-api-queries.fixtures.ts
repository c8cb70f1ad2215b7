import type { Queryable } from '../../database/database.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../registry.js';

export const bytesOf = (byte: number, length: number): Uint8Array => new Uint8Array(length).fill(byte);

/** A network with a P-chain and two EVM chains (the C-chain and an L1), nothing indexed. */
export async function twoEvmChains(db: Queryable): Promise<{ p: ChainRef; c: ChainRef; l1: ChainRef }> {
  const network = await ensureNetwork(db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: bytesOf(9, 32) });
  const p = await ensureChain(db, { network, blockchainId: new Uint8Array(32), subnetId: new Uint8Array(32), vm: 'platform', name: 'P' });
  const c = await ensureChain(db, { network, blockchainId: bytesOf(0x0c, 32), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
  const l1 = await ensureChain(db, { network, blockchainId: bytesOf(0x1a, 32), subnetId: bytesOf(0x5b, 32), vm: 'evm', evmChainId: 777n, name: 'dispatch' });
  return { p, c, l1 };
}
