import type { Database } from './database.js';
import { PgDatabase } from './pg-database.js';
import { PgliteDatabase } from './pglite-database.js';

/** Where the store lives: a PostgreSQL URL, a PGlite directory, or PGlite in memory (tests). */
export type DatabaseLocation = { url: string } | { directory: string } | { memory: true };

/** `maxConnections`: for a PostgreSQL server, the most connections each of the store's pools opens. */
export async function openDatabase(location: DatabaseLocation, options: { maxConnections?: number } = {}): Promise<Database> {
  if ('url' in location) {
    const db = new PgDatabase(location.url, options);
    await db.query('SELECT 1');
    return db;
  }
  return PgliteDatabase.open('directory' in location ? location.directory : undefined);
}
