import { sameBytes } from '../../lib/bytes.js';
import { hexOf } from '../../lib/hex.js';
import { type AddressEvents, packEvent } from '../../store/rollups/address-rollup.js';
import type { EvmAppendOnlyRows } from '../../store/writers/evm/write-evm-batch.js';

/**
 * The address events of a range of blocks (the from and to of each transaction and token transfer, as the address
 * rollup counts them), packed as they were decoded: 20 bytes of address, the block and `packEvent` of its time each.
 */
export class AddressEventChunk {
  private addresses = new Uint8Array(20 * 1024);
  private blocks = new Float64Array(1024);
  private packed = new Int32Array(1024);
  private count = 0;
  /** Each block's hash, from the range's first block on: set by `seal`. */
  private hashes: Uint8Array[] = [];
  first = -1n;

  addRows(rows: Pick<EvmAppendOnlyRows, 'transactions' | 'tokenTransfers'>): void {
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

  /** Adds this chunk's events of blocks [from, to] to `into`. */
  collect(from: bigint, to: bigint, into: AddressGrouper): void {
    const lo = Number(from);
    const hi = Number(to);
    for (let i = 0; i < this.count; i++) {
      const n = this.blocks[i]!;
      if (n >= lo && n <= hi) into.add(this.addresses, i * 20, this.packed[i]!);
    }
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
 * Events grouped by address without a string per event: an open-addressing table keyed by the address's first four
 * bytes (addresses are hashes), each slot's address checked byte by byte; hex keys are made once per address. An
 * event equal to one of the address's last two is left out (the rollup counts an hour once however often it comes).
 */
export class AddressGrouper {
  private slots = new Int32Array(1 << 12);
  private readonly firsts: { bytes: Uint8Array; offset: number }[] = [];
  private readonly hours: number[][] = [];

  add(bytes: Uint8Array, offset: number, packed: number): void {
    if (this.hours.length * 2 >= this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let slot = (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) & mask;
    for (;;) {
      const group = this.slots[slot]! - 1;
      if (group < 0) {
        this.slots[slot] = this.hours.length + 1;
        this.firsts.push({ bytes, offset });
        this.hours.push([packed]);
        return;
      }
      const first = this.firsts[group]!;
      if (sameAddress(first.bytes, first.offset, bytes, offset)) {
        // An address's events come in block order, sent and received interleaved: one each way an hour is what counts.
        const hours = this.hours[group]!;
        const n = hours.length;
        if (hours[n - 1] !== packed && (n < 2 || hours[n - 2] !== packed)) hours.push(packed);
        return;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** One entry per address: its hex key and its events' packed hours. */
  groups(): AddressEvents[] {
    return this.hours.map((hours, i) => ({ key: hexOf(this.firsts[i]!.bytes, this.firsts[i]!.offset, this.firsts[i]!.offset + 20), hours }));
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let group = 0; group < this.firsts.length; group++) {
      const { bytes, offset } = this.firsts[group]!;
      let slot = (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = group + 1;
    }
  }
}

function sameAddress(a: Uint8Array, i: number, b: Uint8Array, j: number): boolean {
  for (let k = 0; k < 20; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}

/**
 * Address events handed from an EVM chain's block stream to its rollup stream in memory, so the rollups need not
 * read them back from the tables just written. The block stream adds a batch's chunk once the batch is committed;
 * the rollup stream takes ranges in block order. A range the log does not hold whole (the rollups started behind,
 * or the log dropped chunks past its bound) is read from the store instead, as it always can be.
 */
export class AddressEventLog {
  private chunks: AddressEventChunk[] = [];
  private held = 0;

  // 32 bytes an event: a million is ~32 MB, ~30,000 blocks of the bench chain (the rollups trail by one 5,000-block batch).
  constructor(private readonly maxEvents = 1_000_000) {}

  add(chunk: AddressEventChunk): void {
    const prev = this.chunks[this.chunks.length - 1];
    if (chunk.first < 0n || (prev && chunk.first !== prev.last + 1n)) this.clear();
    this.chunks.push(chunk);
    this.held += chunk.events;
    while (this.held > this.maxEvents && this.chunks.length > 0) this.held -= this.chunks.shift()!.events;
  }

  /**
   * The events of blocks [from, to] grouped by address, if the log holds all of them and its block `to` has the hash
   * the store has; chunks wholly before `to` are let go either way. Undefined: read them from the store.
   */
  take(from: bigint, to: bigint, lastHash: Uint8Array): AddressEvents[] | undefined {
    const covering = this.chunks.filter((c) => c.last >= from && c.first <= to);
    const whole = covering.length > 0 && covering[0]!.first <= from && covering[covering.length - 1]!.last >= to;
    const at = whole ? covering[covering.length - 1]!.hashAt(to) : undefined;
    const matches = at !== undefined && sameBytes(at, lastHash);
    let out: AddressEvents[] | undefined;
    if (matches) {
      const grouper = new AddressGrouper();
      for (const c of covering) c.collect(from, to, grouper);
      out = grouper.groups();
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
