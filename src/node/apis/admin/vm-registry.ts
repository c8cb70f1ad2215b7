import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { idFromString, idToString } from '../../../lib/cb58.js';
import { goFsError } from './go-fs-error.js';

/** A VM ID is the 32-byte zero-padded ASCII of its short name (constants.go in each VM). */
function shortNameId(name: string): Uint8Array {
  const id = new Uint8Array(32);
  id.set(new TextEncoder().encode(name));
  return id;
}

export const VM_IDS = {
  platform: new Uint8Array(32),
  avm: shortNameId('avm'),
  evm: shortNameId('evm'),
  /** srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy */
  subnetEvm: shortNameId('subnetevm'),
} as const;

/**
 * VM aliases known at start-up: AvalancheGo's genesis VM aliases (genesis/aliases.go GetVMAliases,
 * including the fx IDs) plus `subnet-evm`, so a plugin file named `subnet-evm` resolves to Subnet-EVM's ID.
 */
export const DEFAULT_VM_ALIASES: readonly [Uint8Array, readonly string[]][] = [
  [VM_IDS.platform, ['platform']],
  [VM_IDS.avm, ['avm']],
  [VM_IDS.evm, ['evm']],
  [shortNameId('secp256k1fx'), ['secp256k1fx']],
  [shortNameId('nftfx'), ['nftfx']],
  [shortNameId('propertyfx'), ['propertyfx']],
  [VM_IDS.subnetEvm, ['subnet-evm']],
];

/** How a registered VM is run: built into the node, or a plugin file in the plugin dir. */
export type VmSource = { kind: 'builtin' } | { kind: 'plugin'; path: string };

export interface LoadVMsResult {
  /** New VM IDs with their aliases (minus the ID itself), keys sorted. */
  newVMs: Record<string, string[]>;
  /** Present only when some VM failed to register. */
  failedVMs?: Record<string, string>;
}

/**
 * AvalancheGo's VM manager + registry (vms/manager.go, vms/registry): VM aliases, registered VMs, and
 * `reload`, which scans the plugin directory for VMs not registered yet. Running a plugin is out of
 * scope here: a plugin is recorded with its path.
 */
export class VmRegistry {
  private readonly dealias = new Map<string, Uint8Array>();
  private readonly aliasesOf = new Map<string, string[]>();
  private readonly registered = new Map<string, VmSource>();

  constructor(opts: { aliases?: readonly [Uint8Array, readonly string[]][]; builtin?: readonly Uint8Array[] } = {}) {
    for (const [id, aliases] of opts.aliases ?? DEFAULT_VM_ALIASES) for (const a of aliases) this.alias(id, a);
    for (const id of opts.builtin ?? [VM_IDS.platform, VM_IDS.avm, VM_IDS.evm]) this.register(id, { kind: 'builtin' });
  }

  alias(id: Uint8Array, alias: string): void {
    if (this.dealias.has(alias)) throw new Error(`alias already mapped to an ID: ${alias}`);
    this.dealias.set(alias, id.slice());
    const key = idToString(id);
    this.aliasesOf.set(key, [...(this.aliasesOf.get(key) ?? []), alias]);
  }

  lookup(alias: string): Uint8Array {
    const id = this.dealias.get(alias);
    if (!id) throw new Error(`there is no ID with alias: ${alias}`);
    return id.slice();
  }

  aliases(id: Uint8Array): string[] {
    return [...(this.aliasesOf.get(idToString(id)) ?? [])];
  }

  /** RegisterFactory: the VM's own ID string becomes one of its aliases. */
  register(id: Uint8Array, source: VmSource): void {
    const key = idToString(id);
    if (this.registered.has(key)) throw new Error(`"${key}" was already registered as a vm`);
    this.alias(id, key);
    this.registered.set(key, source);
  }

  source(id: Uint8Array): VmSource | undefined {
    return this.registered.get(idToString(id));
  }

  /** Registered VM IDs (cb58), sorted. */
  list(): string[] {
    return [...this.registered.keys()].sort();
  }

  /**
   * admin.loadVMs: every non-directory entry of pluginDir names a VM by alias or cb58 ID; those not yet
   * registered are registered. A name that is neither fails the whole call, as in AvalancheGo.
   */
  async reload(pluginDir: string): Promise<LoadVMsResult> {
    let entries;
    try {
      entries = await readdir(pluginDir, { withFileTypes: true });
    } catch (e) {
      throw goFsError(e);
    }
    const found = new Map<string, { id: Uint8Array; path: string }>();
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isDirectory() || entry.name.length === 0) continue;
      const id = this.resolve(entry.name);
      const key = idToString(id);
      if (this.registered.has(key)) continue;
      found.set(key, { id, path: join(pluginDir, entry.name) });
    }

    const newVMs: Record<string, string[]> = {};
    const failedVMs: Record<string, string> = {};
    for (const key of [...found.keys()].sort()) {
      const { id, path } = found.get(key)!;
      try {
        this.register(id, { kind: 'plugin', path });
        newVMs[key] = this.aliases(id).filter((a) => a !== key);
      } catch (e) {
        failedVMs[key] = (e as Error).message;
      }
    }
    return Object.keys(failedVMs).length > 0 ? { newVMs, failedVMs } : { newVMs };
  }

  private resolve(name: string): Uint8Array {
    const aliased = this.dealias.get(name);
    if (aliased) return aliased.slice();
    try {
      return idFromString(name);
    } catch {
      throw new Error(`invalid vmID: ${JSON.stringify(name)}`);
    }
  }
}
