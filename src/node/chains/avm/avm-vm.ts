import { encodeAvmStandardBlock } from '../../../codec/avm/blocks.js';
import { compareBytes } from '../../../lib/bytes.js';
import { idFromString, idToString } from '../../../lib/cb58.js';
import type { ContainerIndex } from '../../apis/index/container-index.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { AcceptedContainer, AcceptSink } from '../../consensus/types.js';
import type { NetworkGenesis } from '../../genesis/types.js';
import type { NodeLogger } from '../../logging/logger-registry.js';
import type { KvOp, KvStore } from '../../storage/kv.js';
import type { AtomicRequests, SharedMemory } from '../shared-memory/shared-memory.js';
import { genesisAssetTxs } from './genesis-txs.js';
import { AvmState, keyed, type StoredBlock, type TxEffect } from './state.js';
import { decodeUtxo, parseAvmTx, type AvmTx, type Utxo } from './tx-codec.js';
import type { JsonContext } from './tx-json.js';
import { verifyAndExecute, type StateView, type VerifierContext } from './verifier.js';
import { hexOf } from '../../../lib/hex.js';

export interface AvmVmConfig {
  /** Static fees in nAVAX (AvalancheGo's local network: 1 milliAVAX each). */
  txFee: bigint;
  createAssetTxFee: bigint;
  /** Block size target, as AvalancheGo's X-chain builder (128 KiB). */
  maxBlockBytes?: number;
}

export interface AvmVmOptions {
  db: KvStore;
  engine: ChainEngine;
  genesis: NetworkGenesis;
  sharedMemory: SharedMemory;
  pChainId: Uint8Array;
  cChainId: Uint8Array;
  /** The `X/tx` container index, written in each block's batch. */
  txIndex?: ContainerIndex;
  log: NodeLogger;
  /** Unix seconds (block times and time locks). */
  now?: () => bigint;
  config: AvmVmConfig;
}

interface Pending {
  tx: AvmTx;
  effect: TxEffect;
  done: Promise<void>;
  resolve(): void;
  reject(e: Error): void;
}

const DEFAULT_MAX_BLOCK_BYTES = 128 * 1024;

/**
 * The X-chain VM (post-Cortina avm) under instant finality: issued txs are verified against the last
 * accepted state plus the txs waiting for their block, queued, and built into StandardBlocks — every tx
 * that arrives while a block is being written goes into the next one. `issueTx` resolves once its block
 * is accepted and durable; every state change of a block (UTXOs, txs, shared memory, the X/tx index)
 * is in the engine's one batch.
 */
export class AvmVm {
  readonly chainId: Uint8Array;
  readonly networkId: number;
  readonly hrp: string;
  readonly avaxAssetId: Uint8Array;
  readonly txFee: bigint;
  readonly createAssetTxFee: bigint;
  readonly state: AvmState;
  private readonly aliases = new Map<string, Uint8Array>();
  private readonly ctx: VerifierContext;
  private readonly now: () => bigint;
  private readonly maxBlockBytes: number;

  // Txs issued but not yet accepted, and what they spend and create.
  private readonly queue: Pending[] = [];
  private readonly pendingTxs = new Map<string, Pending>();
  private readonly pendingUtxos = new Map<string, Utxo>();
  private readonly pendingSpent = new Map<string, string>();
  private building = false;
  /** Counts accepted blocks (see issueTx). */
  private acceptedBlocks = 0;
  /** The block whose accept is in flight, for the tx index sink. */
  private accepting: { innerId: Uint8Array; txs: AvmTx[] } | undefined;

  private constructor(private readonly opts: AvmVmOptions) {
    const g = opts.genesis;
    this.chainId = g.xChainId.id;
    this.networkId = g.networkId;
    this.hrp = g.hrp;
    this.avaxAssetId = g.avaxAssetId.id;
    this.txFee = opts.config.txFee;
    this.createAssetTxFee = opts.config.createAssetTxFee;
    this.maxBlockBytes = opts.config.maxBlockBytes ?? DEFAULT_MAX_BLOCK_BYTES;
    this.now = opts.now ?? (() => BigInt(Math.floor(Date.now() / 1000)));
    this.state = new AvmState(opts.db, this.chainId);
    const primary = g.primaryNetworkId.id;
    const peers = new Map([[hex(opts.pChainId), primary], [hex(opts.cChainId), primary]]);
    this.ctx = {
      networkId: g.networkId,
      chainId: this.chainId,
      feeAssetId: this.avaxAssetId,
      txFee: this.txFee,
      createAssetTxFee: this.createAssetTxFee,
      now: this.now,
      subnetOf: (id) => peers.get(hex(id)),
      subnetId: primary,
    };
    if (opts.txIndex) opts.engine.addSink(this.txIndexSink(opts.txIndex));
  }

  static async create(opts: AvmVmOptions): Promise<AvmVm> {
    const vm = new AvmVm(opts);
    await vm.initGenesis();
    return vm;
  }

  /** Writes the genesis state (assets, their UTXOs, the height-0 block) on first start. */
  private async initGenesis(): Promise<void> {
    const assets = genesisAssetTxs(this.opts.genesis.xChainGenesisBytes);
    for (const a of assets) this.aliases.set(a.alias, a.tx.id);
    if (await this.state.isInitialized()) return;
    const effects: TxEffect[] = assets.map(({ tx }) => {
      let index = tx.outs.length;
      const produced = tx.states!.flatMap((s) => s.outs.map((out) => keyed({ txId: tx.id, outputIndex: index++, assetId: tx.id, out })));
      return { tx, consumed: [], produced };
    });
    const g = this.opts.genesis.xChainGenesisBlock;
    await this.opts.db.batch(this.state.genesisOps({ id: g.id, bytes: g.bytes, height: 0n }, effects));
    this.opts.log.info('X-chain genesis initialized', { assets: assets.length });
  }

  // ------------------------------------------------------------------ issuing

  /** Parses, verifies and queues a signed tx; resolves with its id once accepted. */
  async issueTx(bytes: Uint8Array): Promise<Uint8Array> {
    const tx = parseAvmTx(bytes);
    const existing = this.pendingTxs.get(hex(tx.id));
    if (existing) {
      await existing.done;
      return tx.id;
    }
    // A block accepted while this tx was being verified may have spent what it read as unspent (and
    // dropped those spends from the pending set): verify again against the new state.
    let effect: TxEffect;
    for (;;) {
      const epoch = this.acceptedBlocks;
      effect = await verifyAndExecute(tx, this.ctx, this.view);
      if (epoch === this.acceptedBlocks) break;
    }
    // Verification awaited the store: a twin may have been queued meanwhile.
    const twin = this.pendingTxs.get(hex(tx.id));
    if (twin) {
      await twin.done;
      return tx.id;
    }
    const spent = spentKeys(effect);
    if (spent.some((k) => this.pendingSpent.has(k))) throw new Error(`tx conflicts with other tx: ${idToString(tx.id)}`);
    const entry = this.enqueue(tx, effect, spent);
    void this.build();
    await entry.done;
    return tx.id;
  }

  private enqueue(tx: AvmTx, effect: TxEffect, spent: string[]): Pending {
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: Pending = { tx, effect, done, resolve, reject };
    this.queue.push(entry);
    this.pendingTxs.set(hex(tx.id), entry);
    for (const k of spent) this.pendingSpent.set(k, hex(tx.id));
    for (const p of effect.produced) this.pendingUtxos.set(hex(p.inputId), p.utxo);
    return entry;
  }

  private forget(entry: Pending): void {
    this.pendingTxs.delete(hex(entry.tx.id));
    for (const k of spentKeys(entry.effect)) this.pendingSpent.delete(k);
    for (const p of entry.effect.produced) this.pendingUtxos.delete(hex(p.inputId));
  }

  /** Builds blocks while txs are queued; one builder at a time. */
  private async build(): Promise<void> {
    if (this.building) return;
    this.building = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        try {
          await this.acceptBlock(batch);
          this.state.committed(batch.map((e) => e.effect));
          this.acceptedBlocks++;
          for (const e of batch) {
            this.forget(e);
            e.resolve();
          }
        } catch (err) {
          this.opts.log.error('X-chain block failed', { error: String((err as Error)?.stack ?? err) });
          for (const e of batch) {
            this.forget(e);
            e.reject(err instanceof Error ? err : new Error(String(err)));
          }
        }
      }
    } finally {
      this.building = false;
    }
  }

  private takeBatch(): Pending[] {
    let size = 0;
    let n = 0;
    while (n < this.queue.length) {
      const len = this.queue[n]!.tx.bytes.length;
      if (n > 0 && size + len > this.maxBlockBytes) break;
      size += len;
      n++;
    }
    return this.queue.splice(0, n);
  }

  private async acceptBlock(batch: Pending[]): Promise<AcceptedContainer> {
    const engine = this.opts.engine;
    return engine.lock.runExclusive(async () => {
      const parent = engine.lastAccepted();
      const now = this.now();
      const time = now > parent.timestamp ? now : parent.timestamp;
      const height = parent.height + 1n;
      const txs = batch.map((e) => e.tx);
      const block = encodeAvmStandardBlock({ parentId: parent.innerId, height, time, txs: txs.map((t) => t.bytes) });
      const stored: StoredBlock = { id: block.id, bytes: block.bytes, height };
      const effects = batch.map((e) => e.effect);
      const ops: KvOp[] = this.state.blockOps(stored, effects);
      const atomic = new Map<string, { peer: Uint8Array } & AtomicRequests>();
      for (const e of effects) {
        if (!e.atomic) continue;
        const k = hex(e.atomic.peer);
        const r = atomic.get(k) ?? { peer: e.atomic.peer, removes: [], puts: [] };
        r.removes.push(...e.atomic.removes);
        r.puts.push(...e.atomic.puts);
        atomic.set(k, r);
      }
      if (atomic.size > 0) ops.push(...(await this.opts.sharedMemory.applyOps(this.chainId, atomic)));
      this.accepting = { innerId: block.id, txs };
      try {
        return await engine.accept({ id: block.id, bytes: block.bytes, height, timestamp: time }, ops);
      } finally {
        this.accepting = undefined;
      }
    });
  }

  /** Indexes each tx of the block being accepted in X/tx, in the engine's batch (one entry per tx, block order). */
  private txIndexSink(index: ContainerIndex): AcceptSink {
    return {
      prepare: (container) => {
        const a = this.accepting;
        if (!a || compareBytes(a.innerId, container.inner.id) !== 0) return { ops: [], commit: () => {} };
        const prepared = a.txs.map((tx) => index.prepare({ ...container, id: tx.id, bytes: tx.bytes }));
        return {
          ops: prepared.flatMap((p) => p.ops),
          commit: () => prepared.forEach((p) => p.commit()),
          abort: () => [...prepared].reverse().forEach((p) => p.abort()),
        };
      },
    };
  }

  /** What txs are verified against: the last accepted state plus the queued txs' outputs and assets. */
  private readonly view: StateView = {
    getUtxo: async (inputId) => this.pendingUtxos.get(hex(inputId)) ?? (await this.state.getUtxo(inputId)),
    getTx: async (txId) => this.pendingTxs.get(hex(txId))?.tx ?? (await this.state.getParsedTx(txId)),
    getAtomic: (peer, ids) => this.opts.sharedMemory.get(this.chainId, peer, ids),
  };

  // ------------------------------------------------------------------ reads

  /** How this chain's txs and addresses are written in JSON. */
  get jsonContext(): JsonContext {
    const f = this.opts.genesis.fxIds;
    return { hrp: this.hrp, chainAlias: 'X', fxIds: [f.secp256k1fx.string, f.nftfx.string, f.propertyfx.string] };
  }

  get height(): bigint {
    return this.opts.engine.lastAccepted().height;
  }

  lastAcceptedBlockId(): Uint8Array {
    return this.opts.engine.lastAccepted().innerId;
  }

  /** An asset id from an alias (`AVAX`) or a cb58 id (vm.lookupAssetID). */
  lookupAssetId(asset: string): Uint8Array {
    const aliased = this.aliases.get(asset);
    if (aliased) return aliased;
    try {
      return idFromString(asset);
    } catch {
      throw new Error(`asset '${asset}' not found`);
    }
  }

  /** The alias of an asset when it has one (PrimaryAliasOrDefault), else its cb58 id. */
  assetAlias(assetId: Uint8Array): string {
    for (const [alias, id] of this.aliases) if (compareBytes(id, assetId) === 0) return alias;
    return idToString(assetId);
  }

  async getTx(txId: Uint8Array): Promise<AvmTx | undefined> {
    const raw = await this.state.getTx(txId);
    return raw ? parseAvmTx(raw) : undefined;
  }

  async getTxBytes(txId: Uint8Array): Promise<Uint8Array | undefined> {
    return this.state.getTx(txId);
  }

  async blockAt(height: bigint): Promise<StoredBlock | undefined> {
    return this.state.blockAt(height);
  }

  async blockById(id: Uint8Array): Promise<StoredBlock | undefined> {
    const h = await this.state.heightOf(id);
    return h === undefined ? undefined : this.state.blockAt(h);
  }

  /**
   * avax.GetPaginatedUTXOs: UTXOs referencing any of `addrs` (sorted), resuming after (startAddr, startUtxo);
   * returns the last address searched and the last UTXO id seen.
   */
  async paginatedUtxos(addrs: Uint8Array[], startAddr: Uint8Array, startUtxo: Uint8Array, limit: number): Promise<{ utxos: Utxo[]; utxoBytes: Uint8Array[]; endAddr: Uint8Array; endUtxo: Uint8Array }> {
    const sorted = dedupe(addrs).sort(compareBytes);
    const utxos: Utxo[] = [];
    const utxoBytes: Uint8Array[] = [];
    const seen = new Set<string>();
    let lastAddr = startAddr;
    let lastUtxo = startUtxo;
    let remaining = limit;
    for (const addr of sorted) {
      const c = compareBytes(addr, lastAddr);
      if (c < 0) continue;
      const after = c === 0 && !isZero(lastUtxo) ? lastUtxo : undefined;
      lastAddr = addr;
      const ids = await this.state.utxoIdsOf(addr, after, remaining);
      for (const id of ids) {
        lastUtxo = id;
        if (seen.has(hex(id))) continue;
        const raw = await this.state.getUtxoBytes(id);
        if (!raw) throw new Error(`couldn't get UTXO ${idToString(id)}: not found`);
        utxos.push(decodeUtxo(raw));
        utxoBytes.push(raw);
        seen.add(hex(id));
        if (--remaining <= 0) return { utxos, utxoBytes, endAddr: lastAddr, endUtxo: lastUtxo };
      }
    }
    return { utxos, utxoBytes, endAddr: lastAddr, endUtxo: lastUtxo };
  }

  /** avax.GetAtomicUTXOs: what `source` exported to this chain for `addrs`. */
  async atomicUtxos(source: Uint8Array, addrs: Uint8Array[], startAddr: Uint8Array, startUtxo: Uint8Array, limit: number): Promise<{ utxos: Utxo[]; utxoBytes: Uint8Array[]; endAddr: Uint8Array; endUtxo: Uint8Array }> {
    const start = isZero(startAddr) && isZero(startUtxo) ? undefined : { trait: startAddr, key: startUtxo };
    const page = await this.opts.sharedMemory.indexed(this.chainId, source, dedupe(addrs), limit, start);
    return {
      utxos: page.values.map(decodeUtxo),
      utxoBytes: page.values,
      endAddr: page.lastTrait ?? new Uint8Array(20),
      endUtxo: page.lastKey ?? new Uint8Array(32),
    };
  }

  /** Resolves a chain alias or id for `sourceChain` (P, X, C, their long aliases, or a cb58 id). */
  lookupChain(alias: string): Uint8Array {
    const g = this.opts.genesis;
    const known: Record<string, Uint8Array> = { P: g.pChainId.id, platform: g.pChainId.id, X: g.xChainId.id, avm: g.xChainId.id, C: g.cChainId.id, evm: g.cChainId.id };
    const hit = known[alias];
    if (hit) return hit;
    try {
      return idFromString(alias);
    } catch {
      throw new Error(`there is no ID with alias ${alias}`);
    }
  }

  /** Every UTXO of this chain owned by `addr` (for balances). */
  async allUtxosOf(addr: Uint8Array): Promise<Utxo[]> {
    return (await this.paginatedUtxos([addr], new Uint8Array(20), new Uint8Array(32), Number.MAX_SAFE_INTEGER)).utxos;
  }
}

/** Keys a tx spends: its UTXOs, and imported shared-memory entries (namespaced by source chain). */
function spentKeys(e: TxEffect): string[] {
  const keys = e.consumed.map((c) => hex(c.inputId));
  if (e.atomic) for (const r of e.atomic.removes) keys.push(`${hex(e.atomic.peer)}:${hex(r)}`);
  return keys;
}

function dedupe(addrs: Uint8Array[]): Uint8Array[] {
  const m = new Map<string, Uint8Array>();
  for (const a of addrs) m.set(hex(a), a);
  return [...m.values()];
}

function isZero(b: Uint8Array): boolean {
  return b.every((x) => x === 0);
}

function hex(b: Uint8Array): string {
  return hexOf(b);
}
