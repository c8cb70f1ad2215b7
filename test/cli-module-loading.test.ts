/**
 * What each command loads before it runs: `firn node` without activity must not parse the activity generator
 * (viem and its wallets: ~490 modules, ~0.7 s of a node's cold start), and `firn serve` not the node. The modules
 * are src/'s (.ts) or, when it is current, dist/'s (.js): '/src/node/' matches both.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleLoadRecorder } from './helpers/loaded-modules.js';

const BIN = resolve(import.meta.dirname, '../bin/firn.js');
const recorder = moduleLoadRecorder();

/** The module URLs `firn <args>` loads (a command's --help loads its command module and returns). */
const loaded = async (args: string[]): Promise<string[]> => (await recorder.run(BIN, args)).urls;

afterAll(() => recorder.close());

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
