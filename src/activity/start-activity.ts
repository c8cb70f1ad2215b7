import { silentLog, type Log } from '../lib/log.js';
import { ACTIONS } from './actions.js';
import { ajs } from './avalanchejs.js';
import { deployContracts, fundCUsers } from './c-chain/c-setup.js';
import { EvmClient } from './c-chain/evm-client.js';
import type { ActivityContext, StakingPeriods, TxRef } from './context.js';
import { fundUsers } from './funding.js';
import { JsonRpcClient } from './json-rpc.js';
import { DEFAULT_MNEMONIC, fundedKeys, userActors } from './keys.js';
import { planKinds, resolveWeights, type ActionKind, type MixOverrides } from './mix.js';
import { PWallet } from './p-chain/p-wallet.js';
import { Prng } from './prng.js';
import { XWallet } from './x-chain/x-wallet.js';

export interface ActivityOptions {
  /** The node's base URL, e.g. http://127.0.0.1:9650. */
  url: string;
  /** Seed of every choice (default "firn"): the same seed gives the same sequence of actions. */
  seed?: string;
  /** Actions per second (default 2). An action may send several transactions. */
  rate?: number;
  /** Weights by kind or by group (see mix.ts). */
  mix?: MixOverrides;
  /** Stop after this many actions (default: run until stop()). */
  maxActions?: number;
  /** The node's --mnemonic and --accounts: the funded C-chain dev accounts (defaults: the devnet's). */
  mnemonic?: string;
  accounts?: number;
  /** How many users (seeded keys) act (default 8, at least 2). */
  users?: number;
  /** Staking periods in seconds; the devnet's minimum stake duration is 60 s. */
  staking?: Partial<StakingPeriods>;
  /** Top the users up every this many actions (default 100). */
  fundEvery?: number;
  /** How many recent actions stats.history keeps (default 1000). */
  historySize?: number;
  receiptTimeoutMs?: number;
  log?: Log;
}

export const DEFAULT_STAKING: StakingPeriods = { validator: [300, 900], delegator: [120, 600], subnetValidator: [120, 900] };

export interface ActionRecord {
  index: number;
  kind: ActionKind;
  outcome: 'ok' | 'failed' | 'skipped';
  txs: TxRef[];
  detail?: string;
  error?: string;
  ms: number;
}

export interface ActivityStats {
  seed: string;
  state: 'starting' | 'running' | 'stopped' | 'failed';
  startedAt: number;
  actions: number;
  ok: number;
  failed: number;
  skipped: number;
  byKind: Partial<Record<ActionKind, { ok: number; failed: number; skipped: number }>>;
  /** Transactions sent while setting up (funding, contract deployments). */
  setupTxs: TxRef[];
  /** The most recent actions, oldest first. */
  history: ActionRecord[];
  error?: string;
}

export interface ActivityHandle {
  stats: ActivityStats;
  /** Settles when the generator stops: maxActions reached, stop() called, or setup failed (see stats.error). */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** Kinds that send C-chain transactions (EVM or atomic). */
export const usesCChain = (kind: ActionKind): boolean => kind.startsWith('c.') || /^atomic\.(c-|.-c$)/.test(kind);

/** How often a running generator logs its totals (info). */
const SUMMARY_MS = 60_000;

/** After this many failures in a row the generator slows down (the node may be gone or overloaded). */
const FAILURE_STREAK = 5;

/**
 * Starts the activity generator against a running node: funds its users, deploys its contracts, then takes
 * `rate` actions per second on every chain until stopped. Returns at once; progress is in `stats`.
 */
export function startActivity(options: ActivityOptions): ActivityHandle {
  const log = options.log ?? silentLog;
  const seed = options.seed ?? 'firn';
  const rate = options.rate ?? 2;
  if (!(rate > 0 && rate <= 10_000)) throw new Error('activity rate must be > 0 and ≤ 10000 actions per second');
  const weights = resolveWeights(options.mix);
  const userCount = options.users ?? 8;
  if (!Number.isInteger(userCount) || userCount < 2) throw new Error('the activity generator needs at least 2 users');
  const staking: StakingPeriods = { ...DEFAULT_STAKING, ...options.staking };
  const historySize = options.historySize ?? 1000;
  const fundEvery = options.fundEvery ?? 100;
  const funded = fundedKeys(options.mnemonic ?? DEFAULT_MNEMONIC, options.accounts ?? 10);

  const stats: ActivityStats = { seed, state: 'starting', startedAt: Date.now(), actions: 0, ok: 0, failed: 0, skipped: 0, byKind: {}, setupTxs: [], history: [] };
  let stopping = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(() => { wake = undefined; resolve(); }, ms);
    wake = () => { clearTimeout(timer); wake = undefined; resolve(); };
  });

  const record = (r: ActionRecord) => {
    stats.actions++;
    stats[r.outcome]++;
    const k = (stats.byKind[r.kind] ??= { ok: 0, failed: 0, skipped: 0 });
    k[r.outcome]++;
    stats.history.push(r);
    if (stats.history.length > historySize) stats.history.splice(0, stats.history.length - historySize);
  };

  async function connect(): Promise<ActivityContext> {
    const rpc = new JsonRpcClient(options.url.replace(/\/+$/, ''));
    const ajsContext = await ajs.Context.getContextFromURI(rpc.url);
    const evm = await EvmClient.connect(rpc, options.receiptTimeoutMs);
    const net = {
      networkId: ajsContext.networkID, hrp: ajsContext.hrp, avaxAssetId: ajsContext.avaxAssetID,
      xChainId: ajsContext.xBlockchainID, pChainId: ajsContext.pBlockchainID, cChainId: ajsContext.cBlockchainID, evmChainId: evm.chainId,
    };
    const base = { rpc, net, ajsContext };
    return {
      ...base, log, evm, funded, staking,
      x: new XWallet(base), p: new PWallet(base), cAvax: new ajs.evm.EVMApi(rpc.url),
      users: userActors(seed, userCount),
      world: { usedSalts: [], collectibleIds: [], multiTokenIds: [], subnets: [], xAssets: [], nftFamilies: [], validators: [] },
      cAtomic: undefined,
    };
  }

  /** Funds the users on the C-chain and deploys the contracts (once). */
  async function setUpCChain(ctx: ActivityContext): Promise<void> {
    stats.setupTxs.push(...(await fundCUsers(ctx)));
    const { contracts, txs } = await deployContracts(ctx);
    stats.setupTxs.push(...txs);
    ctx.world.contracts = contracts;
  }

  async function run(): Promise<void> {
    const ctx = await connect();
    if (stopping) return;
    // The C-chain part of the setup waits until the C-chain mines (see usesCChain below).
    stats.setupTxs.push(...(await fundUsers(ctx, false)));
    if (stopping) return;
    if (await ctx.evm.mines()) await setUpCChain(ctx);
    stats.state = 'running';
    log.info('activity generator running', { seed, rate, users: ctx.users.length, router: ctx.world.contracts?.router });

    const root = Prng.from(seed);
    const plan = planKinds(seed, weights);
    const interval = 1000 / rate;
    let start = performance.now();
    let streak = 0;
    let summaryAt = Date.now();
    for (let i = 0; !stopping && (options.maxActions === undefined || i < options.maxActions); i++) {
      const due = start + i * interval;
      const now = performance.now();
      if (now > due + 10 * interval) start = now - i * interval; // fell behind: carry on at the rate, no burst
      else if (due > now) await sleep(due - now);
      if (stopping) break;
      if (Date.now() - summaryAt >= SUMMARY_MS) {
        summaryAt = Date.now();
        log.info('activity', { actions: stats.actions, ok: stats.ok, failed: stats.failed, skipped: stats.skipped });
      }
      if (i > 0 && i % fundEvery === 0) {
        await fundUsers(ctx, ctx.world.contracts !== undefined && (await ctx.evm.mines().catch(() => false))).catch((e: unknown) => log.warn('activity: topping up the users failed', { error: String(e) }));
      }
      const kind = plan.next().value as ActionKind;
      const began = performance.now();
      try {
        if (usesCChain(kind) && !(await ctx.evm.mines())) {
          record({ index: i, kind, outcome: 'skipped', txs: [], detail: 'the C-chain mines only on request (--no-mining)', ms: performance.now() - began });
          continue;
        }
        if (usesCChain(kind) && !ctx.world.contracts) await setUpCChain(ctx);
        const r = await ACTIONS[kind](ctx, root.fork(`action/${i}`));
        record({ index: i, kind, outcome: r.skipped ? 'skipped' : 'ok', txs: r.txs, ...(r.detail ? { detail: r.detail } : {}), ms: performance.now() - began });
        log.debug(`activity: ${kind}${r.skipped ? ' skipped' : ''}`, { index: i, detail: r.detail, txs: r.txs.map((t) => `${t.chain}:${t.id}`) });
        streak = 0;
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        record({ index: i, kind, outcome: 'failed', txs: [], error, ms: performance.now() - began });
        log.warn(`activity: ${kind} failed`, { index: i, error });
        if (++streak >= FAILURE_STREAK && !stopping) await sleep(Math.min(30_000, 1000 * 2 ** (streak - FAILURE_STREAK)));
      }
    }
  }

  const done = run().then(
    () => {
      stats.state = 'stopped';
    },
    (e: unknown) => {
      stats.state = 'failed';
      stats.error = e instanceof Error ? e.message : String(e);
      log.error('activity generator stopped', { error: stats.error });
    },
  );

  return {
    stats,
    done,
    async stop() {
      stopping = true;
      wake?.();
      await done;
    },
  };
}
