import { silentLog, type Log } from '../../lib/log.js';
import { JsonRpcClient, type JsonRpcClientOptions } from './json-rpc-client.js';
import { isEvmChain, probeEvmChain, type DiscoveredChain, type PlatformBlockchain } from './node-discovery.js';

export interface ChainWatcherOptions {
  /** The node's base URL (http://host:9650). */
  nodeUrl: string;
  /** Blockchain ids (cb58) already followed, or deliberately left out: never reported. */
  known: Iterable<string>;
  /** Called once for each EVM chain the node starts serving; a rejection is logged and the chain retried. */
  onChain: (chain: DiscoveredChain) => Promise<void>;
  /** Re-discovery interval when nothing pokes the watcher (chains created before a poke, chains started late). */
  intervalMs?: number;
  log?: Log;
  rpc?: JsonRpcClientOptions;
}

const sleep = (ms: number, signal: AbortSignal, wake: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.removeEventListener('abort', done);
      resolve();
    }
    if (signal.aborted || wake.aborted) return done();
    signal.addEventListener('abort', done, { once: true });
    wake.addEventListener('abort', done, { once: true });
  });

/**
 * Finds EVM chains (subnet-EVM L1s) a node starts serving after the indexer started: each round lists the
 * P-chain's blockchains (platform.getBlockchains) and probes the EVM ones not seen yet with eth_chainId. Rounds run
 * every `intervalMs`, and at once when poked (the P-chain stream committed a CreateChainTx). A chain the P-chain
 * lists but the node does not serve yet (AvalancheGo starts chains asynchronously; an untracked subnet) is probed
 * again soon, backing off to the usual interval.
 */
export class ChainWatcher {
  private readonly known: Set<string>;
  private readonly intervalMs: number;
  private readonly log: Log;
  private readonly platform: JsonRpcClient;
  private wake = new AbortController();
  /** Chains the P-chain lists that the node did not serve yet, with how many rounds found them so. */
  private readonly unserved = new Map<string, number>();

  constructor(private readonly options: ChainWatcherOptions) {
    this.known = new Set(options.known);
    this.intervalMs = options.intervalMs ?? 5000;
    this.log = options.log ?? silentLog;
    this.platform = new JsonRpcClient(`${options.nodeUrl.replace(/\/+$/, '')}/ext/bc/P`, { retries: 1, ...options.rpc, maxBatchSize: 1 });
  }

  /** Run a round now (or right after the one in progress). */
  poke(): void {
    this.wake.abort();
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      this.wake = new AbortController();
      try {
        await this.round();
      } catch (error) {
        this.log.warn('chain discovery failed; retrying', { node: this.options.nodeUrl, error: (error as Error).message });
      }
      await sleep(this.nextDelayMs(), signal, this.wake.signal);
    }
  }

  /** A chain just created is probed again soon (250 ms, doubling), one never served at the usual interval. */
  private nextDelayMs(): number {
    let delay = this.intervalMs;
    for (const misses of this.unserved.values()) delay = Math.min(delay, 250 * 2 ** Math.min(misses - 1, 16));
    return delay;
  }

  /** One discovery round; returns the chains reported. */
  async round(): Promise<DiscoveredChain[]> {
    const { blockchains } = await this.platform.call<{ blockchains: PlatformBlockchain[] | null }>('platform.getBlockchains', {});
    const found: DiscoveredChain[] = [];
    for (const chain of (blockchains ?? []).filter((c) => isEvmChain(c) && !this.known.has(c.id))) {
      const evm = await probeEvmChain(this.options.nodeUrl, chain, false);
      if (!evm) {
        this.unserved.set(chain.id, (this.unserved.get(chain.id) ?? 0) + 1);
        continue;
      }
      try {
        await this.options.onChain(evm);
      } catch (error) {
        this.log.error('could not start following a new chain', { blockchainId: chain.id, error: (error as Error).message });
        continue;
      }
      this.known.add(chain.id);
      this.unserved.delete(chain.id);
      found.push(evm);
    }
    return found;
  }
}
