import { describe, expect, it } from 'vitest';
import { idToString } from '../../../lib/cb58.js';
import { EVM_ID_STRING } from '../../../lib/networks.js';
import type { ChainRef, NetworkRef } from '../../../store/registry.js';
import { AVAX_TOKEN, chainInfoOf, defaultChainName, networkTokenOf, presentationOf } from './chain-info.js';

const network = (name: string, isTestnet = true): NetworkRef => ({ id: 1, name, networkId: 12345, hrp: 'local', isTestnet, avaxAssetId: new Uint8Array(32) });
const cChain = (name = 'local', isTestnet = true): ChainRef => ({
  id: 1, network: network(name, isTestnet), blockchainId: new Uint8Array(32).fill(0x0c), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C',
  rpcUrl: 'http://127.0.0.1:9650/ext/bc/x/rpc', wsUrl: 'ws://127.0.0.1:9650/ext/bc/x/ws',
});
const l1: ChainRef = { ...cChain(), id: 2, blockchainId: new Uint8Array(32).fill(0x1a), subnetId: new Uint8Array(32).fill(0x5b), evmChainId: 777n, name: 'dispatch' };

describe('chainInfoOf', () => {
  it('presents the C-chain with AVAX, coreth\'s VM and the node\'s URLs', () => {
    expect(chainInfoOf(cChain(), 'OK')).toEqual({
      chainId: '43112', status: 'OK', chainName: 'Avalanche Local (C-Chain)', description: expect.any(String), platformChainId: idToString(cChain().blockchainId),
      subnetId: idToString(new Uint8Array(32)), vmId: EVM_ID_STRING, vmName: 'EVM', rpcUrl: 'http://127.0.0.1:9650/ext/bc/x/rpc', wsUrl: 'ws://127.0.0.1:9650/ext/bc/x/ws',
      isTestnet: true, networkToken: AVAX_TOKEN, private: false, enabledFeatures: ['nftIndexing', 'teleporter'],
    });
    expect(defaultChainName(cChain('mainnet', false))).toBe('Avalanche (C-Chain)');
  });

  it('presents an L1 by its name, with a VM id only when the P-chain index has it', () => {
    const info = chainInfoOf(l1, 'UNAVAILABLE');
    expect(info).toMatchObject({ chainName: 'dispatch', status: 'UNAVAILABLE', networkToken: { name: 'dispatch native token', symbol: 'NATIVE', decimals: 18 } });
    expect('vmId' in info).toBe(false);
    expect(chainInfoOf(l1, 'OK', { vmId: new Uint8Array(32).fill(3) }).vmId).toBe(idToString(new Uint8Array(32).fill(3)));
  });

  it('applies the operator\'s presentation and feature list', () => {
    const presentation = { chainName: 'Dispatch', rpcUrl: 'https://rpc.example', explorerUrl: 'https://x.example', networkToken: { name: 'Dispatch', symbol: 'DIS', decimals: 18 }, private: true };
    const info = chainInfoOf(l1, 'OK', { presentation, features: ['teleporter'] });
    expect(info).toMatchObject({ chainName: 'Dispatch', rpcUrl: 'https://rpc.example', explorerUrl: 'https://x.example', private: true, enabledFeatures: ['teleporter'] });
    expect(networkTokenOf(l1, presentation)).toEqual(presentation.networkToken);
  });

  it('finds a presentation by EVM chain id or blockchain id', () => {
    const p = { chainName: 'x' };
    expect(presentationOf(l1, { '777': p })).toBe(p);
    expect(presentationOf(l1, { [idToString(l1.blockchainId)]: p })).toBe(p);
    expect(presentationOf(l1, { '43112': p })).toBeUndefined();
    expect(presentationOf(l1, undefined)).toBeUndefined();
  });
});
