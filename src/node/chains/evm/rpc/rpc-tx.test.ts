import { createTx, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { describe, expect, it } from 'vitest';
import type { StoredBlock } from '../block-store.js';
import { createEvmCommon } from '../crypto.js';
import { receiptJson, txJson } from './render.js';
import { decodeStoredTx, rpcTxOf } from './rpc-tx.js';

const CHAIN_ID = 43112n;
const common = createEvmCommon(CHAIN_ID);
const key = new Uint8Array(32).fill(7);
const to = new Uint8Array(20).fill(0xaa);
const accessList = [{ address: '0x' + 'bb'.repeat(20), storageKeys: ['0x' + '01'.padStart(64, '0'), '0x' + '02'.padStart(64, '0')] }];

function signed(data: Record<string, unknown>, opts: { common?: typeof common } = {}): Uint8Array {
  return createTx(data as never, { common: opts.common ?? common }).sign(key).serialize();
}

const cases: [string, Uint8Array][] = [
  ['legacy, EIP-155', signed({ type: 0, nonce: 3, gasPrice: 25n * 10n ** 9n, gasLimit: 21_000, to, value: 10n ** 18n })],
  ['legacy with 6- and 7-byte fields (the widest read as a double, the narrowest that is not)', signed({ type: 0, nonce: 2n ** 48n - 1n, gasPrice: 2n ** 48n, gasLimit: 2n ** 48n - 2n, to, value: 2n ** 56n - 1n })],
  ['legacy creation, EIP-155', signed({ type: 0, nonce: 0, gasPrice: 1n, gasLimit: 100_000, data: '0x6001600055' })],
  ['EIP-2930', signed({ type: 1, nonce: 9, gasPrice: 7n, gasLimit: 50_000, to, value: 0n, data: '0xa9059cbb', accessList, chainId: CHAIN_ID })],
  ['EIP-1559', signed({ type: 2, nonce: 1, maxFeePerGas: 30n * 10n ** 9n, maxPriorityFeePerGas: 2n * 10n ** 9n, gasLimit: 60_000, to, value: 5n, data: '0x' + 'ab'.repeat(68), chainId: CHAIN_ID })],
  ['EIP-1559 creation with an access list', signed({ type: 2, nonce: 2, maxFeePerGas: 10n, maxPriorityFeePerGas: 10n, gasLimit: 90_000, data: '0x00', accessList, chainId: CHAIN_ID })],
];

function block(baseFee: bigint | undefined): StoredBlock {
  return { hash: new Uint8Array(32).fill(0x11), bytes: new Uint8Array(0), block: { header: { number: 77n, baseFee }, txs: [] } } as unknown as StoredBlock;
}

describe('decodeStoredTx', () => {
  for (const [name, raw] of cases) {
    it(`renders a stored ${name} tx exactly as the ethereumjs-decoded one`, () => {
      const ethTx: TypedTransaction = createTxFromRLP(raw, { common });
      const fast = decodeStoredTx(raw, CHAIN_ID)!;
      expect(fast).toBeDefined();
      expect(Buffer.from(fast.hash()).toString('hex')).toBe(Buffer.from(ethTx.hash()).toString('hex'));
      for (const baseFee of [undefined, 3n * 10n ** 9n]) {
        const found = { raw, from: new Uint8Array(20).fill(1), block: block(baseFee), location: { blockHash: new Uint8Array(32).fill(0x11), blockNumber: 77n, index: 4 } };
        expect(txJson({ ...found, tx: fast })).toEqual(txJson({ ...found, tx: ethTx }));
        expect(JSON.stringify(txJson({ ...found, tx: fast }))).toBe(JSON.stringify(txJson({ ...found, tx: ethTx })));
        const receipt = { status: 1, cumulativeGasUsed: 50_000n, gasUsed: 21_000n, effectiveGasPrice: 9n, from: found.from, bloom: new Uint8Array(256),
          logs: [[to, [new Uint8Array(32).fill(3)], new Uint8Array([1, 2])]], contractAddress: undefined } as never;
        expect(JSON.stringify(receiptJson({ ...found, receipt, tx: fast }, 2))).toBe(JSON.stringify(receiptJson({ ...found, receipt, tx: ethTx }, 2)));
      }
      expect(rpcTxOf(ethTx).chainId).toBe(fast.chainId);
    });
  }

  it('renders a pre-EIP-155 legacy tx without a chain id', () => {
    const ethTx = createTx({ type: 0, nonce: 1, gasPrice: 1n, gasLimit: 21_000, to, value: 1n }, { common }).sign(key);
    // re-sign without replay protection: v = 27/28
    const { v, r, s } = ethTx;
    const raw = createTx({ type: 0, nonce: 1, gasPrice: 1n, gasLimit: 21_000, to, value: 1n, v: v! - CHAIN_ID * 2n - 8n, r, s }, { common }).serialize();
    const fast = decodeStoredTx(raw, CHAIN_ID)!;
    expect(fast.chainId).toBeUndefined();
    const found = { raw, from: new Uint8Array(20), block: block(1n), location: { blockHash: new Uint8Array(32), blockNumber: 1n, index: 0 } };
    expect(txJson({ ...found, tx: fast })).toEqual(txJson({ ...found, tx: createTxFromRLP(raw, { common }) }));
  });

  it('leaves other kinds to ethereumjs: unknown types, another chain, empty input', () => {
    expect(decodeStoredTx(Uint8Array.of(4, 0xc0), CHAIN_ID)).toBeUndefined();
    expect(decodeStoredTx(cases[3]![1], CHAIN_ID + 1n)).toBeUndefined();
    expect(decodeStoredTx(new Uint8Array(0), CHAIN_ID)).toBeUndefined();
  });
});
