/**
 * What each command loads before it runs: `firn node` without activity must not parse the activity generator
 * (viem and its wallets: ~490 modules, ~0.7 s of a node's cold start), and `firn serve` not the node. The modules
 * are src/'s (.ts) or, when it is current, dist/'s (.js): '/src/node/' matches both.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../bin/firn.js');
const dir = mkdtempSync(join(tmpdir(), 'firn-modules-'));
const hooks = join(dir, 'hooks.mjs');
const register = join(dir, 'register.mjs');
writeFileSync(hooks, `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(process.env.FIRN_LOADED_LOG, url + '\\n'); return next(url, context); }
`);
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

/** The module URLs `firn <args>` loads (a command's --help loads its command module and returns). */
async function loaded(args: string[]): Promise<string[]> {
  const log = join(dir, `${args.join('-')}.log`);
  writeFileSync(log, '');
  await promisify(execFile)(process.execPath, ['--import', register, BIN, ...args], { env: { ...process.env, FIRN_LOADED_LOG: log } });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('modules loaded per command', () => {
  it('firn node loads the node, not the activity generator (viem)', async () => {
    const urls = await loaded(['node', '--help']);
    expect(urls.some((u) => /\/src\/cli\/node-command\.(ts|js)$/.test(u))).toBe(true);
    expect(urls.filter((u) => u.includes('/node_modules/viem/') || u.includes('/src/activity/start-activity'))).toEqual([]);
  }, 60_000);

  it('firn serve loads the APIs, not the node', async () => {
    const urls = await loaded(['serve', '--help']);
    expect(urls.some((u) => /\/src\/cli\/serve-command\.(ts|js)$/.test(u))).toBe(true);
    expect(urls.filter((u) => u.includes('/src/node/'))).toEqual([]);
  }, 60_000);
});
