import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLevelStore, openMemoryStore, type KvStore } from '../../storage/kv.js';
import { checkIndexStartup, describeStartupFailure, INDEX_IS_INCOMPLETE, INDEX_WOULD_BECOME_INCOMPLETE, readIndexFlags } from './index-state.js';
import { CHAIN_A, CHAIN_B } from './test-helpers.js';

const run = (db: KvStore, indexEnabled: boolean, allowIncomplete = false, chainIds = [CHAIN_A]) =>
  checkIndexStartup({ db, chainIds, indexEnabled, allowIncomplete });

describe('checkIndexStartup', () => {
  it('fresh database with indexing on: ok, and stays ok on every later indexed run', async () => {
    const db = openMemoryStore();
    expect(await run(db, true)).toEqual({ ok: true });
    expect(await readIndexFlags(db, CHAIN_A)).toEqual({ hasRun: true, incomplete: false, previouslyIndexed: true });
    expect(await run(db, true)).toEqual({ ok: true });
  });

  it('fresh database with indexing off: ok, marks the chain incomplete, and stays ok while off', async () => {
    const db = openMemoryStore();
    expect(await run(db, false)).toEqual({ ok: true });
    expect(await readIndexFlags(db, CHAIN_A)).toEqual({ hasRun: true, incomplete: true, previouslyIndexed: false });
    expect(await run(db, false)).toEqual({ ok: true });
  });

  it('indexed, then indexing off: refused unless incomplete indexes are allowed', async () => {
    const db = openMemoryStore();
    await run(db, true);
    expect(await run(db, false)).toEqual({ ok: false, message: INDEX_WOULD_BECOME_INCOMPLETE, chainId: CHAIN_A });
    // The refused run changed nothing for the chain.
    expect((await readIndexFlags(db, CHAIN_A)).incomplete).toBe(false);
    expect(await run(db, false, true)).toEqual({ ok: true });
    expect((await readIndexFlags(db, CHAIN_A)).incomplete).toBe(true);
    // Once incomplete, turning indexing back on needs the flag too.
    expect(await run(db, true)).toEqual({ ok: false, message: INDEX_IS_INCOMPLETE, chainId: CHAIN_A });
    expect(await run(db, true, true)).toEqual({ ok: true });
  });

  it('ran without indexing, then indexing on: refused unless incomplete indexes are allowed', async () => {
    const db = openMemoryStore();
    await run(db, false);
    expect(await run(db, true)).toEqual({ ok: false, message: INDEX_IS_INCOMPLETE, chainId: CHAIN_A });
    expect(await run(db, true, true)).toEqual({ ok: true });
  });

  it('reports the first chain that fails', async () => {
    const db = openMemoryStore();
    await run(db, false, false, [CHAIN_B]);
    const result = await run(db, true, false, [CHAIN_A, CHAIN_B]);
    expect(result).toEqual({ ok: false, message: INDEX_IS_INCOMPLETE, chainId: CHAIN_B });
    if (!result.ok) expect(describeStartupFailure(result)).toMatch(/^index is incomplete but incomplete indices are disabled\. Shutting down \(chain \w+\)$/);
    expect((await readIndexFlags(db, CHAIN_A)).previouslyIndexed).toBe(true);
  });

  it('keeps the flags in LevelDB across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'firn-index-state-'));
    try {
      let db = await openLevelStore(dir);
      expect(await run(db, true)).toEqual({ ok: true });
      await db.close();
      db = await openLevelStore(dir);
      expect(await run(db, false)).toEqual({ ok: false, message: INDEX_WOULD_BECOME_INCOMPLETE, chainId: CHAIN_A });
      await db.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
