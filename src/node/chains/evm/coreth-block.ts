import { RLP } from '@ethereumjs/rlp';
import { intToBytes } from '@ethereumjs/util';
import { uintOf } from '../../../lib/bytes.js';
import { type CorethHeader, headerFields, headerFromFields, headerHash } from './coreth-header.js';
import { keccak256 } from './crypto.js';
import { encodingOf, itemsOf, rlpListItems, type RlpItem } from '../../../lib/rlp-items.js';

/**
 * coreth's block (customtypes/block_ext.go): `[header, txs, uncles, version u32, extData bytes]` — no
 * withdrawals. Transactions are kept as their network encoding: a legacy tx is an RLP list (stored here as
 * that list's encoding), a typed tx is `type ‖ payload` carried as a byte string.
 */
export interface CorethBlock {
  header: CorethHeader;
  /** Canonical tx encodings (`tx.serialize()`): RLP list for legacy, `type ‖ rlp` for typed. */
  txs: Uint8Array[];
  uncles: CorethHeader[];
  version: number;
  extData: Uint8Array;
}

/** keccak256(RLP(empty list)) — the uncle hash of every block without uncles. */
export const EMPTY_UNCLE_HASH = keccak256(RLP.encode([]));
/** keccak256(RLP(empty string)) — the empty trie root, and ExtDataHash of empty ext data. */
export const EMPTY_ROOT = keccak256(RLP.encode(new Uint8Array(0)));

/** ExtDataHash = keccak256(RLP(extData bytes)). */
export function extDataHash(extData: Uint8Array): Uint8Array {
  return keccak256(RLP.encode(extData));
}

function txItem(tx: Uint8Array): Uint8Array | Uint8Array[] {
  // legacy: the tx is an RLP list and is embedded as a list; typed: a byte string
  if (tx.length > 0 && tx[0]! >= 0xc0) return RLP.decode(tx) as Uint8Array[];
  return tx;
}

export function encodeBlock(block: CorethBlock): Uint8Array {
  return RLP.encode([
    headerFields(block.header),
    block.txs.map(txItem),
    block.uncles.map(headerFields),
    block.version === 0 ? new Uint8Array(0) : intToBytes(block.version),
    block.extData,
  ] as never);
}

/**
 * A block's header, txs and uncles read as views of `bytes`, not copies, with `headerFromFields` the chain's
 * header reader: a stored block is decoded for each read of it, and ethereumjs' decoder copied every string, the
 * bulk of a node's garbage when serving blocks. So `bytes` must not change afterwards. A legacy tx is its list's
 * own encoding, cut out as is.
 */
export function decodeBlockBody(
  bytes: Uint8Array, parts: { header: RlpItem; txs: RlpItem; uncles: RlpItem }, headerFromFields: (fields: unknown[]) => CorethHeader,
): Pick<CorethBlock, 'header' | 'txs' | 'uncles'> {
  if (!parts.header.list || !parts.txs.list || !parts.uncles.list) throw new Error('rlp: malformed block');
  const header = (it: RlpItem) => {
    if (!it.list) throw new Error('rlp: malformed block');
    // a nested list where a field belongs becomes [], which the header reader refuses
    return headerFromFields(itemsOf(bytes, it).map((f) => (f.list ? [] : bytes.subarray(f.start, f.end))));
  };
  return {
    header: header(parts.header),
    txs: itemsOf(bytes, parts.txs).map((t) => (t.list ? encodingOf(bytes, t) : bytes.subarray(t.start, t.end))),
    uncles: itemsOf(bytes, parts.uncles).map(header),
  };
}

/** coreth's block from its encoding; byte fields are views of `bytes` (decodeBlockBody). */
export function decodeBlock(bytes: Uint8Array): CorethBlock {
  const items = rlpListItems(bytes);
  if (items.length !== 5) throw new Error('rlp: expected block list of 5 items');
  const [header, txs, uncles, version, extData] = items as [RlpItem, RlpItem, RlpItem, RlpItem, RlpItem];
  const body = decodeBlockBody(bytes, { header, txs, uncles }, headerFromFields);
  if (version.list || version.end - version.start > 4) throw new Error('rlp: block version must be a uint32');
  if (extData.list) throw new Error('rlp: block extData must be bytes');
  return {
    ...body,
    version: Number(uintOf(bytes.subarray(version.start, version.end))),
    extData: bytes.subarray(extData.start, extData.end),
  };
}

export function blockHash(block: CorethBlock): Uint8Array {
  return headerHash(block.header);
}
