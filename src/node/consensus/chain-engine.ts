import { decodeProposerBlock, encodeOptionBlock, encodeProposerBlock } from '../../codec/proposervm/block.js';
import { idToString } from '../../lib/cb58.js';
import { Mutex } from '../../lib/mutex.js';
import { key, u64Key, utf8, type KvOp, type KvStore } from '../storage/kv.js';
import type { AcceptedContainer, AcceptListener, AcceptSink, InnerBlock, RewindListener } from './types.js';

/** Granite epoch length on local configurations (reference/node-apis.md §5.2). */
const EPOCH_DURATION_S = 30n;

interface Epoch { pChainHeight: bigint; number: bigint; startTime: bigint }

interface Head {
  id: Uint8Array;
  /** The VM's block id of the same block (the parent of the VM's next block). */
  innerId: Uint8Array;
  height: bigint;
  timestamp: bigint;
  pChainHeight: bigint;
  epoch: Epoch | undefined;
  /** True while the head is the chain's genesis (a pre-fork block). */
  genesis: boolean;
}

export interface ChainEngineOptions {
  db: KvStore;
  chainAlias: string;
  chainId: Uint8Array;
  /** The chain's genesis block id (inner), the parent of its first proposervm block. */
  genesisId: Uint8Array;
  genesisTimestamp: bigint;
  /** DER staking certificate of this node, and a signer over a sha256 digest with its key. */
  certificate: Uint8Array;
  sign: (digest: Uint8Array, header: Uint8Array) => Uint8Array;
  /** Current P-chain height, recorded in each block (the P-chain passes its own). */
  pChainHeight: () => bigint;
  now?: () => bigint;
}

/**
 * Instant-finality consensus for one chain: every block the VM builds is wrapped in a proposervm block
 * (as AvalancheGo's chains run inside proposervm) and accepted at once. The VM's writes, the engine's
 * records and every sink's writes (the container index) go to disk in one atomic batch, so a crash
 * leaves either the whole block or none of it.
 */
export class ChainEngine {
  private head!: Head;
  private readonly listeners: AcceptListener[] = [];
  private readonly sinks: AcceptSink[] = [];
  private readonly rewindListeners: RewindListener[] = [];
  private readonly prefix: Uint8Array;
  readonly lock: Mutex;

  private constructor(private readonly opts: ChainEngineOptions) {
    this.prefix = utf8(`eng/${idToString(opts.chainId)}/`);
    this.lock = new Mutex(`${opts.chainAlias}.engine`);
  }

  static async open(opts: ChainEngineOptions): Promise<ChainEngine> {
    const engine = new ChainEngine(opts);
    await engine.load();
    return engine;
  }

  get alias(): string { return this.opts.chainAlias; }
  get chainId(): Uint8Array { return this.opts.chainId; }

  addSink(sink: AcceptSink): void { this.sinks.push(sink); }
  onAccept(listener: AcceptListener): void { this.listeners.push(listener); }
  onRewind(listener: RewindListener): void { this.rewindListeners.push(listener); }

  /** Last accepted outer block (the genesis block before the first one). */
  lastAccepted(): { height: bigint; id: Uint8Array; idString: string; innerId: Uint8Array; timestamp: bigint } {
    const h = this.head;
    return { height: h.height, id: h.id, idString: idToString(h.id), innerId: h.innerId, timestamp: h.timestamp };
  }

  /** The accepted outer block at a height (≥ 1), or undefined. */
  async containerAt(height: bigint): Promise<{ id: Uint8Array; bytes: Uint8Array; acceptedAtNanos: bigint } | undefined> {
    const raw = await this.opts.db.get(key(this.prefix, utf8('h/'), u64Key(height)));
    if (!raw) return undefined;
    return { id: raw.slice(0, 32), acceptedAtNanos: new DataView(raw.buffer, raw.byteOffset).getBigUint64(32), bytes: raw.slice(40) };
  }

  /** Accepts a built inner block with the VM's own writes; resolves once durable. */
  async accept(inner: InnerBlock, vmOps: KvOp[]): Promise<AcceptedContainer> {
    const [container] = await this.commit([this.wrapStandard(this.head, inner)], [vmOps]);
    return container!;
  }

  /**
   * A P-chain proposal block and the commit/abort option that decides it, in ONE atomic batch, so a crash
   * never leaves a proposal without its option. proposervm wraps the option as a type-1 block whose parent
   * is the proposal's outer block, with no timestamp, P-chain height or signature of its own
   * (reference/node-apis.md §5.2); the head keeps the proposal's time, P-chain height and epoch.
   */
  async acceptProposalWithOption(proposal: InnerBlock, proposalOps: KvOp[], option: InnerBlock, optionOps: KvOp[]): Promise<[AcceptedContainer, AcceptedContainer]> {
    const first = this.wrapStandard(this.head, proposal);
    const second = this.wrapOption(first.next, option);
    const [a, b] = await this.commit([first, second], [proposalOps, optionOps]);
    return [a!, b!];
  }

  /** The proposervm block (type 0 or Granite) that wraps `inner` on `parent`, and the head after it. */
  private wrapStandard(parent: Head, inner: InnerBlock): { container: AcceptedContainer; next: Head } {
    if (inner.height !== parent.height + 1n) throw new Error(`block height ${inner.height} does not follow ${parent.height}`);
    const timestamp = inner.timestamp > parent.timestamp ? inner.timestamp : parent.timestamp;
    const pChainHeight = this.opts.pChainHeight();
    const epoch = parent.genesis ? undefined : nextEpoch(parent, pChainHeight);
    const outer = parent.genesis
      ? encodeProposerBlock({ parentId: parent.id, timestamp, pChainHeight, certificate: new Uint8Array(0), inner: inner.bytes })
      : encodeProposerBlock({ parentId: parent.id, timestamp, pChainHeight, certificate: this.opts.certificate, inner: inner.bytes, epoch }, this.opts.sign, this.opts.chainId);
    const next: Head = { id: outer.id, innerId: inner.id, height: inner.height, timestamp, pChainHeight, epoch, genesis: false };
    return { container: this.containerOf(outer, inner), next };
  }

  /** The option block (type 1) that wraps `inner` after the proposal `parent`, and the head after it. */
  private wrapOption(parent: Head, inner: InnerBlock): { container: AcceptedContainer; next: Head } {
    if (parent.genesis) throw new Error('an option block needs a proposal block as its parent');
    if (inner.height !== parent.height + 1n) throw new Error(`block height ${inner.height} does not follow ${parent.height}`);
    const outer = encodeOptionBlock(parent.id, inner.bytes);
    return { container: this.containerOf(outer, inner), next: { ...parent, id: outer.id, innerId: inner.id, height: inner.height } };
  }

  private containerOf(outer: { id: Uint8Array; bytes: Uint8Array }, inner: InnerBlock): AcceptedContainer {
    return { chainAlias: this.opts.chainAlias, chainId: this.opts.chainId, id: outer.id, bytes: outer.bytes, height: inner.height, inner, acceptedAtNanos: this.nowNanos() };
  }

  /** Writes the blocks, the VM's writes, the engine's records and every sink's writes in one batch. */
  private async commit(blocks: { container: AcceptedContainer; next: Head }[], vmOps: KvOp[][]): Promise<AcceptedContainer[]> {
    const ops: KvOp[] = [];
    const prepared: { commit(): void; abort?(): void }[] = [];
    blocks.forEach(({ container }, i) => {
      ops.push(...vmOps[i]!);
      ops.push({ type: 'put', key: key(this.prefix, utf8('h/'), u64Key(container.height)), value: key(container.id, u64Key(container.acceptedAtNanos), container.bytes) });
      for (const sink of this.sinks) {
        const p = sink.prepare(container);
        ops.push(...p.ops);
        prepared.push(p);
      }
    });
    const last = blocks[blocks.length - 1]!.next;
    ops.push({ type: 'put', key: key(this.prefix, utf8('head')), value: encodeHead(last) });
    try {
      await this.opts.db.batch(ops);
    } catch (e) {
      for (const p of prepared.reverse()) p.abort?.();
      throw e;
    }
    this.head = last;
    for (const p of prepared) p.commit();
    const containers = blocks.map((b) => b.container);
    for (const c of containers) for (const l of this.listeners) l(c);
    return containers;
  }

  /**
   * Devnet rewind (evm_revert, anvil_reset): forgets every accepted block above `height` — the engine's
   * records, each sink's (prepareRewind) and the VM's own `vmOps` — in one atomic batch. This rewrites
   * history: the next blocks reuse the dropped heights, so indexers see a reorg. `innerId` is the VM's id
   * of the block at `height`, the parent of its next block.
   */
  async rewindTo(height: bigint, innerId: Uint8Array, vmOps: KvOp[]): Promise<void> {
    const head = this.head;
    if (height > head.height) throw new Error(`cannot rewind to height ${height}: the last accepted height is ${head.height}`);
    const next = height === 0n ? this.genesisHead() : await this.headAt(height, innerId);
    const ops: KvOp[] = [...vmOps];
    for (let h = height + 1n; h <= head.height; h++) ops.push({ type: 'del', key: key(this.prefix, utf8('h/'), u64Key(h)) });
    const headKey = key(this.prefix, utf8('head'));
    ops.push(height === 0n ? { type: 'del', key: headKey } : { type: 'put', key: headKey, value: encodeHead(next) });
    const prepared = [];
    for (const s of this.sinks) if (s.prepareRewind) prepared.push(await s.prepareRewind(height));
    for (const p of prepared) ops.push(...p.ops);
    await this.opts.db.batch(ops);
    this.head = next;
    for (const p of prepared) p.commit();
    for (const l of this.rewindListeners) l(this.opts.chainAlias, height);
  }

  /** The head record of the accepted block at `height` (≥ 1), rebuilt from its stored outer block. */
  private async headAt(height: bigint, innerId: Uint8Array): Promise<Head> {
    const c = await this.containerAt(height);
    if (!c) throw new Error(`no accepted block at height ${height}`);
    const b = decodeProposerBlock(c.bytes);
    return { id: c.id, innerId, height, timestamp: b.timestamp ?? 0n, pChainHeight: b.pChainHeight ?? 0n, epoch: b.epoch, genesis: false };
  }

  private genesisHead(): Head {
    return { id: this.opts.genesisId, innerId: this.opts.genesisId, height: 0n, timestamp: this.opts.genesisTimestamp, pChainHeight: 0n, epoch: undefined, genesis: true };
  }

  private nowNanos(): bigint {
    return this.opts.now ? this.opts.now() : BigInt(Date.now()) * 1_000_000n;
  }

  private async load(): Promise<void> {
    const raw = await this.opts.db.get(key(this.prefix, utf8('head')));
    this.head = raw
      ? decodeHead(raw)
      : { id: this.opts.genesisId, innerId: this.opts.genesisId, height: 0n, timestamp: this.opts.genesisTimestamp, pChainHeight: 0n, epoch: undefined, genesis: true };
  }
}

/** Granite epochs: the first gets {parent P-height, 1, parent time}; a new one starts after the epoch duration. */
function nextEpoch(parent: Head, _pChainHeight: bigint): Epoch {
  if (!parent.epoch) return { pChainHeight: parent.pChainHeight, number: 1n, startTime: parent.timestamp };
  if (parent.timestamp >= parent.epoch.startTime + EPOCH_DURATION_S) {
    return { pChainHeight: parent.pChainHeight, number: parent.epoch.number + 1n, startTime: parent.timestamp };
  }
  return parent.epoch;
}

function encodeHead(h: Head): Uint8Array {
  const out = new Uint8Array(32 + 8 * 3 + 1 + 24 + 32);
  const v = new DataView(out.buffer);
  out.set(h.id, 0);
  out.set(h.innerId, 81);
  v.setBigUint64(32, h.height);
  v.setBigInt64(40, h.timestamp);
  v.setBigUint64(48, h.pChainHeight);
  if (h.epoch) {
    out[56] = 1;
    v.setBigUint64(57, h.epoch.pChainHeight);
    v.setBigUint64(65, h.epoch.number);
    v.setBigInt64(73, h.epoch.startTime);
  }
  return out;
}

function decodeHead(b: Uint8Array): Head {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const hasEpoch = b[56] === 1;
  return {
    id: b.slice(0, 32),
    innerId: b.slice(81, 113),
    height: v.getBigUint64(32),
    timestamp: v.getBigInt64(40),
    pChainHeight: v.getBigUint64(48),
    epoch: hasEpoch ? { pChainHeight: v.getBigUint64(57), number: v.getBigUint64(65), startTime: v.getBigInt64(73) } : undefined,
    genesis: false,
  };
}
