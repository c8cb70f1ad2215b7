import { keyHashOf, type JsonByteReader } from './json-byte-reader.js';

/**
 * The keys one kind of object is read by, each found in one lookup: a table of slots indexed by bits of the hash
 * `key()` computes as it scans a key, chosen so that no two of the names share a slot; the name in the slot is then
 * confirmed on the key's bytes. `find` gives the name's index in `names`, for a switch with a case per index.
 */
export class KeyTable {
  private readonly slots: Int8Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(private readonly names: readonly string[]) {
    if (names.length > 127) throw new Error('too many keys');
    const hashes = names.map(keyHashOf);
    for (let bits = Math.ceil(Math.log2(names.length + 1)); bits <= 12; bits++) {
      for (let shift = 0; shift <= 32 - bits; shift++) {
        const slots = new Int8Array(1 << bits).fill(-1);
        const mask = (1 << bits) - 1;
        if (hashes.every((h, i) => slots[(h >>> shift) & mask] === -1 && ((slots[(h >>> shift) & mask] = i), true))) {
          this.slots = slots;
          this.shift = shift;
          this.mask = mask;
          return;
        }
      }
    }
    throw new Error(`no table without collisions for ${names.join(', ')}`);
  }

  /** The index in `names` of key `k`, just read by `r.key()`; -1 if it is none of them. */
  find(r: JsonByteReader, k: number): number {
    const i = this.slots[(r.keyHash >>> this.shift) & this.mask]!;
    return i >= 0 && r.keyIs(k, this.names[i]!) ? i : -1;
  }

  /**
   * The bytes of the last object's members' keys, from where each started (any whitespace before its quote
   * included) to past its colon, and what `find` gave for them: a node writes every object of a kind with the same
   * keys in the same order.
   */
  private readonly lastKeys: Uint8Array[] = [];
  private readonly lastFound: number[] = [];

  /**
   * Reads the key of an object's member `member` (0 for its first) and gives its index in `names`, or -1. When its
   * bytes are those of the same member of the last object read, it is that member's key, found without hashing it.
   */
  readKey(r: JsonByteReader, member: number): number {
    const { buf } = r;
    const start = r.pos;
    const last = this.lastKeys[member];
    if (last !== undefined) {
      let j = 0;
      while (j < last.length && buf[start + j] === last[j]) j++;
      if (j === last.length) {
        r.pos = start + j;
        return this.lastFound[member]!;
      }
    }
    const found = this.find(r, r.key());
    // a copy: the reader's buffer may be reused for the next reply (Buffer's slice would be a view of it)
    this.lastKeys[member] = Uint8Array.prototype.slice.call(buf, start, r.pos);
    this.lastFound[member] = found;
    return found;
  }
}
