import type { Queryable } from '../../store/database/database.js';
import { listMetricsChains, selectChainScope, type MetricsChain } from '../../store/queries/metrics/chain-scope.js';

/**
 * The EVM chains the Metrics API measures, read from the registry at most every `maxAgeMs` instead of once per
 * request (a chain's row never changes once registered; only new chains appear). A chain id the list does not
 * hold is looked up again at once, so a chain indexed a moment ago answers on its first request; `total`,
 * `mainnet` and `testnet` take up a new chain within `maxAgeMs`. Concurrent reads share one query.
 */
export class ChainListCache {
  #list: { at: number; chains: MetricsChain[] } | undefined;
  #reading: Promise<MetricsChain[]> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs = 1_000,
    /** Milliseconds, monotonic (not the API's controllable clock: a test's frozen clock must not freeze the list). */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Every EVM chain, by EVM chain id (as `listMetricsChains`). */
  async all(): Promise<MetricsChain[]> {
    const list = this.#list;
    if (list && this.clock() - list.at < this.maxAgeMs) return list.chains;
    return this.#read();
  }

  /** The chains a `chainId` path parameter names (see `selectChainScope`); undefined when it names none. */
  async scope(chainId: string): Promise<MetricsChain[] | undefined> {
    const found = selectChainScope(await this.all(), chainId);
    if (found !== undefined || !/^[0-9]{1,19}$/.test(chainId)) return found;
    return selectChainScope(await this.#read(), chainId);
  }

  #read(): Promise<MetricsChain[]> {
    if (this.#reading) return this.#reading;
    const at = this.clock();
    const reading = listMetricsChains(this.db).then((chains) => {
      this.#list = { at, chains };
      return chains;
    }).finally(() => {
      this.#reading = undefined;
    });
    this.#reading = reading;
    return reading;
  }
}
