import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyText } from './copy-text.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../testing.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('database on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind, { migrate: false });
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  run('maps int8 and numeric to exact strings and bytea to bytes', async () => {
    const { rows } = await t.db.query<{ a: string; b: string; c: Uint8Array }>(
      `SELECT 9007199254740993::int8 AS a, 115792089237316195423570985008687907853269984665640564039457584007913129639935::numeric(78,0) AS b, '\\x00ff'::bytea AS c`,
    );
    expect(rows[0]?.a).toBe('9007199254740993');
    expect(rows[0]?.b).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935');
    expect(Array.from(rows[0]!.c)).toEqual([0, 255]);
  });

  run('copies rows with every value type, escaping text', async () => {
    await t.db.exec(`CREATE TABLE copy_t (a bytea, b numeric(78,0), c text, d boolean, e bigint, f jsonb)`);
    const rows = [
      [new Uint8Array([1, 2, 255]), 2n ** 255n, 'tab\there\\back\nline', true, 42, { x: 1n }],
      [null, 0n, '', false, -1, null],
    ];
    await t.db.copyRows('copy_t', ['a', 'b', 'c', 'd', 'e', 'f'], rows);
    const { rows: back } = await t.db.query<Record<string, unknown>>('SELECT * FROM copy_t ORDER BY e DESC');
    expect(Array.from(back[0]!.a as Uint8Array)).toEqual([1, 2, 255]);
    expect(back[0]!.b).toBe((2n ** 255n).toString());
    expect(back[0]!.c).toBe('tab\there\\back\nline');
    expect(back[0]!.d).toBe(true);
    expect(back[0]!.f).toEqual({ x: '1' });
    expect(back[1]!.a).toBeNull();
    expect(back[1]!.c).toBe('');
  });

  run('loads rows already in COPY text, inside a transaction too', async () => {
    await t.db.exec(`CREATE TABLE copy_text_t (id int, h bytea, s text)`);
    await t.db.copyFromText('copy_text_t', ['id', 'h', 's'], copyText([[1, new Uint8Array([0xab]), 'a\tb'], [2, null, 'ü']]));
    await t.db.transaction((tx) => tx.copyFromText('copy_text_t', ['id', 'h', 's'], copyText([[3, new Uint8Array(0), '']])));
    await t.db.copyFromText('copy_text_t', ['id', 'h', 's'], new Uint8Array(0));
    await t.db.copyFromText('copy_text_t', ['id', 'h', 's'], new Uint8Array(copyText([[4, null, 'plain bytes']])));
    const { rows } = await t.db.query<{ id: number; h: Uint8Array | null; s: string }>('SELECT * FROM copy_text_t ORDER BY id');
    expect(rows.map((r) => [r.id, r.h && Array.from(r.h), r.s])).toEqual([[1, [0xab], 'a\tb'], [2, null, 'ü'], [3, [], ''], [4, null, 'plain bytes']]);
  });

  run('rolls a failed transaction back entirely, copies included', async () => {
    await t.db.exec(`CREATE TABLE tx_t (id int PRIMARY KEY)`);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.copyRows('tx_t', ['id'], [[1], [2]]);
        await tx.query('INSERT INTO tx_t VALUES (1)');
      }),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await t.db.query('SELECT * FROM tx_t');
    expect(rows).toHaveLength(0);
    await t.db.transaction((tx) => tx.copyRows('tx_t', ['id'], [[3]]));
    expect((await t.db.query('SELECT * FROM tx_t')).rows).toHaveLength(1);
  });

  run('grants a named lock to one holder at a time', async () => {
    const release = await t.db.tryLock('chain-1');
    expect(release).toBeDefined();
    expect(await t.db.tryLock('chain-1')).toBeUndefined();
    expect(await t.db.tryLock('chain-2')).toBeDefined();
    await release!();
    const again = await t.db.tryLock('chain-1');
    expect(again).toBeDefined();
    await again!();
  });
});
