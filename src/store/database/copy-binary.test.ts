import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../testing.js';
import { CopyBinaryBuffer, columnNames, copyBinary, type CopyColumns } from './copy-binary.js';

const serverUp = await postgresAvailable();

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

describe('CopyBinaryBuffer', () => {
  it('writes the header, each row as field count then length-prefixed fields, and the trailer', () => {
    const data = copyBinary([['a', 'int4'], ['b', 'bytea'], ['c', 'bool']], [[7, Uint8Array.of(0xde, 0xad), true], [-1, null, false]]);
    const expected = Buffer.concat([
      SIGNATURE, Buffer.alloc(8),
      Buffer.from('0003' + '00000004' + '00000007' + '00000002' + 'dead' + '00000001' + '01', 'hex'),
      Buffer.from('0003' + '00000004' + 'ffffffff' + 'ffffffff' + '00000001' + '00', 'hex'),
      Buffer.from('ffff', 'hex'),
    ]);
    expect(data.toString('hex')).toBe(expected.toString('hex'));
  });

  it('encodes integers big-endian at their width, from numbers and bigints alike', () => {
    const hex = (type: 'int2' | 'int4' | 'int8', v: number | bigint) => copyBinary([['x', type]], [[v]]).subarray(21, -2).toString('hex');
    expect(hex('int2', -2)).toBe('00000002fffe');
    expect(hex('int4', 2n ** 31n - 1n)).toBe('000000047fffffff');
    expect(hex('int8', 1)).toBe('000000080000000000000001');
    expect(hex('int8', -1)).toBe('00000008ffffffffffffffff');
    expect(hex('int8', 2 ** 40 + 5)).toBe('000000080000010000000005');
    expect(hex('int8', -(2n ** 63n))).toBe('000000088000000000000000');
    expect(hex('int8', 2n ** 63n - 1n)).toBe('000000087fffffffffffffff');
  });

  it('encodes numerics as base-10000 digits with weight, leaving trailing zero digits out', () => {
    const hex = (v: number | bigint) => copyBinary([['x', 'numeric']], [[v]]).subarray(25, -2).toString('hex');
    // ndigits, weight, sign, dscale, then the digits
    expect(hex(0)).toBe('0000' + '0000' + '0000' + '0000');
    expect(hex(1234)).toBe('0001' + '0000' + '0000' + '0000' + '04d2');
    expect(hex(10_000)).toBe('0001' + '0001' + '0000' + '0000' + '0001');
    expect(hex(12_345_678n)).toBe('0002' + '0001' + '0000' + '0000' + '04d2' + '162e');
    expect(hex(-5)).toBe('0001' + '0000' + '4000' + '0000' + '0005');
    expect(hex(10n ** 20n)).toBe('0001' + '0005' + '0000' + '0000' + '0001');
  });

  it('refuses values its column type cannot hold, with the value and the type in the message', () => {
    const one = (type: CopyColumns[number][1], v: unknown) => () => copyBinary([['x', type]], [[v]]);
    expect(one('int2', 40_000)).toThrow(/40000 is not a value of int2/);
    expect(one('int4', 2n ** 31n)).toThrow(/is not a value of int4/);
    expect(one('int8', 2n ** 63n)).toThrow(/is not a value of int8/);
    expect(one('int4', 1.5)).toThrow(/1.5 is not a value of int4/);
    expect(one('numeric', 0.5)).toThrow(/numeric expects an integer/);
    expect(one('numeric', 10n ** 300n)).toThrow(/numeric value too large/);
    expect(one('bytea', 'ab')).toThrow(/bytea expects bytes/);
    expect(one('bool', 1)).toThrow(/bool expects a boolean/);
    expect(one('text', 1)).toThrow(/text expects a string/);
    expect(() => copyBinary([['x', 'int4'], ['y', 'int4']], [[1]])).toThrow(/a row of 1 values for 2 columns/);
  });

  it('keeps accepting rows after handing out its bytes, the trailer moving to the end', () => {
    const b = new CopyBinaryBuffer([['x', 'int4']]);
    b.row([1]);
    const first = Buffer.from(b.bytes());
    b.row([2]);
    const both = b.bytes();
    expect(b.rows).toBe(2);
    expect(both.length).toBe(first.length + 10);
    expect(both.subarray(-2).toString('hex')).toBe('ffff');
    expect(both.subarray(0, first.length - 2).equals(first.subarray(0, -2))).toBe(true);
  });

  it('grows past its first buffer', () => {
    const big = new Uint8Array(100_000).fill(7);
    const data = copyBinary([['x', 'bytea']], [[big], [big]]);
    expect(data.length).toBe(19 + 2 * (2 + 4 + 100_000) + 2);
  });
});

describe.each(TEST_DATABASE_KINDS)('binary COPY into %s', (kind) => {
  let t: TestDatabase;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind, { migrate: false });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const COLUMNS: CopyColumns = [
    ['id', 'int4'], ['s', 'int2'], ['l', 'int8'], ['n', 'numeric'], ['b', 'bytea'], ['t', 'text'], ['f', 'bool'],
  ];

  run('stores every type exactly as its text form would, numerics of every size included', async () => {
    await t.db.exec('CREATE TABLE copy_bin_t (id int4, s int2, l int8, n numeric(78,0), b bytea, t text, f boolean)');
    // numerics from 0 through 2^256 - 1, with runs of zero digits in the middle and at the end
    const numerics: bigint[] = [0n, 1n, 9_999n, 10_000n, 10_001n, 100_000_000n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 16n, 10n ** 18n,
      10n ** 18n + 1n, 123_000_000_000_000_000_456n, 2n ** 255n, 2n ** 256n - 1n, 10n ** 77n];
    let seed = 12345n;
    for (let i = 0; i < 40; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      numerics.push((seed * seed * seed * seed) % 10n ** BigInt(1 + (i * 2) % 78));
    }
    const rows = numerics.map((n, i) => [
      i, i % 2 === 0 ? -32768 : 32767, i % 3 === 0 ? -(2n ** 63n) + BigInt(i) : 2 ** 53 - i, i % 5 === 4 ? -n : n,
      i % 7 === 0 ? null : Uint8Array.from({ length: i }, (_, k) => (k * 37 + i) % 256), i % 4 === 0 ? `ü\t\\\n${i}` : '', i % 2 === 1,
    ]);
    await t.db.copyFromBinary('copy_bin_t', columnNames(COLUMNS), copyBinary(COLUMNS, rows));
    await t.db.transaction((tx) => tx.copyFromBinary('copy_bin_t', columnNames(COLUMNS), copyBinary(COLUMNS, [[1000, null, null, null, null, null, null]])));
    await t.db.copyFromBinary('copy_bin_t', columnNames(COLUMNS), new Uint8Array(0));
    const { rows: back } = await t.db.query<{ id: number; s: number | null; l: string | null; n: string | null; b: Uint8Array | null; t: string | null; f: boolean | null }>(
      'SELECT id, s, l::text AS l, n::text AS n, b, t, f FROM copy_bin_t ORDER BY id',
    );
    expect(back).toHaveLength(rows.length + 1);
    for (const [i, row] of rows.entries()) {
      const got = back[i]!;
      expect([got.id, got.s, got.l, got.n, got.t, got.f]).toEqual([row[0], row[1], String(row[2]), String(row[3]), row[5], row[6]]);
      expect(got.b === null ? null : Array.from(got.b)).toEqual(row[4] === null ? null : Array.from(row[4] as Uint8Array));
    }
    expect(back[rows.length]).toEqual({ id: 1000, s: null, l: null, n: null, b: null, t: null, f: null });
  });

  run('fails, loading nothing, when a column is not the type written', async () => {
    await t.db.exec('CREATE TABLE copy_bin_wrong (a int8)');
    await expect(t.db.copyFromBinary('copy_bin_wrong', ['a'], copyBinary([['a', 'int4']], [[1]]))).rejects.toThrow(/binary data format|insufficient data/);
    expect((await t.db.query('SELECT * FROM copy_bin_wrong')).rows).toHaveLength(0);
  });
});
