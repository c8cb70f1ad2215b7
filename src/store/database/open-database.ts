import type { Database } from './database.js';
import { PgDatabase, type PgDatabaseOptions } from './pg-database.js';
import { PgliteDatabase } from './pglite-database.js';

/** Where the store lives: a PostgreSQL URL, a PGlite directory, or PGlite in memory (tests). */
export type DatabaseLocation = { url: string } | { directory: string } | { memory: true };

/** `options`: for a PostgreSQL server, how the store's pools open and keep connections (PgDatabaseOptions). */
export async function openDatabase(location: DatabaseLocation, options: Pick<PgDatabaseOptions, 'maxConnections' | 'keepConnections'> = {}): Promise<Database> {
  if ('url' in location) {
    const db = new PgDatabase(location.url, options);
    await db.query('SELECT 1');
    return db;
  }
  return PgliteDatabase.open('directory' in location ? location.directory : undefined);
}
