import { sameBytes } from '../../lib/bytes.js';
import { packEvent } from '../../store/rollups/address-rollup.js';
import type { HeldRollupInputs } from '../../store/rollups/update-evm-rollups.js';
import type { EvmAppendOnlyRows } from '../../store/writers/evm/write-evm-batch.js';
import { AddressGrouper } from './address-grouper.js';
import { BlockTransactionTotals, HourlyTransactionTotals } from './transaction-totals.js';

/**
 * What the rollups read of a range of blocks, gathered as it was decoded: its address events (the from and to of each
 * transaction and token transfer, as the address rollup counts them), packed as 20 bytes of address, the block and
 * `packEvent` of its time each; and each block's transaction totals.
 */
export class RollupInputChunk {
  private addresses = new Uint8Array(20 * 1024);
  private blocks = new Float64Array(1024);
  private packed = new Int32Array(1024);
  private count = 0;
  private readonly transactions = new BlockTransactionTotals();
  /** Each block's hash, from the range's first block on: set by `seal`. */
  private hashes: Uint8Array[] = [];
  first = -1n;

  addRows(rows: Pick<EvmAppendOnlyRows, 'transactions' | 'tokenTransfers'>): void {
    this.transactions.add(rows.transactions);
    for (const t of rows.transactions) {
      const ts = Number(t.blockTimestamp);
      this.push(t.from, t.blockNumber, packEvent(ts, true));
      if (t.to) this.push(t.to, t.blockNumber, packEvent(ts, false));
    }
    for (const t of rows.tokenTransfers) {
      const ts = Number(t.blockTimestamp);
      this.push(t.from, t.blockNumber, packEvent(ts, true));
      this.push(t.to, t.blockNumber, packEvent(ts, false));
    }
  }

  /** Ends the chunk with its blocks' hashes (the range's blocks in order). */
  seal(blocks: readonly { number: bigint; hash: Uint8Array }[]): void {
    this.first = blocks[0]?.number ?? -1n;
    this.hashes = blocks.map((b) => b.hash);
  }

  get last(): bigint {
    return this.first + BigInt(this.hashes.length) - 1n;
  }

  get events(): number {
    return this.count;
  }

  hashAt(n: bigint): Uint8Array | undefined {
    return this.hashes[Number(n - this.first)];
  }

  /** Adds this chunk's events and transaction totals of blocks [from, to] to `addresses` and `transactions`. */
  collect(from: bigint, to: bigint, addresses: AddressGrouper, transactions: HourlyTransactionTotals): void {
    const lo = Number(from);
    const hi = Number(to);
    for (let i = 0; i < this.count; i++) {
      const n = this.blocks[i]!;
      if (n >= lo && n <= hi) addresses.add(this.addresses, i * 20, this.packed[i]!);
    }
    this.transactions.collect(from, to, transactions);
  }

  private push(address: Uint8Array, block: bigint, packed: number): void {
    if (this.count === this.packed.length) this.grow();
    this.addresses.set(address, this.count * 20);
    this.blocks[this.count] = Number(block);
    this.packed[this.count] = packed;
    this.count++;
  }

  private grow(): void {
    const size = this.packed.length * 2;
    const addresses = new Uint8Array(20 * size);
    addresses.set(this.addresses);
    const blocks = new Float64Array(size);
    blocks.set(this.blocks);
    const packed = new Int32Array(size);
    packed.set(this.packed);
    [this.addresses, this.blocks, this.packed] = [addresses, blocks, packed];
  }
}

/**
 * Rollup inputs handed from an EVM chain's block stream to its rollup stream in memory, so the rollups need not
 * read them back from the tables just written. The block stream adds a batch's chunk once the batch is committed;
 * the rollup stream takes ranges in block order. A range the log does not hold whole (the rollups started behind,
 * or the log dropped chunks past its bound) is read from the store instead, as it always can be.
 */
export class RollupInputLog {
  private chunks: RollupInputChunk[] = [];
  private held = 0;

  // 32 bytes an event: a million is ~32 MB, ~30,000 blocks of the bench chain (the rollups trail by one 5,000-block batch);
  // the transaction totals add ~150 bytes a block.
  constructor(private readonly maxEvents = 1_000_000) {}

  add(chunk: RollupInputChunk): void {
    const prev = this.chunks[this.chunks.length - 1];
    if (chunk.first < 0n || (prev && chunk.first !== prev.last + 1n)) this.clear();
    this.chunks.push(chunk);
    this.held += chunk.events;
    while (this.held > this.maxEvents && this.chunks.length > 0) this.held -= this.chunks.shift()!.events;
  }

  /**
   * The inputs of blocks [from, to] (events grouped by address, transaction totals by hour), if the log holds all of
   * them and its block `to` has the hash the store has; chunks wholly before `to` are let go either way. Undefined:
   * read them from the store.
   */
  take(from: bigint, to: bigint, lastHash: Uint8Array): HeldRollupInputs | undefined {
    const covering = this.chunks.filter((c) => c.last >= from && c.first <= to);
    const whole = covering.length > 0 && covering[0]!.first <= from && covering[covering.length - 1]!.last >= to;
    const at = whole ? covering[covering.length - 1]!.hashAt(to) : undefined;
    const matches = at !== undefined && sameBytes(at, lastHash);
    let out: HeldRollupInputs | undefined;
    if (matches) {
      const addresses = new AddressGrouper();
      const transactions = new HourlyTransactionTotals();
      for (const c of covering) c.collect(from, to, addresses, transactions);
      out = { from, to, addresses: addresses.groups(), transactions: transactions.list() };
    }
    while (this.chunks.length > 0 && this.chunks[0]!.last <= to) this.held -= this.chunks.shift()!.events;
    return out;
  }

  clear(): void {
    this.chunks = [];
    this.held = 0;
  }

  get events(): number {
    return this.held;
  }
}
