import { idFromString, idToString } from '../../../../lib/cb58.js';
import type { KvOp, KvStore } from '../../../storage/kv.js';
import type { AtomicElement, AtomicRequests, SharedMemory } from '../../shared-memory/shared-memory.js';
import type { EvmLog } from '../acceptor.js';
import type { ExtDataContext } from '../block-builder.js';
import type { StoredBlock } from '../block-store.js';
import type { BlockExtension } from '../evm-chain.js';
import { MAX_ATOMIC_TX_MEMPOOL_GAS, TARGET_ATOMIC_TXS_SIZE, atomicBurned, atomicDynamicFee, atomicGasPrice, atomicGasUsed } from './gas.js';
import { AtomicMempool } from './mempool.js';
import { AtomicRepository } from './repository.js';
import { applyStateTransfer, overlayDb, stateManagerDb } from './state-transfer.js';
import { decodeAtomicUtxo, encodeAtomicBatch, encodeAtomicUtxo, inputUtxoIds, parseAtomicTx, utxoInputId, type AtomicTx } from './tx-codec.js';
import { verifyAtomicSemantics, type AtomicVerifyContext, type SharedGet } from './verifier.js';
import { hexOf } from '../../../../lib/hex.js';

/** The parts of the EVM chain the atomic backend uses (EvmChain has them all). */
export interface AtomicChain {
  nextFees(): { baseFee: bigint };
  getBalance(address: Uint8Array): Promise<bigint>;
  getNonce(address: Uint8Array): Promise<bigint>;
  /** Automine: build a block for the waiting atomic txs now. */
  requestBlock(): Promise<void>;
  setBlockExtension(ext: BlockExtension): void;
}

export interface AtomicBackendOptions {
  db: KvStore;
  chain: AtomicChain;
  sharedMemory: SharedMemory;
  networkId: number;
  hrp: string;
  cChainId: Uint8Array;
  xChainId: Uint8Array;
  pChainId: Uint8Array;
  avaxAssetId: Uint8Array;
  log: EvmLog;
  /** Unix seconds (time-locked UTXOs). */
  now?: () => bigint;
}

export type AtomicStatus = 'Unknown' | 'Dropped' | 'Processing' | 'Accepted';

/** A tx in the block being built, with the UTXOs it consumed (kept so a devnet rewind can give them back). */
interface Included {
  tx: AtomicTx;
  consumed: Uint8Array[];
}

const hex = (b: Uint8Array) => hexOf(b);

/**
 * coreth's atomic VM for the devnet's C-chain: ImportTx/ExportTx issued through the avax API are verified
 * at the tip, wait in the atomic mempool, and ride in the next block's extra data (the chain's block
 * extension). A block's shared-memory requests, its accepted-tx records and its EVM state go to disk in
 * the same batch.
 */
export class AtomicBackend implements BlockExtension {
  readonly mempool = new AtomicMempool();
  readonly repository: AtomicRepository;
  readonly ctx: AtomicVerifyContext;
  private building: Included[] | undefined;

  private constructor(private readonly opts: AtomicBackendOptions) {
    this.repository = new AtomicRepository(opts.db, opts.cChainId);
    this.ctx = {
      networkId: opts.networkId,
      chainId: opts.cChainId,
      avaxAssetId: opts.avaxAssetId,
      peers: [opts.xChainId, opts.pChainId],
      now: opts.now ?? (() => BigInt(Math.floor(Date.now() / 1000))),
    };
  }

  /** Creates the backend and plugs it into the chain's block building. */
  static attach(opts: AtomicBackendOptions): AtomicBackend {
    const backend = new AtomicBackend(opts);
    opts.chain.setBlockExtension(backend);
    return backend;
  }

  get hrp(): string { return this.opts.hrp; }
  get chainId(): Uint8Array { return this.opts.cChainId; }

  // ------------------------------------------------------------------ issuing

  /**
   * avax.issueTx: parses, verifies at the tip and queues the tx; with automine, resolves once the block
   * that carries it is accepted. A tx already waiting is not an error (coreth's "already known").
   */
  async issueTx(bytes: Uint8Array): Promise<Uint8Array> {
    let tx: AtomicTx;
    try {
      tx = parseAtomicTx(bytes);
    } catch (e) {
      throw new Error(`problem parsing transaction: ${(e as Error).message}`);
    }
    if (!this.mempool.has(tx.id)) {
      await this.verifyAtTip(tx);
      if (!this.mempool.has(tx.id)) this.mempool.add(tx, atomicGasPrice(tx, this.ctx.avaxAssetId));
    }
    try {
      await this.opts.chain.requestBlock();
    } catch (e) {
      this.opts.log.error('C-chain block for atomic tx failed', { tx: idToString(tx.id), error: (e as Error).message });
    }
    return tx.id;
  }

  /** verifyTxAtTip: size and gas limits, the semantic checks at the next base fee, and the state transfer on the head's state. */
  async verifyAtTip(tx: AtomicTx): Promise<void> {
    if (tx.bytes.length > TARGET_ATOMIC_TXS_SIZE) throw new Error(`tx size (${tx.bytes.length}) exceeds total atomic txs size target (${TARGET_ATOMIC_TXS_SIZE})`);
    const gas = atomicGasUsed(tx);
    if (gas > MAX_ATOMIC_TX_MEMPOOL_GAS) throw new Error(`tx gas usage (${gas}) exceeds maximum allowed mempool gas usage (${MAX_ATOMIC_TX_MEMPOOL_GAS})`);
    const chain = this.opts.chain;
    await verifyAtomicSemantics(tx, this.ctx, chain.nextFees().baseFee, this.sharedGet);
    await applyStateTransfer(tx, overlayDb({ balance: (a) => chain.getBalance(a), nonce: (a) => chain.getNonce(a) }));
  }

  private readonly sharedGet: SharedGet = (peer, ids) => this.opts.sharedMemory.get(this.opts.cChainId, peer, ids);

  // ------------------------------------------------------------------ reads

  /** An accepted tx (with its block height), one in the mempool, or nothing. */
  async lookup(id: Uint8Array): Promise<{ status: AtomicStatus; bytes?: Uint8Array; height?: bigint }> {
    const accepted = await this.repository.get(id);
    if (accepted) return { status: 'Accepted', bytes: accepted.bytes, height: accepted.height };
    const pooled = this.mempool.get(id);
    if (pooled) return { status: pooled.dropped ? 'Dropped' : 'Processing', bytes: pooled.tx.bytes };
    return { status: 'Unknown' };
  }

  /** avax.getUTXOs: UTXOs `source` exported to the C-chain owned by any of `addrs`, resuming after (startAddr, startUtxo). */
  async atomicUtxos(source: Uint8Array, addrs: Uint8Array[], startAddr: Uint8Array, startUtxo: Uint8Array, limit: number): Promise<{ utxos: Uint8Array[]; endAddr: Uint8Array; endUtxo: Uint8Array }> {
    const zero = (b: Uint8Array) => b.every((x) => x === 0);
    const start = zero(startAddr) && zero(startUtxo) ? undefined : { trait: startAddr, key: startUtxo };
    const unique = [...new Map(addrs.map((a) => [hex(a), a])).values()];
    const page = await this.opts.sharedMemory.indexed(this.opts.cChainId, source, unique, limit, start);
    return { utxos: page.values, endAddr: page.lastTrait ?? new Uint8Array(20), endUtxo: page.lastKey ?? new Uint8Array(32) };
  }

  /** A chain for `sourceChain`: P, X, C, their long aliases, or a cb58 id (BCLookup). */
  lookupChain(alias: string): Uint8Array {
    const o = this.opts;
    const known: Record<string, Uint8Array> = { P: o.pChainId, platform: o.pChainId, X: o.xChainId, avm: o.xChainId, C: o.cChainId, evm: o.cChainId };
    const hit = known[alias];
    if (hit) return hit;
    try {
      return idFromString(alias);
    } catch {
      throw new Error(`there is no ID with alias ${alias}`);
    }
  }

  // ------------------------------------------------------------------ the block extension

  hasPending(): boolean {
    return this.mempool.hasPending;
  }

  /**
   * postBatchOnFinalizeAndAssemble: takes the mempool's txs by gas price, skips what no longer fits the
   * size target or the atomic gas left, drops conflicting or now-invalid txs, and applies the rest to
   * the block's state.
   */
  readonly build = async (ctx: ExtDataContext): Promise<{ extData: Uint8Array; gasUsed: bigint }> => {
    const included: Included[] = [];
    this.building = included;
    const spent = new Set<string>();
    let gasUsed = 0n;
    let size = 0;
    const db = stateManagerDb(ctx.state);
    for (const tx of this.mempool.beginBuild()) {
      if (size + tx.bytes.length > TARGET_ATOMIC_TXS_SIZE) break;
      const gas = atomicGasUsed(tx);
      let fee: bigint;
      try {
        fee = atomicDynamicFee(gas, ctx.baseFee);
        if (fee > atomicBurned(tx, this.ctx.avaxAssetId)) throw new Error(`insufficient AVAX burned (${atomicBurned(tx, this.ctx.avaxAssetId)}) to cover import tx fee (${fee})`);
      } catch (e) {
        this.drop(tx, (e as Error).message);
        continue;
      }
      if (gasUsed + gas > ctx.gasCapacity) break;
      const spends = inputUtxoIds(tx).map(hex);
      if (spends.some((s) => spent.has(s))) {
        this.drop(tx, 'invalid block due to conflicting atomic inputs');
        continue;
      }
      const consumed: Uint8Array[] = [];
      const recordingGet: SharedGet = async (peer, ids) => {
        const values = await this.sharedGet(peer, ids);
        consumed.push(...values);
        return values;
      };
      await ctx.state.checkpoint();
      try {
        await verifyAtomicSemantics(tx, this.ctx, ctx.baseFee, recordingGet);
        await applyStateTransfer(tx, db);
        await ctx.state.commit();
      } catch (e) {
        await ctx.state.revert();
        this.drop(tx, (e as Error).message);
        continue;
      }
      for (const s of spends) spent.add(s);
      included.push({ tx, consumed });
      gasUsed += gas;
      size += tx.bytes.length;
    }
    return { extData: included.length > 0 ? encodeAtomicBatch(included.map((i) => i.tx)) : new Uint8Array(0), gasUsed };
  };

  private drop(tx: AtomicTx, error: string): void {
    this.mempool.discard(tx.id);
    this.opts.log.warn('C-chain atomic tx dropped', { tx: idToString(tx.id), error });
  }

  /** Shared-memory requests (imports consume, exports put) and the accepted-tx records, for the block's batch. */
  async acceptOps(block: StoredBlock): Promise<KvOp[]> {
    const included = this.building ?? [];
    if (included.length === 0) return [];
    const requests = new Map<string, { peer: Uint8Array } & AtomicRequests>();
    const forPeer = (peer: Uint8Array) => {
      const r = requests.get(hex(peer)) ?? { peer, removes: [], puts: [] };
      requests.set(hex(peer), r);
      return r;
    };
    for (const { tx } of included) {
      if (tx.kind === 'ImportTx') forPeer(tx.sourceChain).removes.push(...inputUtxoIds(tx));
      else forPeer(tx.destinationChain).puts.push(...exportedElements(tx));
    }
    const height = block.block.header.number;
    return [
      ...(await this.opts.sharedMemory.applyOps(this.opts.cChainId, requests)),
      ...this.repository.acceptOps(height, included.map((i) => i.tx)),
      ...this.repository.consumedOps(included.filter((i) => i.tx.kind === 'ImportTx').map((i) => ({ id: i.tx.id, utxos: i.consumed }))),
    ];
  }

  accepted(): void {
    this.mempool.finishBuild((this.building ?? []).map((i) => i.tx));
    this.building = undefined;
    // txs that did not fit this block get the next one
    if (this.mempool.hasPending) void this.opts.chain.requestBlock().catch(() => undefined);
  }

  abandoned(): void {
    this.mempool.cancelBuild();
    this.building = undefined;
  }

  /**
   * A devnet rewind drops the blocks above `height`: their imported UTXOs go back to shared memory and
   * their exports are withdrawn — refused when the other chain has already imported one, since that
   * cannot be undone here.
   */
  async rewindOps(height: bigint): Promise<KvOp[]> {
    const ops: KvOp[] = [];
    const sm = this.opts.sharedMemory;
    const c = this.opts.cChainId;
    for (const { height: h, ids } of await this.repository.above(height)) {
      for (const id of ids) {
        const stored = await this.repository.get(id);
        if (!stored) continue;
        const tx = parseAtomicTx(stored.bytes);
        if (tx.kind === 'ImportTx') {
          const puts: AtomicElement[] = (await this.repository.consumed(id)).map((value) => {
            const u = decodeAtomicUtxo(value);
            return { key: utxoInputId(u.txId, u.outputIndex), value, traits: u.owners.addrs };
          });
          ops.push(...(await sm.applyOps(tx.sourceChain, new Map([['C', { peer: c, removes: [], puts }]]))));
        } else {
          const keys = exportedElements(tx).map((e) => e.key);
          if ((await sm.has(tx.destinationChain, c, keys)).some((present) => !present)) {
            throw new Error(`cannot rewind past block ${h}: atomic tx ${idToString(tx.id)} exported UTXOs that ${idToString(tx.destinationChain)} has already imported`);
          }
          ops.push(...(await sm.applyOps(tx.destinationChain, new Map([['C', { peer: c, removes: keys, puts: [] }]]))));
        }
      }
      ops.push(...this.repository.forgetOps(h, ids));
    }
    return ops;
  }
}

/** An export's UTXOs as shared-memory elements: output i of the tx, keyed by its input id, owned by its addresses. */
function exportedElements(tx: AtomicTx & { kind: 'ExportTx' }): AtomicElement[] {
  return tx.exportedOutputs.map((o, i) => ({
    key: utxoInputId(tx.id, i),
    value: encodeAtomicUtxo({ txId: tx.id, outputIndex: i, assetId: o.assetId, outBytes: o.outBytes }),
    traits: o.owners.addrs,
  }));
}
