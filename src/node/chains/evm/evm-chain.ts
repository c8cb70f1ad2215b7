import type { Common, StateManagerInterface } from '@ethereumjs/common';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { Address, setLengthLeft } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import { ClientError } from '../../../lib/errors.js';
import { bytesToHex, hexOf } from '../../../lib/hex.js';
import type { KvOp, KvStore } from '../../storage/kv.js';
import type { BlockAcceptor, EvmLog } from './acceptor.js';
import type { ExtDataBuilder } from './block-builder.js';
import { BlockStore, type StoredBlock, type TxLocation } from './block-store.js';
import { type CallRequest, RPC_GAS_CAP, estimateWith, revertError, runCall } from './call.js';
import { type ChainRules, corethRules } from './chain-rules.js';
import { createEvmCommon } from './crypto.js';
import { DEVNET_FEE_CONFIG, type FeeConfig } from './fees.js';
import { GasOracle } from './gas-oracle.js';
import { parseGenesis } from './genesis.js';
import { ensureBlockLayout } from './block-layout.js';
import { EvmKeys } from './keys.js';
import { Mutex } from '../../../lib/mutex.js';
import type { StoredReceipt } from './receipts.js';
import { openReadState, openState } from './state.js';
import { CallState, ContentReads } from './call-state.js';
import './jump-analysis-cache.js';
import { TxPool, type PoolTx } from './tx-pool.js';
import type { DevnetAccess } from './controls/access.js';
import { BlockClock } from './controls/block-clock.js';
import { restoreHeadRoot } from './controls/head-root.js';
import { recordPreimages } from './controls/preimages.js';
import { TxRejected, checkTxFee, decodeRawTx, validateStateless, validateWithState } from './tx-validation.js';
import { ScratchDb, TrieDb } from './trie-db.js';
import { CallRecorder } from './tracing/call-recorder.js';
import { warpPredicatesOf } from './warp/warp-predicates.js';

export type MiningMode = 'auto' | 'interval' | 'manual';

export interface EvmChainOptions {
  db: KvStore;
  blockchainId: Uint8Array;
  genesisJson: string;
  acceptor: BlockAcceptor;
  log: EvmLog;
  /** Wall clock in ms (tests pass a fake one). */
  now?: () => number;
  mining?: { mode: MiningMode; intervalMs?: number };
  /** ACP-176 parameters; default: the devnet's high target (fees at their 1 wei floor). Ignored with `rules`. */
  fees?: FeeConfig;
  /** The chain's rules; default: the C-chain's (coreth) with `fees`. */
  rules?: ChainRules;
}

export type BlockListener = (block: StoredBlock, receipts: StoredReceipt[]) => void;
/** Data derived from accepted blocks, written in the chain's own batches (the warp backend's messages). */
export interface AcceptWriter {
  /** Writes for the block's accept batch (read under the block-building lock); may throw to fail the accept. */
  acceptOps(block: StoredBlock, receipts: readonly StoredReceipt[]): Promise<KvOp[]>;
  /** Writes forgetting what the blocks above `height` added, for a devnet rewind's batch. */
  rewindOps(height: bigint): Promise<KvOp[]>;
}

/** What rides in each block besides its EVM txs: coreth's atomic txs in the block's extra data. */
export interface BlockExtension {
  /** Work is waiting for a block: automine builds one even without EVM txs. */
  hasPending(): boolean;
  build: ExtDataBuilder;
  /** Writes for the batch that accepts the block just built (after `build`). */
  acceptOps(block: StoredBlock): Promise<KvOp[]>;
  /** The block just built is accepted and durable. */
  accepted(block: StoredBlock): void;
  /** The block just built (or being built) will not be accepted. */
  abandoned(): void;
  /** Writes that undo what the blocks above `height` did outside the EVM state, for a devnet rewind's batch. */
  rewindOps(height: bigint): Promise<KvOp[]>;
}
/** Called when a tx enters the pool (eth_subscribe newPendingTransactions, pending-tx filters). */
export type PendingTxListener = (ptx: PoolTx) => void;

/** A tx as found: either mined (with its block location and receipt) or pending in the pool. */
export interface FoundTx {
  tx: TypedTransaction;
  raw: Uint8Array;
  from: Uint8Array;
  location?: TxLocation;
  block?: StoredBlock;
  receipt?: StoredReceipt;
}

const hex = (b: Uint8Array) => hexOf(b);

/**
 * The C-chain's EVM: state, execution, block building and the accepted chain. Blocks are built one at a
 * time under a lock, handed to the acceptor with every write they need, and become the head only once the
 * acceptor's batch is durable.
 */
export class EvmChain {
  private readonly pool = new TxPool();
  private readonly lock: Mutex;
  private readonly listeners = new Set<BlockListener>();
  private readonly acceptWriters = new Set<AcceptWriter>();
  private readonly rewindListeners = new Set<(height: bigint) => void>();
  /** The head's state root after devnet state edits (anvil_setBalance, ...), when it differs from its header's. */
  private headOverride: { hash: Uint8Array; root: Uint8Array } | undefined;
  /** The node clock and block timestamps under devnet control (evm_increaseTime, evm_setNextBlockTimestamp). */
  readonly clock: BlockClock;
  private readonly pendingListeners = new Set<PendingTxListener>();
  private mode: MiningMode = 'auto';
  private intervalMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private automineRequest: Promise<StoredBlock[]> | undefined;
  private closed = false;
  private extension: BlockExtension | undefined;
  /** eth_maxPriorityFeePerGas / eth_gasPrice suggestions. */
  readonly gasOracle: GasOracle;
  private readonly recorder: CallRecorder;
  /** Slots and code read by eth_call's head views (content-addressed, so they hold across blocks). */
  private readonly contentReads = new ContentReads();

  private constructor(
    readonly common: Common,
    readonly chainId: bigint,
    readonly genesisHash: Uint8Array,
    private head: StoredBlock,
    private readonly state: MerkleStateManager,
    private readonly vm: VM,
    private readonly trieDb: TrieDb,
    private readonly blocks: BlockStore,
    private readonly opts: EvmChainOptions,
    readonly rules: ChainRules,
    private readonly genesisTime: bigint,
  ) {
    this.lock = new Mutex(`block-building/${rules.label}`);
    this.recorder = new CallRecorder(vm);
    this.clock = new BlockClock(() => (opts.now ?? Date.now)());
    this.gasOracle = new GasOracle(this, () => this.nowMs());
  }

  /** The node clock, ms. */
  nowMs(): number {
    return this.clock.now();
  }

  static async create(opts: EvmChainOptions): Promise<EvmChain> {
    const genesis = parseGenesis(opts.genesisJson);
    const rules = opts.rules ?? corethRules(opts.fees ?? DEVNET_FEE_CONFIG);
    const common = createEvmCommon(genesis.chainId);
    const keys = new EvmKeys(opts.blockchainId);
    const trieDb = new TrieDb(opts.db, keys.state);
    const blocks = new BlockStore(opts.db, keys, rules.codec);
    await ensureBlockLayout(opts.db, keys, opts.log, rules.label);
    let head: StoredBlock;
    let genesisHash: Uint8Array;
    const headHash = await blocks.headHash();
    if (headHash === undefined) {
      const g = BlockStore.wrap(await rules.buildGenesis(genesis, trieDb, common), rules.codec);
      const { ops, keys: written } = trieDb.drain();
      await opts.db.batch([...ops, ...blocks.acceptOps(g, [], [])]);
      trieDb.forget(written);
      head = g;
      genesisHash = g.hash;
      opts.log.info(`${rules.label} genesis written`, { hash: bytesToHex(g.hash), chainId: genesis.chainId.toString() });
    } else {
      const g = BlockStore.wrap(await rules.buildGenesis(genesis, new ScratchDb(trieDb) as unknown as TrieDb, common), rules.codec);
      const stored = await blocks.hashByNumber(0n);
      if (!stored || hex(stored) !== hex(g.hash)) {
        throw new Error(`${rules.label} genesis mismatch: store has ${stored ? bytesToHex(stored) : 'none'}, genesis JSON gives ${bytesToHex(g.hash)}`);
      }
      genesisHash = g.hash;
      const h = await blocks.byHash(headHash);
      if (!h) throw new Error(`${rules.label} head block ${bytesToHex(headHash)} missing from the store`);
      head = h;
      opts.log.info(`${rules.label} reopened`, { height: h.block.header.number.toString(), hash: bytesToHex(h.hash) });
    }
    blocks.remember(head);
    const state = openState(trieDb, head.block.header.stateRoot, common);
    const vm = await rules.createVm({ common, stateManager: state, blockchain: blockHashes(blocks) });
    await rules.headChanged?.(head.block.header, state);
    const chain = new EvmChain(common, genesis.chainId, genesisHash, head, state, vm, trieDb, blocks, opts, rules, genesis.timestamp);
    recordPreimages(state, trieDb);
    await restoreHeadRoot(chain.devnetAccess());
    const mining = opts.mining ?? { mode: 'auto' };
    if (mining.mode === 'interval') chain.setIntervalMining(mining.intervalMs ?? 1000);
    else chain.setAutomine(mining.mode === 'auto');
    return chain;
  }

  // ── mining ────────────────────────────────────────────────────────────────────────────────

  get miningMode(): { mode: MiningMode; intervalMs?: number } {
    return this.mode === 'interval' ? { mode: 'interval', intervalMs: this.intervalMs } : { mode: this.mode };
  }

  /** Automine on: every submitted tx is mined at once. Off: manual mining (`mine`). */
  setAutomine(on: boolean): void {
    this.stopTimer();
    this.mode = on ? 'auto' : 'manual';
    if (on && this.pool.size > 0) void this.requestAutomine().catch(() => undefined);
  }

  /** Interval mining (anvil's `evm_setIntervalMining`): a block every `ms`, empty or not; 0 → manual. */
  setIntervalMining(ms: number): void {
    this.stopTimer();
    if (ms <= 0) { this.mode = 'manual'; return; }
    this.mode = 'interval';
    this.intervalMs = ms;
    this.timer = setInterval(() => {
      if (this.ticking || this.closed) return;
      this.ticking = true;
      this.lock.runExclusive(() => this.mineLocked(1, undefined, true))
        .catch((e) => this.opts.log.error('interval mining failed', { error: (e as Error).message }))
        .finally(() => { this.ticking = false; });
    }, ms);
    this.timer.unref();
  }

  /** Mines `n` blocks now (empty ones included); with `intervalSeconds` each block is that much after the previous. */
  mine(n = 1, intervalSeconds?: number): Promise<StoredBlock[]> {
    return this.lock.runExclusive(() => this.mineLocked(n, intervalSeconds, true));
  }

  /** Adds the atomic-tx extension; set once, before blocks are built. */
  setBlockExtension(ext: BlockExtension): void {
    this.extension = ext;
  }

  /** Work is waiting outside the tx pool: automine builds a block for it now (resolves once accepted). */
  async requestBlock(): Promise<void> {
    if (this.mode === 'auto') await this.requestAutomine();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Coalesces automine requests: one block for everything pending when the lock frees up. */
  private requestAutomine(): Promise<StoredBlock[]> {
    if (this.automineRequest) return this.automineRequest;
    // The lock runs the task at once when it is free, or later when queued. Only a queued request is left
    // for later callers to join; it clears itself as soon as it starts taking txs from the pool.
    let started = false;
    let request: Promise<StoredBlock[]> | undefined = undefined;
    request = this.lock.runExclusive(async () => {
      started = true;
      if (this.automineRequest === request) this.automineRequest = undefined;
      return this.mineLocked(1, undefined, false);
    });
    if (!started) this.automineRequest = request;
    return request;
  }

  private async mineLocked(n: number, intervalSeconds: number | undefined, allowEmpty: boolean): Promise<StoredBlock[]> {
    const out: StoredBlock[] = [];
    for (let i = 0; i < n; i++) {
      if (this.closed) break;
      const parentMs = this.head.block.header.timestampMs ?? this.head.block.header.timestamp * 1000n;
      const ts = i > 0 && intervalSeconds !== undefined ? parentMs + BigInt(Math.round(intervalSeconds * 1000)) : this.clock.nextBlockMs(parentMs);
      const b = await this.buildAndAccept(ts, allowEmpty);
      if (!b) break;
      this.clock.blockBuilt(ts);
      out.push(b);
    }
    return out;
  }

  private async buildAndAccept(timestampMs: bigint, allowEmpty: boolean): Promise<StoredBlock | undefined> {
    const parent = this.head;
    const candidates = await this.pool.executable((s) => this.stateNonce(s));
    const ext = this.extension;
    if (candidates.length === 0 && !allowEmpty && !ext?.hasPending()) return undefined;
    const started = performance.now();
    let res;
    try {
      res = await this.rules.buildBlock({
        vm: this.vm, state: this.state, common: this.common, parent: parent.block.header, parentHash: parent.hash,
        timestampMs, candidates, ...(ext ? { extData: ext.build } : {}), recorder: this.recorder,
      });
    } catch (e) {
      ext?.abandoned();
      throw e;
    }
    for (const d of res.dropped) {
      this.pool.remove(d.ptx);
      this.opts.log.warn(`${this.rules.label} tx dropped`, { tx: d.ptx.hashHex, error: d.error });
    }
    if (res.included.length === 0 && res.block.extData.length === 0 && !allowEmpty) {
      ext?.abandoned();
      await this.state.setStateRoot(this.headStateRoot);
      return undefined;
    }
    const stored = BlockStore.wrap(res.block, this.rules.codec);
    const trie = this.trieDb.drain();
    const ops = [...trie.ops, ...this.blocks.acceptOps(stored, res.receipts, res.included.map((p) => p.hash), res.traces)];
    const h = res.block.header;
    try {
      if (ext) ops.push(...(await ext.acceptOps(stored)));
      for (const w of this.acceptWriters) ops.push(...(await w.acceptOps(stored, res.receipts)));
      await this.rules.headChanged?.(h, this.state);
      await this.opts.acceptor.accept({ id: stored.hash, bytes: stored.bytes, height: h.number, timestamp: h.timestamp }, ops);
    } catch (e) {
      ext?.abandoned();
      await this.state.setStateRoot(this.headStateRoot);
      await this.rules.headChanged?.(this.head.block.header, this.state);
      throw e;
    }
    this.trieDb.forget(trie.keys);
    this.blocks.remember(stored);
    this.head = stored;
    ext?.accepted(stored);
    for (const p of res.included) {
      this.pool.remove(p);
      this.pool.dropBelow(p.senderHex, p.nonce + 1n);
    }
    this.opts.log.debug(`${this.rules.label} block accepted`, {
      height: h.number.toString(), hash: bytesToHex(stored.hash), txs: res.included.length, gasUsed: h.gasUsed.toString(),
      ms: Math.round(performance.now() - started),
    });
    for (const l of this.listeners) {
      try { l(stored, res.receipts); } catch (e) { this.opts.log.error(`${this.rules.label} block listener failed`, { error: (e as Error).message }); }
    }
    return stored;
  }

  private async stateNonce(senderHex: string): Promise<bigint> {
    const acct = await this.state.getAccount(new Address(new Uint8Array(Buffer.from(senderHex, 'hex'))));
    return acct?.nonce ?? 0n;
  }

  onBlock(listener: BlockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds writes to every accepted block's batch (atomic with the block); returns the removal function. */
  addAcceptWriter(writer: AcceptWriter): () => void {
    this.acceptWriters.add(writer);
    return () => this.acceptWriters.delete(writer);
  }

  /** Listens for txs entering the pool; returns the unsubscribe function. */
  onPendingTx(listener: PendingTxListener): () => void {
    this.pendingListeners.add(listener);
    return () => this.pendingListeners.delete(listener);
  }

  // ── transactions ──────────────────────────────────────────────────────────────────────────

  /**
   * eth_sendRawTransaction: validates as coreth's pool does, queues, and in automine mode returns once the
   * block holding the tx is accepted. Throws TxRejected with geth's wording.
   */
  async sendRawTransaction(raw: Uint8Array): Promise<Uint8Array> {
    const tx = decodeRawTx(raw, this.common);
    checkTxFee(tx);
    const hash = tx.hash();
    const hashHex = hex(hash);
    // geth answers "already known" for pooled txs only; a mined one fails the nonce check below
    if (this.pool.has(hashHex)) throw new TxRejected('already known');
    const next = this.nextFees();
    // the pool prices warp predicates by the head's rules, as coreth's (the builder re-prices them by the block's)
    const predicates = warpPredicatesOf(this.vm);
    const headTime = this.head.block.header.timestamp;
    validateStateless(tx, {
      blockGasLimit: next.gasLimit, minFeeCap: next.baseFee, ...(predicates ? { intrinsicGas: (t: TypedTransaction) => predicates.intrinsicGas(t, headTime) } : {}),
    });
    const sender = tx.getSenderAddress();
    const senderHex = hex(sender.bytes);
    // state reads happen under the lock so they never see a half-built block
    await this.lock.runExclusive(async () => {
      const acct = await this.state.getAccount(sender);
      validateWithState(tx, { nonce: acct?.nonce ?? 0n, balance: acct?.balance ?? 0n });
      await this.rules.admitTx?.(sender, this.state);
      try {
        const added = this.pool.add({ tx, raw, hash, hashHex, sender, senderHex, nonce: tx.nonce });
        for (const l of this.pendingListeners) {
          try { l(added); } catch (e) { this.opts.log.error(`${this.rules.label} pending-tx listener failed`, { error: (e as Error).message }); }
        }
      } catch (e) {
        throw new TxRejected((e as Error).message);
      }
    });
    if (this.mode === 'auto') await this.requestAutomine();
    return hash;
  }

  pendingTransactions(): PoolTx[] {
    return this.pool.all();
  }

  async getTransaction(hash: Uint8Array): Promise<FoundTx | undefined> {
    const location = await this.blocks.txLocation(hash);
    if (location) {
      const block = await this.blocks.at(location.blockNumber, location.blockHash);
      const receipts = await this.blocks.receipts(location.blockNumber, location.blockHash);
      if (!block || !receipts) return undefined;
      const raw = block.block.txs[location.index]!;
      const tx = decodeStoredTx(raw, this.common);
      const receipt = receipts[location.index]!;
      return { tx, raw, from: receipt.from, location, block, receipt };
    }
    const p = this.pool.get(hex(hash));
    return p ? { tx: p.tx, raw: p.raw, from: p.sender.bytes } : undefined;
  }

  async getReceipt(hash: Uint8Array): Promise<FoundTx | undefined> {
    const found = await this.getTransaction(hash);
    return found?.receipt ? found : undefined;
  }

  // ── blocks ────────────────────────────────────────────────────────────────────────────────

  /** Genesis block time, Unix seconds. */
  get genesisTimestamp(): bigint {
    return this.genesisTime;
  }

  get headNumber(): bigint {
    return this.head.block.header.number;
  }

  get headBlock(): StoredBlock {
    return this.head;
  }

  getBlockByNumber(n: bigint): Promise<StoredBlock | undefined> {
    if (n > this.headNumber || n < 0n) return Promise.resolve(undefined);
    return this.blocks.byNumber(n);
  }

  async getBlockByHash(hash: Uint8Array): Promise<StoredBlock | undefined> {
    const b = await this.blocks.byHash(hash);
    if (!b) return undefined;
    // a devnet rewind (controls/rewind.ts) can leave dropped blocks in the block cache: only canonical ones count
    const canonical = b.block.header.number <= this.headNumber ? await this.blocks.hashByNumber(b.block.header.number) : undefined;
    return canonical && hex(canonical) === hex(hash) ? b : undefined;
  }

  getBlockReceipts(block: StoredBlock): Promise<StoredReceipt[] | undefined> {
    return this.blocks.receipts(block.block.header.number, block.hash);
  }

  /** The callTracer results recorded while `block` was built, one per tx (null for a tx without one); undefined if none were. */
  async recordedCallTraces(block: StoredBlock): Promise<unknown[] | undefined> {
    return (await this.recordedCallTraceJson(block))?.map((t) => JSON.parse(Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('utf8')) as unknown);
  }

  /** recordedCallTraces as each trace's JSON bytes ('null' for a tx without a record). */
  async recordedCallTraceJson(block: StoredBlock): Promise<Uint8Array[] | undefined> {
    if (block.block.txs.length === 0) return [];
    const traces = await this.blocks.callTraceJson(block.block.header.number, block.hash);
    return traces?.length === block.block.txs.length ? traces : undefined;
  }

  blockTransactions(block: StoredBlock): TypedTransaction[] {
    return block.block.txs.map((raw) => decodeStoredTx(raw, this.common));
  }

  /** Base fee and gas limit a child of the head would get if built now (eth_baseFee). */
  nextFees(): { baseFee: bigint; gasLimit: bigint } {
    const h = this.head.block.header;
    const parentMs = h.timestampMs ?? h.timestamp * 1000n;
    const now = BigInt(Math.floor(this.nowMs()));
    const f = this.rules.childFees(h, now > parentMs ? now : parentMs);
    return { baseFee: f.baseFee, gasLimit: f.gasLimit };
  }

  // ── state ─────────────────────────────────────────────────────────────────────────────────

  /** A throw-away state view after block `n` (default: head). */
  private async stateAt(n?: bigint): Promise<{ state: MerkleStateManager; block: StoredBlock; scratch: ScratchDb }> {
    const block = n === undefined || n === this.headNumber ? this.head : await this.getBlockByNumber(n);
    if (!block) throw new ClientError('header not found');
    const root = block === this.head ? this.headStateRoot : block.block.header.stateRoot;
    const scratch = new ScratchDb(this.trieDb);
    return { state: openState(scratch, root, this.common), block, scratch };
  }

  /**
   * Reads state after block `n`: at the head through one read-only call state per head, which keeps what it decoded
   * for the reads after it (opening a view per read cost more than the read); elsewhere through a view of that block.
   * Nothing writes the head's read state, so reads share it without taking turns (eth_call has its own).
   */
  private async readState<T>(n: bigint | undefined, read: (state: StateManagerInterface) => Promise<T>): Promise<T> {
    if (n === undefined || n === this.headNumber) return read(this.headReadState());
    const { state } = await this.stateAt(n);
    return read(state);
  }

  private headReads: { key: string; state: CallState } | undefined;

  /** Names the head's state: a new block, or a devnet edit of the head's state, gives a new key. */
  private headStateKey(): string {
    return hex(this.head.hash) + hex(this.headStateRoot);
  }

  private headReadState(): CallState {
    const key = this.headStateKey();
    if (this.headReads?.key !== key) {
      this.headReads = { key, state: new CallState(openReadState(new ScratchDb(this.trieDb), this.headStateRoot, this.common), this.contentReads) };
    }
    return this.headReads.state;
  }

  async getBalance(address: Uint8Array, n?: bigint): Promise<bigint> {
    return this.readState(n, async (state) => (await state.getAccount(new Address(address)))?.balance ?? 0n);
  }

  async getNonce(address: Uint8Array, n?: bigint): Promise<bigint> {
    return this.readState(n, async (state) => (await state.getAccount(new Address(address)))?.nonce ?? 0n);
  }

  /** Nonce including contiguous pending txs (the "pending" tag). */
  async getPendingNonce(address: Uint8Array): Promise<bigint> {
    return this.pool.pendingNonce(hex(address), await this.getNonce(address));
  }

  async getCode(address: Uint8Array, n?: bigint): Promise<Uint8Array> {
    return this.readState(n, (state) => state.getCode(new Address(address)));
  }

  async getStorageAt(address: Uint8Array, slot: Uint8Array, n?: bigint): Promise<Uint8Array> {
    return this.readState(n, async (state) => {
      const addr = new Address(address);
      if (!(await state.getAccount(addr))) return new Uint8Array(32);
      return setLengthLeft(await state.getStorage(addr, setLengthLeft(slot, 32)), 32);
    });
  }

  /** eth_call: returns the output; reverts throw code 3 with the revert data. */
  async call(req: CallRequest, n?: bigint): Promise<Uint8Array> {
    const out = await this.withCallState(n, ({ state, vm, block }) => runCall(vm, state, this.common, block.block.header, req, req.gas ?? RPC_GAS_CAP));
    if (out.reverted) throw revertError(out.returnValue);
    if (!out.success) throw new ClientError(out.error ?? 'execution failed');
    return out.returnValue;
  }

  /** eth_estimateGas: geth's binary search between the used gas and the cap (call.ts estimateWith). */
  async estimateGas(req: CallRequest, n?: bigint): Promise<bigint> {
    return this.withCallState(n, ({ state, vm, block }) => {
      const header = block.block.header;
      const cap = req.gas ?? (header.gasLimit < RPC_GAS_CAP ? header.gasLimit : RPC_GAS_CAP);
      return estimateWith((gas) => runCall(vm, state, this.common, header, req, gas), cap);
    });
  }

  /** Runs `fn` on a call state after block `n`: the head's shared one, or one of its own over an older block. */
  private async withCallState<T>(n: bigint | undefined, fn: (v: { state: CallState; vm: VM; block: StoredBlock }) => Promise<T>): Promise<T> {
    if (n === undefined || n === this.headNumber) return this.withHeadCallView(fn);
    const { state, block } = await this.stateAt(n);
    const call = new CallState(state);
    return fn({ state: call, vm: await this.callVm(call), block });
  }

  /**
   * One call state and VM over the head, reused by eth_call until the head (or its state root) changes:
   * building a VM and opening a view per call cost more than most calls. Calls on it take turns, and each
   * leaves it as it found it (runCall reverts its checkpoint; reset drops anything left), so a call never
   * sees another's writes. The call state keeps what it read from the head for the calls after it.
   */
  private headCallView: { key: string; view: Promise<{ state: CallState; vm: VM; block: StoredBlock }>; lock: Mutex } | undefined;

  private withHeadCallView<T>(fn: (v: { state: CallState; vm: VM; block: StoredBlock }) => Promise<T>): Promise<T> {
    const key = this.headStateKey();
    if (this.headCallView?.key !== key) {
      const block = this.head;
      const state = new CallState(openReadState(new ScratchDb(this.trieDb), this.headStateRoot, this.common), this.contentReads);
      const view = this.callVm(state).then((vm) => ({ state, block, vm }));
      this.headCallView = { key, view, lock: new Mutex(`eth_call/${this.rules.label}`) };
    }
    const { view, lock } = this.headCallView;
    return lock.runExclusive(async () => {
      const v = await view;
      try {
        return await fn(v);
      } finally {
        v.state.reset();
      }
    });
  }

  private callVm(state: StateManagerInterface): Promise<VM> {
    return this.rules.createVm({ common: this.common, stateManager: state, blockchain: blockHashes(this.blocks) });
  }

  /**
   * A throw-away state after block `n` (default: head) with a VM over it (query/: overrides, proofs, access
   * lists; tracing/). `scratch` holds the trie nodes its writes made.
   */
  async stateView(n?: bigint): Promise<{ state: MerkleStateManager; block: StoredBlock; vm: VM; scratch: ScratchDb }> {
    const { state, block, scratch } = await this.stateAt(n);
    return { state, block, scratch, vm: await this.callVm(state) };
  }

  // ── devnet controls (controls/) ─────────────────────────────────────────────────────────────

  /** The head's effective state root: its header's, or the one devnet state edits left on top of it. */
  get headStateRoot(): Uint8Array {
    const o = this.headOverride;
    return o && hex(o.hash) === hex(this.head.hash) ? o.root : this.head.block.header.stateRoot;
  }

  /** Listens for devnet rewinds (evm_revert, anvil_reset): blocks above `height` are gone. */
  onRewind(listener: (height: bigint) => void): () => void {
    this.rewindListeners.add(listener);
    return () => this.rewindListeners.delete(listener);
  }

  /** The internals the devnet controls work on (controls/access.ts). */
  devnetAccess(): DevnetAccess {
    return {
      db: this.opts.db, keys: new EvmKeys(this.opts.blockchainId), state: this.state, trieDb: this.trieDb, blocks: this.blocks,
      pool: this.pool, log: this.opts.log, genesisJson: this.opts.genesisJson,
      exclusive: (fn) => this.lock.runExclusive(fn),
      head: () => this.head,
      headStateRoot: () => this.headStateRoot,
      setHead: async (head, root) => {
        this.head = head;
        this.headOverride = hex(root) === hex(head.block.header.stateRoot) ? undefined : { hash: head.hash, root };
        this.blocks.remember(head);
        await this.state.setStateRoot(root);
        await this.rules.headChanged?.(head.block.header, this.state);
      },
      addToPool: (entry) => {
        const added = this.pool.add(entry);
        for (const l of this.pendingListeners) {
          try { l(added); } catch (e) { this.opts.log.error(`${this.rules.label} pending-tx listener failed`, { error: (e as Error).message }); }
        }
        return added;
      },
      automine: async () => { if (this.mode === 'auto') await this.requestAutomine(); },
      rewindAccepted: async (height, innerId, vmOps) => {
        const ops = this.extension ? [...vmOps, ...(await this.extension.rewindOps(height))] : [...vmOps];
        for (const w of this.acceptWriters) ops.push(...(await w.rewindOps(height)));
        await (this.opts.acceptor.rewind ? this.opts.acceptor.rewind(height, innerId, ops) : this.opts.db.batch(ops));
      },
      notifyRewind: (height) => {
        for (const l of this.rewindListeners) {
          try { l(height); } catch (e) { this.opts.log.error(`${this.rules.label} rewind listener failed`, { error: (e as Error).message }); }
        }
      },
    };
  }

  /** Stops mining and waits for the block being built. The store is the caller's to close. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopTimer();
    await this.lock.runExclusive(() => undefined);
  }
}

/** BLOCKHASH lookups for ethereumjs, by number through the block store. */
function blockHashes(blocks: BlockStore) {
  const chain = {
    async getBlock(n: number) {
      const h = await blocks.hashByNumber(BigInt(n));
      return { hash: () => h ?? new Uint8Array(32) };
    },
    async putBlock() {},
    shallowCopy() { return chain; },
  };
  return chain;
}

function decodeStoredTx(raw: Uint8Array, common: Common): TypedTransaction {
  return createTxFromRLP(raw, { common });
}

