import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { uintOf } from '../../../lib/bytes.js';
import type { BlockCodec } from '../evm/block-codec.js';
import { type CorethBlock, decodeBlockBody } from '../evm/coreth-block.js';
import type { CorethHeader } from '../evm/coreth-header.js';
import { keccak256 } from '../evm/crypto.js';
import { rlpListItems, type RlpItem } from '../../../lib/rlp-items.js';

/**
 * Subnet-EVM's block layout (plugin/evm/customtypes/header_ext.go HeaderSerializable): geth's 15 header
 * fields, then optional BaseFee, BlockGasCost, BlobGasUsed, ExcessBlobGas, ParentBeaconRoot,
 * TimeMilliseconds, MinDelayExcess (a later one set forces the earlier ones, nil as 0x80). No ExtDataHash
 * or ExtDataGasUsed; the block is geth's [header, txs, uncles].
 */
type OptionalKey = 'baseFee' | 'blockGasCost' | 'blobGasUsed' | 'excessBlobGas' | 'parentBeaconRoot' | 'timestampMs' | 'minDelayExcess';
const OPTIONAL: OptionalKey[] = ['baseFee', 'blockGasCost', 'blobGasUsed', 'excessBlobGas', 'parentBeaconRoot', 'timestampMs', 'minDelayExcess'];
const REQUIRED_FIELDS = 15;
const EMPTY = new Uint8Array(0);
const ZERO_HASH = new Uint8Array(32);

export function subnetHeaderFields(h: CorethHeader): Uint8Array[] {
  const out: Uint8Array[] = [
    h.parentHash, h.uncleHash, h.coinbase, h.stateRoot, h.txRoot, h.receiptRoot, h.bloom,
    bigIntToUnpaddedBytes(h.difficulty), bigIntToUnpaddedBytes(h.number), bigIntToUnpaddedBytes(h.gasLimit),
    bigIntToUnpaddedBytes(h.gasUsed), bigIntToUnpaddedBytes(h.timestamp), h.extra, h.mixHash, h.nonce,
  ];
  let last = -1;
  OPTIONAL.forEach((k, i) => { if (h[k] !== undefined) last = i; });
  for (let i = 0; i <= last; i++) {
    const k = OPTIONAL[i]!;
    const v = h[k];
    if (v === undefined) out.push(EMPTY);
    else out.push(k === 'parentBeaconRoot' ? (v as Uint8Array) : bigIntToUnpaddedBytes(v as bigint));
  }
  return out;
}

function headerFromFields(items: unknown[]): CorethHeader {
  if (items.length < REQUIRED_FIELDS || items.length > REQUIRED_FIELDS + OPTIONAL.length) throw new Error(`rlp: header has ${items.length} fields`);
  const b = (i: number): Uint8Array => {
    const v = items[i];
    if (!(v instanceof Uint8Array)) throw new Error(`rlp: header field ${i} is not a byte string`);
    return v;
  };
  const fixed = (i: number, len: number): Uint8Array => {
    const v = b(i);
    if (v.length !== len) throw new Error(`rlp: header field ${i} must be ${len} bytes, got ${v.length}`);
    return v;
  };
  const n = (i: number) => uintOf(b(i));
  const h: CorethHeader = {
    parentHash: fixed(0, 32), uncleHash: fixed(1, 32), coinbase: fixed(2, 20), stateRoot: fixed(3, 32), txRoot: fixed(4, 32),
    receiptRoot: fixed(5, 32), bloom: fixed(6, 256), difficulty: n(7), number: n(8), gasLimit: n(9), gasUsed: n(10), timestamp: n(11),
    extra: b(12), mixHash: fixed(13, 32), nonce: fixed(14, 8),
    // not part of a subnet-EVM header; kept zero so the shared header type stays complete
    extDataHash: ZERO_HASH,
  };
  for (let i = REQUIRED_FIELDS; i < items.length; i++) {
    const k = OPTIONAL[i - REQUIRED_FIELDS]!;
    const v = b(i);
    if (k === 'parentBeaconRoot') {
      if (v.length === 32) h.parentBeaconRoot = v;
      else if (v.length !== 0) throw new Error(`rlp: header field ${i} must be 32 bytes`);
    } else {
      h[k] = uintOf(v);
    }
  }
  return h;
}

function txItem(tx: Uint8Array): Uint8Array | Uint8Array[] {
  return tx.length > 0 && tx[0]! >= 0xc0 ? (RLP.decode(tx) as Uint8Array[]) : tx;
}

export const SUBNET_EVM_BLOCK_CODEC: BlockCodec = {
  format: 'subnet-evm',
  headerHash: (h) => keccak256(RLP.encode(subnetHeaderFields(h))),
  encode: (block) => RLP.encode([subnetHeaderFields(block.header), block.txs.map(txItem), block.uncles.map(subnetHeaderFields)] as never),
  /** Byte fields are views of `bytes` (decodeBlockBody). */
  decode(bytes): CorethBlock {
    const items = rlpListItems(bytes);
    if (items.length !== 3) throw new Error('rlp: expected block list of 3 items');
    const [header, txs, uncles] = items as [RlpItem, RlpItem, RlpItem];
    return { ...decodeBlockBody(bytes, { header, txs, uncles }, headerFromFields), version: 0, extData: new Uint8Array(0) };
  },
};
