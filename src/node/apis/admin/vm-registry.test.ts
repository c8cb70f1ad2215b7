import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToString } from '../../../lib/cb58.js';
import { VM_IDS, VmRegistry } from './vm-registry.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function pluginDir(files: string[]): string {
  const d = mkdtempSync(join(tmpdir(), 'firn-plugins-'));
  dirs.push(d);
  for (const f of files) writeFileSync(join(d, f), '');
  return d;
}

describe('VmRegistry', () => {
  it('knows the built-in VM IDs and their aliases', () => {
    expect(idToString(VM_IDS.platform)).toBe('11111111111111111111111111111111LpoYY');
    expect(idToString(VM_IDS.avm)).toBe('jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq');
    expect(idToString(VM_IDS.evm)).toBe('mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6');
    expect(idToString(VM_IDS.subnetEvm)).toBe('srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy');
    const r = new VmRegistry();
    expect(r.aliases(VM_IDS.avm)).toEqual(['avm', idToString(VM_IDS.avm)]);
    expect(r.lookup('platform')).toEqual(VM_IDS.platform);
    expect(r.source(VM_IDS.evm)).toEqual({ kind: 'builtin' });
    expect(r.source(VM_IDS.subnetEvm)).toBeUndefined();
    expect(() => r.register(VM_IDS.evm, { kind: 'builtin' })).toThrow(`"${idToString(VM_IDS.evm)}" was already registered as a vm`);
  });

  it('records plugins with their path', async () => {
    const r = new VmRegistry();
    const dir = pluginDir(['subnet-evm']);
    expect(await r.reload(dir)).toEqual({ newVMs: { [idToString(VM_IDS.subnetEvm)]: ['subnet-evm'] } });
    expect(r.source(VM_IDS.subnetEvm)).toEqual({ kind: 'plugin', path: join(dir, 'subnet-evm') });
    expect(r.list()).toContain(idToString(VM_IDS.subnetEvm));
  });

  it('reports VMs that fail to register under failedVMs', async () => {
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    // b holds a's ID string as an alias, so registering a (which aliases a to its own ID) fails.
    const r = new VmRegistry({ aliases: [[a, ['vm-a']], [b, [idToString(a)]]], builtin: [] });
    expect(await r.reload(pluginDir(['vm-a']))).toEqual({
      newVMs: {},
      failedVMs: { [idToString(a)]: `alias already mapped to an ID: ${idToString(a)}` },
    });
  });

  it('fails on names that are neither aliases nor IDs, and on a missing dir', async () => {
    const r = new VmRegistry();
    await expect(r.reload(pluginDir(['.hidden']))).rejects.toThrow('invalid vmID: ".hidden"');
    await expect(r.reload('/nonexistent/plugins')).rejects.toThrow('open /nonexistent/plugins: no such file or directory');
  });
});
