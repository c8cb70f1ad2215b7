import { describe, expect, it } from 'vitest';
import type { StoredBlock } from '../block-store.js';
import type { CorethHeader } from '../coreth-header.js';
import { blockJson } from './render.js';

const b = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const header: CorethHeader = {
  parentHash: b(32, 1), uncleHash: b(32, 2), coinbase: b(20, 3), stateRoot: b(32, 4), txRoot: b(32, 5), receiptRoot: b(32, 6),
  bloom: b(256, 0), difficulty: 1n, number: 9n, gasLimit: 15_000_000n, gasUsed: 21_000n, timestamp: 1_700_000_000n, extra: b(4, 7),
  mixHash: b(32, 0), nonce: b(8, 0), extDataHash: b(32, 8), baseFee: 25n, extDataGasUsed: 0n, blockGasCost: 0n, blobGasUsed: 0n,
  excessBlobGas: 0n, parentBeaconRoot: b(32, 0), timestampMs: 1_700_000_000_123n, minDelayExcess: 4n,
};
const stored = { hash: b(32, 9), bytes: b(600, 0), block: { header, txs: [], extData: new Uint8Array() } } as unknown as StoredBlock;

describe('blockJson', () => {
  it('writes every header field of the latest fork, with its keys sorted as Go marshals a map', () => {
    const keys = Object.keys(blockJson(stored, [], undefined, false));
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual([
      'baseFeePerGas', 'blobGasUsed', 'blockExtraData', 'blockGasCost', 'difficulty', 'excessBlobGas', 'extDataGasUsed', 'extDataHash',
      'extraData', 'gasLimit', 'gasUsed', 'hash', 'logsBloom', 'minDelayExcess', 'miner', 'mixHash', 'nonce', 'number',
      'parentBeaconBlockRoot', 'parentHash', 'receiptsRoot', 'sha3Uncles', 'size', 'stateRoot', 'timestamp', 'timestampMilliseconds',
      'totalDifficulty', 'transactions', 'transactionsRoot', 'uncles',
    ]);
  });

  it('leaves out the fields an older header or a subnet-EVM block does not have', () => {
    const old = { ...stored, block: { ...stored.block, header: { ...header, baseFee: undefined, extDataGasUsed: undefined, blockGasCost: undefined, blobGasUsed: undefined, excessBlobGas: undefined, parentBeaconRoot: undefined, timestampMs: undefined, minDelayExcess: undefined } } } as unknown as StoredBlock;
    const keys = Object.keys(blockJson(old, [], undefined, false, 'subnet-evm'));
    expect(keys).toEqual([...keys].sort());
    for (const k of ['baseFeePerGas', 'extDataHash', 'blockExtraData', 'extDataGasUsed', 'minDelayExcess']) expect(keys).not.toContain(k);
    expect(keys).toContain('transactions');
  });
});
