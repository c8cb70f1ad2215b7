/**
 * Ponder, the indexer benchmark's peer, installed on first use into bench/.cache/ponder (not a devDependency:
 * its lock entries carry per-platform binaries that break `npm ci` elsewhere). Versions are pinned so runs compare.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PINNED = { ponder: '1.0.0', hono: '4.13.19', viem: '2.57.20', typescript: '5.9.3' } as const;

export const PONDER_ROOT = resolve(import.meta.dirname, '../.cache/ponder');
export const PONDER_MODULES = join(PONDER_ROOT, 'node_modules');
export const PONDER_BIN = join(PONDER_MODULES, 'ponder/dist/esm/bin/ponder.js');

/** Installs the pinned Ponder once (npm, with its install scripts) and returns its version. */
export function ensurePonder(log: (line: string) => void): string {
  if (!existsSync(PONDER_BIN)) {
    log(`installing ponder ${PINNED.ponder} into ${PONDER_ROOT} (once)…`);
    mkdirSync(PONDER_ROOT, { recursive: true });
    writeFileSync(join(PONDER_ROOT, 'package.json'), JSON.stringify({ name: 'firn-bench-ponder-peer', private: true, type: 'module', dependencies: PINNED }, null, 2));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts=false', '--foreground-scripts=false'], { cwd: PONDER_ROOT, stdio: 'inherit' });
  }
  return (JSON.parse(readFileSync(join(PONDER_MODULES, 'ponder/package.json'), 'utf8')) as { version: string }).version;
}
