import { availableParallelism } from 'node:os';

/** Connections per pool when nothing says otherwise, as `pg` and earlier Firn used. */
export const DEFAULT_POOL_SIZE = 8;
const MAX_POOL_SIZE = 100;

/**
 * FIRN_PG_POOL_SIZE: the most connections each of a process's two pools opens (an integer from 1 to 100), or
 * undefined when it is not set. Anything else is an error, reported at start rather than guessed around.
 */
export function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.FIRN_PG_POOL_SIZE?.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_POOL_SIZE) throw new Error(`FIRN_PG_POOL_SIZE must be an integer from 1 to ${MAX_POOL_SIZE}, got ${JSON.stringify(raw)}`);
  return n;
}

/** Whether a connection string names a server on this machine (loopback or a Unix socket). */
export function isLocalServer(connectionString: string): boolean {
  let host: string;
  try {
    const url = new URL(connectionString);
    host = decodeURIComponent(url.hostname || url.searchParams.get('host') || '');
  } catch {
    return false;
  }
  if (host === '' || host.startsWith('/')) return true; // libpq's default and socket directories
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Connections per pool for a process that serves the APIs: FIRN_PG_POOL_SIZE when set; for a server on this
 * machine, one per core (2 to 8), since PostgreSQL's backends then share the cores with the API and more of them
 * than cores only add switching between them (2 cores, 50 connections of first-time lookups: pools of 2 against 8
 * spent a half to two thirds of the database CPU a request and answered 15–40 % more); otherwise 8.
 */
export function servePoolSize(connectionString: string, cores = availableParallelism(), env: NodeJS.ProcessEnv = process.env): number {
  const set = poolSizeFromEnv(env);
  if (set !== undefined) return set;
  return isLocalServer(connectionString) ? Math.min(DEFAULT_POOL_SIZE, Math.max(2, cores)) : DEFAULT_POOL_SIZE;
}
