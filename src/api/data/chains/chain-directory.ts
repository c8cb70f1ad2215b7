import { idFromString } from '../../../lib/cb58.js';
import { ZERO_ID_STRING } from '../../../lib/networks.js';
import type { Queryable } from '../../../store/database/database.js';
import { chainHasIndexedBlocks, chainsWithIndexedBlocks } from '../../../store/queries/evm-api/indexed-chains.js';
import { listChains, listNetworks, type ChainRef, type NetworkRef } from '../../../store/registry.js';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../http/errors/http-errors.js';
import { sameBytes } from '../../../lib/bytes.js';

/** The network names of the real service (`testnet` ≡ `fuji`). */
export const PUBLIC_NETWORK_NAMES = ['mainnet', 'fuji', 'testnet'] as const;

/** ChainStatus: OK once the chain has indexed blocks, UNAVAILABLE before (requests for its data answer 503). */
export type ChainStatus = 'OK' | 'UNAVAILABLE';

export interface ChainDirectoryOptions {
  /**
   * Extra names a network answers to, e.g. `{fuji: 'local'}` so that code written for Fuji runs against a
   * local devnet. Keys are requested names, values store network names. `testnet` follows `fuji`.
   */
  networkAliases?: Record<string, string>;
  /** How often the registry may be re-read when a name is not found (new chains appear while serving). */
  refreshIntervalMs?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

interface Snapshot {
  networks: NetworkRef[];
  chains: ChainRef[];
  readAt: number;
}

const PRIMARY_SUBNET = idFromString(ZERO_ID_STRING);
const CB58_ID = /^[1-9A-HJ-NP-Za-km-z]{32,60}$/;
const EVM_CHAIN_ID = /^[0-9]{1,19}$/;


/** Whether an EVM chain is the primary network's C-chain (the EVM chain of the primary subnet). */
export function isCChain(chain: ChainRef): boolean {
  return chain.vm === 'evm' && sameBytes(chain.subnetId, PRIMARY_SUBNET);
}

/**
 * The networks and chains of the store as the Data API's parameters name them: `network` (mainnet, fuji,
 * testnet, each indexed network by its own name, configured aliases), EVM `chainId` (EVM chain id or cb58
 * blockchain id) and primary-network `blockchainId` (cb58 id or p-chain/x-chain/c-chain). The registry is
 * cached; an unknown name re-reads it at most once per refresh interval. Chain status is cached once OK
 * (indexing never un-indexes a chain).
 */
export class ChainDirectory {
  readonly #db: Queryable;
  readonly #aliases: Map<string, string>;
  readonly #refreshMs: number;
  readonly #now: () => number;
  #snapshot: Promise<Snapshot> | undefined;
  readonly #indexed = new Set<number>();

  constructor(db: Queryable, options: ChainDirectoryOptions = {}) {
    this.#db = db;
    this.#aliases = new Map(Object.entries(options.networkAliases ?? {}));
    if (this.#aliases.has('fuji') && !this.#aliases.has('testnet')) this.#aliases.set('testnet', this.#aliases.get('fuji')!);
    this.#refreshMs = options.refreshIntervalMs ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  async #read(): Promise<Snapshot> {
    const [networks, chains] = await Promise.all([listNetworks(this.#db), listChains(this.#db)]);
    return { networks, chains, readAt: this.#now() };
  }

  /** The registry, re-read when `fresh` is asked for and the cached copy is older than the refresh interval. */
  async #registry(fresh = false): Promise<Snapshot> {
    if (this.#snapshot) {
      const current = await this.#snapshot.catch(() => undefined);
      if (current && (!fresh || this.#now() - current.readAt < this.#refreshMs)) return current;
    }
    const next = this.#read();
    this.#snapshot = next;
    return next;
  }

  /** Looks something up in the cached registry; on a miss, once more in a fresh copy. */
  async #find<T>(pick: (s: Snapshot) => T | undefined): Promise<T | undefined> {
    const found = pick(await this.#registry());
    return found !== undefined ? found : pick(await this.#registry(true));
  }

  /** The store network a requested name means, or undefined (not indexed, or not a network name). */
  async network(name: string): Promise<NetworkRef | undefined> {
    const target = this.#aliases.get(name) ?? (name === 'testnet' ? 'fuji' : name);
    return this.#find((s) => s.networks.find((n) => n.name === target));
  }

  /** Every name `network` accepts: the real service's, the indexed networks' and the configured aliases. */
  async networkNames(): Promise<string[]> {
    const { networks } = await this.#registry(true);
    return [...new Set<string>([...PUBLIC_NETWORK_NAMES, ...networks.map((n) => n.name), ...this.#aliases.keys()])];
  }

  /**
   * The network a `network` parameter names: undefined for a valid name that is not indexed here
   * (e.g. mainnet on a devnet server); a 400 for a name that is not a network at all.
   */
  async networkParam(name: string): Promise<NetworkRef | undefined> {
    const network = await this.network(name);
    if (network) return network;
    const names = await this.networkNames();
    if (!names.includes(name)) throw new BadRequestError(`network must be one of the following values: ${names.join(', ')}`);
    return undefined;
  }

  /** Every chain of the store (all VMs), in registry order (at most one refresh interval old). */
  async allChains(): Promise<ChainRef[]> {
    return (await this.#registry(true)).chains;
  }

  /**
   * The EVM chain an EVM route's `chainId` names (EVM chain id or cb58 blockchain id): 400 when it is
   * neither, 404 when no indexed EVM chain has it. When networks share an EVM chain id, the first
   * registered wins (name it by blockchain id to choose).
   */
  async evmChain(chainId: string): Promise<ChainRef> {
    let match: (c: ChainRef) => boolean;
    if (EVM_CHAIN_ID.test(chainId)) {
      const id = BigInt(chainId);
      match = (c) => c.evmChainId === id;
    } else if (CB58_ID.test(chainId)) {
      let blockchainId: Uint8Array;
      try {
        blockchainId = idFromString(chainId);
      } catch {
        throw new BadRequestError(`Invalid chainId ${chainId}: expected an EVM chain id (e.g. 43114) or a blockchain id (cb58)`);
      }
      match = (c) => sameBytes(c.blockchainId, blockchainId);
    } else {
      throw new BadRequestError(`Invalid chainId ${chainId}: expected an EVM chain id (e.g. 43114) or a blockchain id (cb58)`);
    }
    const chain = await this.#find((s) => s.chains.find((c) => c.vm === 'evm' && match(c)));
    if (!chain) throw new NotFoundError(`Chain ${chainId} is not supported: use an EVM chain id or blockchain id listed by /v1/chains`);
    return chain;
  }

  /**
   * The primary-network chain a `blockchainId` parameter names within `network`: `p-chain`, `x-chain`,
   * `c-chain`, or a cb58 blockchain id of one of them. Undefined when the network has no such chain.
   */
  async primaryChain(network: NetworkRef, blockchainId: string): Promise<ChainRef | undefined> {
    const inNetwork = (s: Snapshot) => s.chains.filter((c) => c.network.id === network.id);
    const alias = blockchainId.toLowerCase();
    if (alias === 'p-chain') return this.#find((s) => inNetwork(s).find((c) => c.vm === 'platform'));
    if (alias === 'x-chain') return this.#find((s) => inNetwork(s).find((c) => c.vm === 'avm'));
    if (alias === 'c-chain') return this.#find((s) => inNetwork(s).find(isCChain));
    let id: Uint8Array;
    try {
      id = idFromString(blockchainId);
    } catch {
      return undefined;
    }
    return this.#find((s) => inNetwork(s).find((c) => sameBytes(c.blockchainId, id) && (c.vm !== 'evm' || isCChain(c))));
  }

  /** Status of every chain of the store. */
  async statuses(): Promise<Map<number, ChainStatus>> {
    let { chains } = await this.#registry();
    // OK is final: the store is asked only while some chain is not known to be indexed.
    if (chains.some((c) => !this.#indexed.has(c.id))) {
      const indexed = await chainsWithIndexedBlocks(this.#db);
      for (const id of indexed) this.#indexed.add(id);
      ({ chains } = await this.#registry());
    }
    return new Map(chains.map((c) => [c.id, this.#indexed.has(c.id) ? 'OK' : 'UNAVAILABLE']));
  }

  async status(chain: ChainRef): Promise<ChainStatus> {
    if (this.#indexed.has(chain.id)) return 'OK';
    if (await chainHasIndexedBlocks(this.#db, chain.id)) {
      this.#indexed.add(chain.id);
      return 'OK';
    }
    return 'UNAVAILABLE';
  }

  /** A 503 unless the chain's data can be served (its status is OK). */
  async requireAvailable(chain: ChainRef, label: string): Promise<void> {
    if ((await this.status(chain)) !== 'OK') throw ServiceUnavailableError.chain(label, 'no block of it has been indexed yet');
  }
}
