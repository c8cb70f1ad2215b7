import { describe, expect, it } from 'vitest';
import { RLP } from '@ethereumjs/rlp';
import { decodeReceipts, encodeReceipts, type StoredReceipt } from './receipts.js';

/** A deterministic byte string of `n` bytes. */
function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (seed * 31 + i * 17) & 0xff;
  return out;
}

function receipts(): StoredReceipt[] {
  const out: StoredReceipt[] = [];
  for (let i = 0; i < 40; i++) {
    const logs: StoredReceipt['logs'] = [];
    for (let l = 0; l < i % 4; l++) logs.push([bytes(20, i + l), Array.from({ length: l + (i % 2) }, (_, t) => bytes(32, i * 7 + t)), bytes((i * 13 + l * 5) % 90, i + 100)]);
    out.push({
      status: i % 3 === 0 ? 0 : 1,
      cumulativeGasUsed: 21_000n * BigInt(i + 1) + BigInt(i),
      gasUsed: i === 5 ? 0n : 21_000n + BigInt(i * 977),
      logs,
      bloom: bytes(256, i),
      from: bytes(20, i + 50),
      ...(i % 5 === 1 ? { contractAddress: bytes(20, i + 70) } : {}),
      effectiveGasPrice: i === 7 ? 0n : 25n * 10n ** 9n + BigInt(i) * 10n ** 17n,
    });
  }
  return out;
}

describe('stored receipts', () => {
  it('decode to what was encoded, field for field', () => {
    const written = receipts();
    expect(decodeReceipts(encodeReceipts(written))).toEqual(written);
    expect(decodeReceipts(encodeReceipts([]))).toEqual([]);
  });

  it('keep each tx\'s hash when given it, and read receipts stored without one (before 2026-11)', () => {
    const written = receipts();
    const hashes = written.map((_, i) => bytes(32, i + 90));
    const read = decodeReceipts(encodeReceipts(written, hashes));
    expect(read).toEqual(written.map((r, i) => ({ ...r, txHash: hashes[i] })));
    expect(decodeReceipts(encodeReceipts(read))).toEqual(read);
    expect(decodeReceipts(encodeReceipts(written)).every((r) => r.txHash === undefined)).toBe(true);
    const r = written[0]!;
    const fields = [new Uint8Array([1]), new Uint8Array([1]), new Uint8Array([2]), [], r.bloom, r.from, new Uint8Array(0), new Uint8Array([3])];
    expect(() => decodeReceipts(RLP.encode([[...fields, new Uint8Array(31)]] as never))).toThrow('a tx hash of 31 bytes');
    expect(() => decodeReceipts(RLP.encode([[...fields, new Uint8Array(32), new Uint8Array(0)]] as never))).toThrow('10 fields, not 8 or 9');
  });

  it('read byte fields as views of the stored bytes, without copies', () => {
    const stored = encodeReceipts(receipts());
    const [first] = decodeReceipts(stored);
    expect(first!.bloom.buffer).toBe(stored.buffer);
    expect(first!.from.buffer).toBe(stored.buffer);
  });

  it('refuse bytes that are not stored receipts', () => {
    const r = receipts()[2]!;
    const fields = [new Uint8Array([1]), new Uint8Array([1]), new Uint8Array([2]), [], r.bloom, r.from, new Uint8Array(0), new Uint8Array([3])];
    expect(() => decodeReceipts(RLP.encode([fields.slice(0, 7)] as never))).toThrow('7 fields, not 8 or 9');
    expect(() => decodeReceipts(RLP.encode([[...fields.slice(0, 3), [[r.from, []]], ...fields.slice(4)]] as never))).toThrow('a log of 2 fields');
    expect(() => decodeReceipts(RLP.encode([[...fields.slice(0, 4), [r.bloom], ...fields.slice(5)]] as never))).toThrow('a list where bytes belong');
    expect(() => decodeReceipts(new Uint8Array([0x82, 1, 2]))).toThrow('expected a list');
    const whole = encodeReceipts([r]);
    expect(() => decodeReceipts(whole.subarray(0, whole.length - 1))).toThrow();
  });
});
