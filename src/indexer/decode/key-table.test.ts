import { describe, expect, it } from 'vitest';
import { JsonByteReader, keyHashOf } from './json-byte-reader.js';
import { KeyTable } from './key-table.js';

/** The index `table` gives each key of the object `text`, in order. */
function found(table: KeyTable, text: string): number[] {
  const r = new JsonByteReader(Buffer.from(text));
  const out: number[] = [];
  r.expect(0x7b);
  for (let first = true; r.more(0x7d, first); first = false) {
    out.push(table.find(r, r.key()));
    r.skip();
  }
  return out;
}

describe('KeyTable', () => {
  const names = ['hash', 'from', 'to', 'input', 'data', 'value', 'nonce', 'gas', 'gasPrice', 'type', 'maxFeePerGas', 'maxPriorityFeePerGas', 'transactionIndex'];
  const table = new KeyTable(names);

  it('finds each name at its index, in any order', () => {
    const reversed = [...names].reverse();
    expect(found(table, JSON.stringify(Object.fromEntries(reversed.map((n) => [n, 1]))))).toEqual(reversed.map((n) => names.indexOf(n)));
  });

  it('gives -1 for other keys, also one whose hash is a name\'s or one that is a name\'s prefix', () => {
    expect(keyHashOf('uP')).toBe(keyHashOf('to'));
    expect(found(table, '{"uP":1,"gasPric":1,"gasPrices":1,"":1,"blockHash":1}')).toEqual([-1, -1, -1, -1, -1]);
  });

  it('matches keys by the last object\'s, kept as copies: the buffer they were read from may be written over', () => {
    const keys = new KeyTable(['value', 'nonce']);
    const readAll = (r: JsonByteReader) => {
      const out: number[] = [];
      r.expect(0x7b);
      for (let member = 0; r.more(0x7d, member === 0); member++) {
        out.push(keys.readKey(r, member));
        r.skip();
      }
      return out;
    };
    const buf = Buffer.from('{"value":1,"nonce":2}');
    expect(readAll(new JsonByteReader(buf))).toEqual([0, 1]);
    buf.write('{"nonce":1,"value":2}');
    expect(readAll(new JsonByteReader(buf))).toEqual([1, 0]);
    expect(readAll(new JsonByteReader(Buffer.from('{ "nonce" :1,"other":0,"value":2}')))).toEqual([1, -1, 0]);
    expect(readAll(new JsonByteReader(Buffer.from('{"nonce":1,"value":2}')))).toEqual([1, 0]);
  });

  it('refuses names it cannot place apart', () => {
    expect(() => new KeyTable(['to', 'uP'])).toThrow(/no table/);
  });
});
