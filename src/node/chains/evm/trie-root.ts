import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from './crypto.js';

type Node = Uint8Array | Node[];

/** keccak(rlp('')): the root of an empty trie. */
export const EMPTY_TRIE_ROOT = keccak256(RLP.encode(new Uint8Array(0)));

/**
 * The root of the Merkle-Patricia trie mapping rlp(i) → values[i] (a block's transactions or receipts
 * root, geth's DeriveSha), computed in one pass over the sorted keys. Building an ethereumjs trie for this
 * costs a trie object, a node store and a hash per node write; blocks are built one per tx in automine.
 */
export function orderedTrieRoot(values: Uint8Array[]): Uint8Array {
  if (values.length === 0) return EMPTY_TRIE_ROOT;
  const items = values.map((value, i) => ({ path: nibbles(RLP.encode(i)), value }));
  items.sort((a, b) => compare(a.path, b.path));
  return keccak256(RLP.encode(build(items, 0, items.length, 0)));
}

interface Item { path: Uint8Array; value: Uint8Array }

/** The node holding items [lo, hi), which share their first `depth` nibbles. */
function build(items: Item[], lo: number, hi: number, depth: number): Node {
  const first = items[lo]!;
  if (hi - lo === 1) return [hexPrefix(first.path.subarray(depth), true), first.value];
  // sorted, so the common prefix of all items is that of the first and the last
  const last = items[hi - 1]!;
  let common = depth;
  while (common < first.path.length && common < last.path.length && first.path[common] === last.path[common]) common++;
  if (common > depth) return [hexPrefix(first.path.subarray(depth, common), false), ref(build(items, lo, hi, common))];
  const branch: Node[] = new Array<Node>(17).fill(new Uint8Array(0));
  let i = lo;
  if (first.path.length === depth) { branch[16] = first.value; i++; }
  while (i < hi) {
    const nib = items[i]!.path[depth]!;
    let j = i + 1;
    while (j < hi && items[j]!.path[depth] === nib) j++;
    branch[nib] = ref(build(items, i, j, depth + 1));
    i = j;
  }
  return branch;
}

/** A child as its parent holds it: inline when its encoding is under 32 bytes, else its hash. */
function ref(node: Node): Node {
  const enc = RLP.encode(node);
  return enc.length < 32 ? node : keccak256(enc);
}

function nibbles(key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length * 2);
  for (let i = 0; i < key.length; i++) { out[2 * i] = key[i]! >> 4; out[2 * i + 1] = key[i]! & 15; }
  return out;
}

/** Compact (hex-prefix) encoding of a nibble path, with the leaf flag. */
function hexPrefix(path: Uint8Array, leaf: boolean): Uint8Array {
  const odd = path.length % 2;
  const out = new Uint8Array(Math.floor(path.length / 2) + 1);
  out[0] = ((leaf ? 2 : 0) + odd) << 4;
  let p = 0;
  if (odd) { out[0] |= path[0]!; p = 1; }
  for (let i = 1; i < out.length; i++, p += 2) out[i] = (path[p]! << 4) | path[p + 1]!;
  return out;
}

function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
