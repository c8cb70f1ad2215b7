import type { HealthCheck } from '../check.js';

export interface DatabaseProbe {
  isClosed(): boolean;
  /** Optional deeper probe (e.g. a read); its error message becomes the check's error. */
  probe?(): Promise<void> | void;
}

/** avalanchego's database check: no details; `closed` once the database is closed. */
export function databaseCheck(db: DatabaseProbe): HealthCheck {
  return async () => {
    if (db.isClosed()) throw new Error('closed');
    await db.probe?.();
    return undefined;
  };
}
