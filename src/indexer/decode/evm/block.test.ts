import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBlock } from './block.js';
import { EvmDecodeError } from './wire.js';

const fixture = (name: string): any => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
const hex = (b: Uint8Array | undefined) => (b ? '0x' + Buffer.from(b).toString('hex') : undefined);
const A = '0x' + '1'.repeat(40);

describe('decodeBlock (coreth C-chain block with Granite header fields)', () => {
  const { block, transactions, logs } = decodeBlock(fixture('coreth-block-42.json'), fixture('coreth-receipts-42.json'), true);

  it('reads the Avalanche header fields', () => {
    expect(block).toMatchObject({
      number: 42n, timestamp: 1_763_600_000n, timestampMs: 1_763_600_000_250n, minDelayExcess: 7_970_124n, baseFee: 25_000_000_000n,
      blockGasCost: 0n, extDataGasUsed: 11_230n, gasLimit: 15_000_000n, gasUsed: 876_000n, size: 2345, txCount: 6, internalTxsIndexed: true,
    });
    expect(hex(block.hash)).toBe('0x' + '42'.repeat(32));
    expect(hex(block.parentHash)).toBe('0x' + '41'.repeat(32));
    expect(hex(block.miner)).toBe('0x0100000000000000000000000000000000000000');
    expect(hex(block.extData)).toBe('0x00000000000100000001' + 'ab'.repeat(12));
  });

  it('sums gasUsed × effectiveGasPrice into feesSpent', () => {
    expect(block.feesSpent).toBe(21_000n * 30_000_000_000n + 855_000n * 26_000_000_000n);
  });

  it('merges each transaction with its receipt', () => {
    expect(transactions.map((t) => [t.index, t.type, t.status, t.gasUsed])).toEqual([
      [0, 0, 1, 21_000n], [1, 2, 1, 35_000n], [2, 2, 1, 420_000n], [3, 2, 1, 120_000n], [4, 2, 0, 30_000n], [5, 2, 1, 250_000n],
    ]);
    const [legacy, erc20, , creation] = transactions;
    expect(legacy).toMatchObject({ value: 10n ** 18n, nonce: 7n, gasLimit: 21_000n, gasPrice: 30_000_000_000n, effectiveGasPrice: 30_000_000_000n, blockTimestamp: 1_763_600_000n });
    expect(legacy!.maxFeePerGas).toBeUndefined();
    expect(legacy!.methodId).toBeUndefined();
    expect(hex(legacy!.from)).toBe(A);
    expect(erc20).toMatchObject({ maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, effectiveGasPrice: 26_000_000_000n });
    expect(hex(erc20!.methodId)).toBe('0xa9059cbb');
    expect(erc20!.input).toHaveLength(68);
    expect(creation!.to).toBeUndefined();
    expect(creation!.methodId).toBeUndefined();
    expect(hex(creation!.contractAddress)).toBe('0x' + '8'.repeat(40));
  });

  it('keeps every log with its block position and transaction', () => {
    expect(logs.map((l) => [l.logIndex, l.txIndex, l.topics.length])).toEqual([[0, 1, 3], [1, 1, 3], [2, 2, 4], [3, 2, 4], [4, 2, 4], [5, 2, 4], [6, 2, 3], [7, 5, 4]]);
    expect(hex(logs[0]!.address)).toBe('0x' + '3'.repeat(40));
    expect(logs[0]!.data).toHaveLength(32);
  });
});

describe('decodeBlock (Subnet-EVM block, legacy receipt fields)', () => {
  const { block: raw, receipts } = fixture('subnet-evm-block-43.json');
  const { block, transactions } = decodeBlock(raw, receipts, false);

  it('leaves the C-chain-only and later fields absent', () => {
    expect(block.baseFee).toBeUndefined();
    expect(block.extDataGasUsed).toBeUndefined();
    expect(block.extData).toBeUndefined();
    expect(block.timestampMs).toBeUndefined();
    expect(block.minDelayExcess).toBeUndefined();
    expect(block.blockGasCost).toBe(100_000n);
  });

  it('takes the gas price as paid when the receipt has no effectiveGasPrice, and type 0 when the tx has none', () => {
    expect(transactions[0]).toMatchObject({ type: 0, gasPrice: 225_000_000_000n, effectiveGasPrice: 225_000_000_000n, status: 1 });
    expect(block.feesSpent).toBe(21_000n * 225_000_000_000n);
  });
});

describe('decodeBlock rejects answers that do not belong together', () => {
  const block = fixture('coreth-block-42.json');
  const receipts = fixture('coreth-receipts-42.json');

  it('a missing receipt', () => {
    expect(() => decodeBlock(block, receipts.slice(1), true)).toThrow(/6 transactions but 5 receipts/);
  });

  it('receipts in another order', () => {
    expect(() => decodeBlock(block, [receipts[1], receipts[0], ...receipts.slice(2)], true)).toThrow(EvmDecodeError);
    expect(() => decodeBlock(block, [receipts[1], receipts[0], ...receipts.slice(2)], true)).toThrow(/^block 42 tx 0: receipt is for 0x/);
  });

  it('a transaction at another position than it declares, and a receipt and transaction without a gas price', () => {
    const misplaced = structuredClone(block);
    misplaced.transactions[2].transactionIndex = '0x5';
    expect(() => decodeBlock(misplaced, receipts, true)).toThrow(/^block 42 tx 2: transactionIndex is 5$/);
    const unpriced = structuredClone(block);
    delete unpriced.transactions[1].gasPrice;
    const unpricedReceipts = structuredClone(receipts);
    delete unpricedReceipts[1].effectiveGasPrice;
    expect(() => decodeBlock(unpriced, unpricedReceipts, true)).toThrow(/^block 42 tx 1: neither effectiveGasPrice nor gasPrice$/);
  });

  it('a receipt from another block (the chain moved between the calls)', () => {
    const moved = structuredClone(receipts);
    moved[3].blockHash = '0x' + '99'.repeat(32);
    expect(() => decodeBlock(block, moved, true)).toThrow(/^block 42 tx 3: receipt is from block 0x9999.*the chain moved/);
  });

  it('a block fetched without full transactions', () => {
    const hashesOnly = { ...block, transactions: block.transactions.map((t: { hash: string }) => t.hash) };
    expect(() => decodeBlock(hashesOnly, receipts, true)).toThrow(/without full transactions/);
  });

  it('malformed quantities and data', () => {
    expect(() => decodeBlock({ ...block, gasUsed: '12' }, receipts, true)).toThrow(/block 42.gasUsed: expected a hex quantity/);
    expect(() => decodeBlock({ ...block, hash: '0x1234' }, receipts, true)).toThrow(/expected 32 bytes/);
  });
});
