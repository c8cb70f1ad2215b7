import { idToString } from '../../../lib/cb58.js';

/**
 * AvalancheGo's aliaser (ids/aliases.go) as used by the chain manager: an ID can have many aliases, an
 * alias names one ID. Aliases keep their registration order; the first is the primary alias (`P`, `X`,
 * `C`), which names the chain's logger and health check.
 */
export class ChainAliasRegistry {
  private readonly dealias = new Map<string, Uint8Array>();
  private readonly byId = new Map<string, string[]>();

  /**
   * Registers a chain the way the node does when it creates one: its genesis aliases (e.g. `X`, `avm`),
   * then its own cb58 ID as an alias, so the ID resolves through `lookup` too.
   */
  addChain(id: Uint8Array, genesisAliases: readonly string[] = []): void {
    for (const a of genesisAliases) this.alias(id, a);
    this.alias(id, idToString(id));
  }

  alias(id: Uint8Array, alias: string): void {
    if (this.dealias.has(alias)) throw new Error(`alias already mapped to an ID: ${alias}`);
    this.dealias.set(alias, id.slice());
    const key = idToString(id);
    const list = this.byId.get(key);
    if (list) list.push(alias);
    else this.byId.set(key, [alias]);
  }

  /** The ID behind an alias (an ID string is an alias of a registered chain). */
  lookup(alias: string): Uint8Array {
    const id = this.dealias.get(alias);
    if (!id) throw new Error(`there is no ID with alias: ${alias}`);
    return id.slice();
  }

  /** Aliases in registration order, or null when the ID has none (AvalancheGo replies `"aliases":null`). */
  aliases(id: Uint8Array): string[] | null {
    const list = this.byId.get(idToString(id));
    return list ? [...list] : null;
  }

  primaryAlias(id: Uint8Array): string {
    const first = this.byId.get(idToString(id))?.[0];
    if (first === undefined) throw new Error(`there is no alias for ID: ${idToString(id)}`);
    return first;
  }

  primaryAliasOrDefault(id: Uint8Array): string {
    return this.byId.get(idToString(id))?.[0] ?? idToString(id);
  }

  removeAliases(id: Uint8Array): void {
    const key = idToString(id);
    for (const a of this.byId.get(key) ?? []) this.dealias.delete(a);
    this.byId.delete(key);
  }
}
