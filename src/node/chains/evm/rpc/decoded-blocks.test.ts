import { describe, expect, it } from 'vitest';
import type { StoredReceipt } from '../receipts.js';
import { keepReceipts, type Decoded } from './decoded-blocks.js';
import type { RpcTx } from './rpc-tx.js';

const hashed = (i: number): RpcTx => ({ hash: () => new Uint8Array(32).fill(i) }) as unknown as RpcTx;
const receipt = (txHash?: Uint8Array): StoredReceipt => ({
  status: 1, cumulativeGasUsed: 21_000n, gasUsed: 21_000n, logs: [], bloom: new Uint8Array(256), from: new Uint8Array(20), effectiveGasPrice: 1n,
  ...(txHash ? { txHash } : {}),
});

describe('keepReceipts', () => {
  it('keeps the receipts and takes each tx hash a receipt stored instead of hashing the tx', () => {
    const stored = new Uint8Array(32).fill(0xee);
    const entry: Decoded = { txs: [hashed(1), hashed(2)] };
    keepReceipts(entry, [receipt(stored), receipt()]);
    expect(entry.receipts).toHaveLength(2);
    expect(entry.txs[0]!.hash()).toBe(stored);
    expect(entry.txs[1]!.hash()).toEqual(new Uint8Array(32).fill(2));
  });

  it('leaves the txs alone when the receipts do not match them one for one, and keeps nothing when there are none', () => {
    const entry: Decoded = { txs: [hashed(1), hashed(2)] };
    keepReceipts(entry, [receipt(new Uint8Array(32).fill(0xee))]);
    expect(entry.txs[0]!.hash()).toEqual(new Uint8Array(32).fill(1));
    const none: Decoded = { txs: [hashed(1)] };
    keepReceipts(none, undefined);
    expect(none.receipts).toBeUndefined();
  });
});
