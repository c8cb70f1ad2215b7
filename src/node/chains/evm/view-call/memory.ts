import { bytesOf, wordOf } from './words.js';

/** Memory larger than this (32 MiB) is left to the full EVM: its expansion costs more than 2 billion gas. */
export const MAX_VIEW_MEMORY = 32 * 1024 * 1024;

/** A frame's memory: grows in 32-byte words, and charges for each word as the yellow paper's C_mem. */
export class ViewMemory {
  buf = new Uint8Array(1024);

  /** A memory to use until `release` (reused: a fresh ArrayBuffer per call cost more than the call's arithmetic). */
  static take(): ViewMemory {
    return free.pop() ?? new ViewMemory();
  }

  /** Zeroes what was used and keeps the memory for the next call (small ones only). */
  release(): void {
    if (this.buf.length > 64 * 1024 || free.length >= 16) return;
    this.buf.fill(0, 0, this.size);
    this.size = 0;
    free.push(this);
  }

  /** Bytes in use (a multiple of 32): MSIZE. */
  size = 0;

  /**
   * The gas to grow memory to cover `[offset, offset + length)`, or -1 when it is past MAX_VIEW_MEMORY. Grows it.
   * A zero length touches nothing, whatever the offset.
   */
  expand(offset: number, length: number): number {
    if (length === 0) return 0;
    const end = offset + length;
    if (end > MAX_VIEW_MEMORY) return -1;
    if (end <= this.size) return 0;
    const words = Math.ceil(end / 32);
    const before = this.size / 32;
    const cost = 3 * words + Math.floor((words * words) / 512) - (3 * before + Math.floor((before * before) / 512));
    const bytes = words * 32;
    if (bytes > this.buf.length) {
      const grown = new Uint8Array(Math.max(bytes, this.buf.length * 2));
      grown.set(this.buf.subarray(0, this.size));
      this.buf = grown;
    }
    this.size = bytes;
    return cost;
  }

  /** The 32-byte word at `offset` (memory already expanded). */
  load(offset: number): bigint {
    return wordOf(this.buf, offset, offset + 32);
  }

  /** Writes `value` as a 32-byte word at `offset` (memory already expanded). */
  store(offset: number, value: bigint): void {
    this.buf.set(bytesOf(value, 32), offset);
  }

  /** Copies `length` bytes of `source` from `from` to `offset`, zero past the source's end (memory already expanded). */
  copyIn(offset: number, source: Uint8Array, from: bigint, length: number): void {
    const start = from > BigInt(source.length) ? source.length : Number(from);
    const available = Math.min(length, source.length - start);
    if (available > 0) this.buf.set(source.subarray(start, start + available), offset);
    if (available < length) this.buf.fill(0, offset + Math.max(available, 0), offset + length);
  }

  /** A copy of `[offset, offset + length)` (memory already expanded). */
  read(offset: number, length: number): Uint8Array {
    return this.buf.slice(offset, offset + length);
  }
}

const free: ViewMemory[] = [];
