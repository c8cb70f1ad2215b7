import { describe, expect, it } from 'vitest';
import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { pBaseTx } from '../platformvm/test-txs.fixtures.js';
import { readEmbeddedSignedTx, txIdOf, writeEmbeddedSignedTx } from './embedded-signed-tx.js';
import { sha256 } from '../../lib/hash.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function stream(txs: Uint8Array[], trailer = new Uint8Array(0)): LinearReader {
  const w = new LinearWriter();
  txs.forEach((tx, i) => writeEmbeddedSignedTx(w, tx, i));
  w.raw(trailer);
  return new LinearReader(w.finish());
}

describe('embedded signed txs', () => {
  it('reads consecutive txs back in standalone form and stops exactly at each end', () => {
    const txs = [pBaseTx('a'), pBaseTx('bb'), pBaseTx('')];
    const r = stream(txs, new Uint8Array([0xde, 0xad]));
    expect(txs.map((_, i) => hex(readEmbeddedSignedTx(r, 'PVM', i)))).toEqual(txs.map(hex));
    expect(hex(r.rest())).toBe('dead');
    expect(hex(txIdOf(txs[0] ?? new Uint8Array()))).toBe(hex(sha256(txs[0] ?? new Uint8Array())));
  });

  it('finds txs larger than the first parse window', () => {
    const big = pBaseTx('m'.repeat(50_000));
    const r = stream([big, pBaseTx('after')]);
    expect(hex(readEmbeddedSignedTx(r, 'PVM', 0))).toBe(hex(big));
    expect(hex(readEmbeddedSignedTx(r, 'PVM', 1))).toBe(hex(pBaseTx('after')));
  });

  it('decodes a block-sized run of small txs back to back', () => {
    const txs = Array.from({ length: 800 }, (_, i) => pBaseTx(String(i)));
    const r = stream(txs);
    for (let i = 0; i < txs.length; i++) expect(hex(readEmbeddedSignedTx(r, 'PVM', i))).toBe(hex(txs[i]!));
    expect(r.remaining).toBe(0);
  });

  it('rejects a tx cut inside its memo, which avalanchejs alone would slice short without complaint', () => {
    const tx = pBaseTx('memo!');
    // Drop the 77 credential bytes and two memo bytes.
    const memoEnd = tx.length - 77;
    const cut = tx.subarray(0, memoEnd - 2);
    const r = stream([cut]);
    expect(() => readEmbeddedSignedTx(r, 'PVM', 0)).toThrow("couldn't unmarshal tx 0");
  });

  it('rejects the wrong VM and non-standalone input', () => {
    expect(() => readEmbeddedSignedTx(stream([pBaseTx()]), 'AVM', 3)).toThrow("couldn't unmarshal tx 3: couldn't unmarshal interface: type ID 34 is not a X-chain tx");
    expect(() => writeEmbeddedSignedTx(new LinearWriter(), new Uint8Array([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), 2)).toThrow('tx 2 is not a standalone signed tx with codec version 0');
    expect(() => readEmbeddedSignedTx(new LinearReader(new Uint8Array([0, 0])), 'PVM', 0)).toThrow('insufficient length');
  });
});
