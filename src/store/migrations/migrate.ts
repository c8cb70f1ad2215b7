import type { Database } from '../database/database.js';
import { lockKey } from '../database/lock-key.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './index.js';

/** Apply every migration not yet applied, in id order, each in its own transaction. Returns the ids applied. */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  checkOrder(migrations);
  await db.exec(`CREATE TABLE IF NOT EXISTS firn_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      // Several processes may start at once against one server: they take turns, and each applies what is left.
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey('migrations')]);
      const { rows } = await tx.query('SELECT 1 FROM firn_migrations WHERE id = $1', [migration.id]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO firn_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  const { rows } = await db.query<{ id: number }>('SELECT max(id) AS id FROM firn_migrations');
  const newest = migrations.at(-1)?.id ?? 0;
  if ((rows[0]?.id ?? 0) > newest) {
    throw new Error(`the database has schema version ${rows[0]?.id}, newer than this Firn (${newest}); upgrade Firn`);
  }
  return applied;
}

function checkOrder(migrations: readonly Migration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    const previous = migrations[i - 1];
    const current = migrations[i];
    if (previous && current && current.id <= previous.id) throw new Error(`migration ${current.id} is out of order`);
  }
}
