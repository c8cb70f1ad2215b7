import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The page-token secret stored in `file`, created (32 random bytes, hex, mode 0600) when absent, so
 * tokens survive restarts. Replicas behind one load balancer must share a secret: give them the same
 * file or the same configured secret.
 */
export function loadOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (e) {
    // Another process created it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      const raced = readSecret(file);
      if (raced !== undefined) return raced;
    }
    throw e;
  }
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const secret = text.trim();
  if (secret.length < 16) throw new Error(`page token secret in ${file} is too short (at least 16 characters)`);
  return secret;
}
