import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Marks a complete PostgreSQL data directory (PGlite runs initdb when it is missing). */
const MARKER = 'PG_VERSION';

const INITDB_SCRIPT = `
const [url, dir] = process.argv.slice(1);
const { PGlite } = await import(url);
const db = await PGlite.create(dir);
await db.close();
`;

/**
 * Creates PGlite's data directory in `dataDir` unless it holds one. initdb runs in a child process: it grows
 * the WebAssembly heap to ~900 MB, which a process keeps for its lifetime, while opening an existing
 * directory peaks at ~300 MB — so the indexer's peak RSS stays that of its own work.
 * The directory is made in a sibling staging directory and moved in with PG_VERSION last, so a process
 * killed part-way leaves no PG_VERSION and the next start makes it again.
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, MARKER))) return;
  const staging = `${dataDir}.initdb`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT, import.meta.resolve('@electric-sql/pglite'), staging], (error, _stdout, stderr) => {
        if (error) reject(new Error(`PGlite initdb for ${dataDir} failed: ${stderr.trim() || error.message}`));
        else resolve();
      });
    });
    mkdirSync(dataDir, { recursive: true });
    const names = readdirSync(staging).filter((name) => name !== MARKER);
    for (const name of [...names, MARKER]) {
      // an entry left by an earlier attempt that was killed while moving
      rmSync(join(dataDir, name), { recursive: true, force: true });
      renameSync(join(staging, name), join(dataDir, name));
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
