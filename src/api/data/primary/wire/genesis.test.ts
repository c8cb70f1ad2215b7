import { describe, expect, it } from 'vitest';
import { genesisDataWire } from './genesis.js';

const enc = (s: string) => new TextEncoder().encode(s);

describe('genesisDataWire', () => {
  it('keeps the DTO keys of an EVM genesis with the declared types, and drops the rest', () => {
    const genesis = {
      config: {
        chainId: 777, homesteadBlock: 0, eip150Hash: '0x2086', feeConfig: { gasLimit: 8_000_000, minBaseFee: '25000000000', targetBlockRate: 2, unknownKnob: 1 },
        warpConfig: { blockTimestamp: 1_700_000_000, quorumNumerator: 67, requirePrimaryNetworkSigners: true },
        txAllowListConfig: { blockTimestamp: 0, adminAddresses: ['0xabc'] }, cancunTime: 0, subnetEVMTimestamp: 'later',
      },
      alloc: { '8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': { balance: '0x295BE96E64066972000000', storage: { '0x00': '0x01' } } },
      nonce: '0x0', timestamp: 0, gasLimit: '0x7A1200', difficulty: '0x0', baseFeePerGas: null, airdropAmount: null, blobGasUsed: null, excessBlobGas: '0x0', extra: 'x',
    };
    expect(genesisDataWire(genesis, enc(JSON.stringify(genesis)))).toEqual({
      config: {
        chainId: 777, homesteadBlock: 0, eip150Hash: '0x2086', feeConfig: { gasLimit: 8_000_000, minBaseFee: 25_000_000_000, targetBlockRate: 2 },
        warpConfig: { blockTimestamp: 1_700_000_000, quorumNumerator: 67, requirePrimaryNetworkSigners: true },
        txAllowListConfig: { blockTimestamp: 0, adminAddresses: ['0xabc'] },
      },
      alloc: { '8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': { balance: '0x295BE96E64066972000000', storage: { '0x00': '0x01' } } },
      nonce: '0x0', timestamp: '0x0', gasLimit: '0x7A1200', difficulty: '0x0', baseFeePerGas: null, airdropAmount: null, blobGasUsed: null, excessBlobGas: '0x0',
    });
  });

  it('gives other JSON as text and omits binary genesis data', () => {
    expect(genesisDataWire({ foo: 1 }, enc('{"foo":1}'))).toBe('{"foo":1}');
    expect(genesisDataWire(undefined, Uint8Array.of(0, 0, 0xff, 1))).toBeUndefined();
    expect(genesisDataWire(undefined, enc('not json'))).toBeUndefined();
  });
});
