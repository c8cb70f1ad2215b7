import type { Queryable } from '../../../../store/database/database.js';
import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import type { ResolvedChain } from '../networks/blockchain-id.js';
import type { ResolvedNetwork } from '../networks/resolve-network.js';
import { cChainTransactionWire, type CChainAtomicTransactionWire } from '../wire/c-chain-transaction.js';
import { pChainTransactionWire, type PChainTransactionWire } from '../wire/p-chain-transaction.js';
import { xChainTransactionWire, type XChainLinearTransactionWire } from '../wire/x-chain-transaction.js';
import { assetCacheOf } from './asset-cache.js';
import { hexOf } from '../../../../lib/hex.js';

export type PrimaryTransactionWire = PChainTransactionWire | XChainLinearTransactionWire | CChainAtomicTransactionWire;

/** Every asset a tx mentions (amounts, UTXOs, EVM inputs and outputs). */
function assetIdsOf(txs: readonly PrimaryTransaction[]): Uint8Array[] {
  const ids = new Map<string, Uint8Array>();
  const add = (id: Uint8Array) => ids.set(hexOf(id), id);
  for (const t of txs) {
    for (const list of Object.values(t.amounts)) for (const a of list ?? []) add(a.assetId);
    for (const u of [...t.consumedUtxos, ...t.emittedUtxos]) add(u.assetId);
    for (const e of [...(t.details.evmInputs ?? []), ...(t.details.evmOutputs ?? [])]) add(e.assetId);
  }
  return [...ids.values()];
}

/**
 * The txs of one chain in that chain's shape (P: PChainTransaction; X: XChainLinearTransaction; C: the atomic
 * export/import shapes), with the asset descriptions they need looked up once per page (the L1 validators and
 * blockchains P-chain txs name come with the txs: tx-named-records.ts).
 */
export async function transactionWires(db: Queryable, net: ResolvedNetwork, chain: ResolvedChain, txs: readonly PrimaryTransaction[]): Promise<PrimaryTransactionWire[]> {
  const assets = await assetCacheOf(db).assets(net.network.id, assetIdsOf(txs));
  const base = { hrp: net.network.hrp, assets };
  if (chain.role === 'X') return txs.map((t) => xChainTransactionWire(t, base));
  if (chain.role === 'C') return txs.map((t) => cChainTransactionWire(t, base));
  return txs.map((t) => pChainTransactionWire(t, base));
}
