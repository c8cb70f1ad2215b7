import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initPgliteDataDir } from './pglite-initdb.js';
import { PgliteDatabase } from './pglite-database.js';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'firn-initdb-'));
  dirs.push(d);
  return join(d, 'db');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('initPgliteDataDir', () => {
  it('makes the data directory in a child process, then the database opens and keeps its data', async () => {
    const dir = fresh();
    await initPgliteDataDir(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.initdb`)).toBe(false);
    const db = await PgliteDatabase.open(dir);
    await db.exec('CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)');
    await db.close();
    await initPgliteDataDir(dir); // a complete directory is left alone
    const again = await PgliteDatabase.open(dir);
    expect((await again.query<{ v: number }>('SELECT v FROM kept')).rows).toEqual([{ v: 7 }]);
    await again.close();
  }, 60_000);

  it('finishes a directory an earlier attempt was killed while moving in', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    writeFileSync(join(dir, 'base', '1', 'junk'), 'half a move');
    writeFileSync(join(dir, 'postgresql.conf'), 'truncated');
    mkdirSync(`${dir}.initdb`, { recursive: true }); // and its staging directory
    const db = await PgliteDatabase.open(dir);
    expect(existsSync(join(dir, 'base', '1', 'junk'))).toBe(false);
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    await db.close();
  }, 60_000);
});
