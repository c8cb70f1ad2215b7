/**
 * A zero-copy reader of RLP lists: the items of a list as ranges of the input, for hot paths that only want a
 * few fields as numbers or hex (ethereumjs' decoder copies every string into a new array). Canonical
 * encodings only; anything else throws.
 */

/** One item: a string's payload [start, end), or a list's payload when `list`. */
export interface RlpItem {
  list: boolean;
  start: number;
  end: number;
}

/** The item that starts at `at`, checked against `limit`; `next` is where the following item starts. */
function item(b: Uint8Array, at: number, limit: number): RlpItem & { next: number } {
  if (at >= limit) throw new Error('rlp: item past the end');
  const p = b[at]!;
  let start: number;
  let len: number;
  let list = false;
  if (p < 0x80) return { list: false, start: at, end: at + 1, next: at + 1 };
  if (p <= 0xb7) {
    start = at + 1;
    len = p - 0x80;
    if (len === 1 && b[start]! < 0x80) throw new Error('rlp: single byte below 0x80 encoded as a string');
  } else if (p <= 0xbf) {
    len = longLength(b, at, p - 0xb7, limit);
    start = at + 1 + p - 0xb7;
  } else if (p <= 0xf7) {
    list = true;
    start = at + 1;
    len = p - 0xc0;
  } else {
    list = true;
    len = longLength(b, at, p - 0xf7, limit);
    start = at + 1 + p - 0xf7;
  }
  const end = start + len;
  if (end > limit) throw new Error('rlp: item longer than its input');
  return { list, start, end, next: end };
}

/** The payload length of a long-form item at `at` (its payload starts after the `lenOfLen` length bytes). */
function longLength(b: Uint8Array, at: number, lenOfLen: number, limit: number): number {
  if (at + 1 + lenOfLen > limit) throw new Error('rlp: length past the end');
  if (b[at + 1] === 0) throw new Error('rlp: length with a leading zero');
  let len = 0;
  for (let i = 0; i < lenOfLen; i++) len = len * 256 + b[at + 1 + i]!;
  if (len < 56) throw new Error('rlp: long form for a short item');
  return len;
}

/** The items of the list `b[at..]` (the whole input must be that one list). */
export function rlpListItems(b: Uint8Array, at = 0): RlpItem[] {
  const top = item(b, at, b.length);
  if (!top.list) throw new Error('rlp: expected a list');
  if (top.next !== b.length) throw new Error('rlp: trailing bytes after the list');
  return itemsOf(b, top);
}

/** The items inside a list item. */
export function itemsOf(b: Uint8Array, list: RlpItem): RlpItem[] {
  if (!list.list) throw new Error('rlp: expected a list');
  const out: RlpItem[] = [];
  // each item as item() made it (its `next` along): one object an item, not two
  for (let at = list.start; at < list.end;) {
    const it = item(b, at, list.end);
    out.push(it);
    at = it.next;
  }
  return out;
}

/** The whole encoding of `it` (its length prefix and payload) as a view of `b`; items are canonical, so the prefix length follows from the payload's. */
export function encodingOf(b: Uint8Array, it: RlpItem): Uint8Array {
  const len = it.end - it.start;
  if (!it.list && len === 1 && b[it.start]! < 0x80) return b.subarray(it.start, it.end);
  let prefix = 1;
  if (len >= 56) for (let n = len; n > 0; n = Math.floor(n / 256)) prefix++;
  return b.subarray(it.start - prefix, it.end);
}
