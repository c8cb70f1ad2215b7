import { RLP } from '@ethereumjs/rlp';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { uintOf } from '../../../lib/bytes.js';
import { keccak256 } from './crypto.js';

/**
 * coreth's block header (graft/coreth/plugin/evm/customtypes/header_ext.go): geth's 15 fields, then the
 * required ExtDataHash, then optional fields in fork order. No withdrawalsHash / requestsHash.
 */
export interface CorethHeader {
  parentHash: Uint8Array;
  uncleHash: Uint8Array;
  coinbase: Uint8Array;
  stateRoot: Uint8Array;
  txRoot: Uint8Array;
  receiptRoot: Uint8Array;
  bloom: Uint8Array;
  difficulty: bigint;
  number: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  /** Unix seconds. */
  timestamp: bigint;
  extra: Uint8Array;
  mixHash: Uint8Array;
  nonce: Uint8Array;
  extDataHash: Uint8Array;
  /** Optional fields (undefined = nil). AP3+ */
  baseFee?: bigint;
  /** AP4+ */
  extDataGasUsed?: bigint;
  blockGasCost?: bigint;
  /** Cancun (Etna)+ */
  blobGasUsed?: bigint;
  excessBlobGas?: bigint;
  parentBeaconRoot?: Uint8Array;
  /** Granite+ */
  timestampMs?: bigint;
  minDelayExcess?: bigint;
}

type OptionalKey = 'baseFee' | 'extDataGasUsed' | 'blockGasCost' | 'blobGasUsed' | 'excessBlobGas' | 'parentBeaconRoot' | 'timestampMs' | 'minDelayExcess';
const OPTIONAL: { key: OptionalKey; kind: 'int' | 'hash' }[] = [
  { key: 'baseFee', kind: 'int' },
  { key: 'extDataGasUsed', kind: 'int' },
  { key: 'blockGasCost', kind: 'int' },
  { key: 'blobGasUsed', kind: 'int' },
  { key: 'excessBlobGas', kind: 'int' },
  { key: 'parentBeaconRoot', kind: 'hash' },
  { key: 'timestampMs', kind: 'int' },
  { key: 'minDelayExcess', kind: 'int' },
];

const REQUIRED_FIELDS = 16;
const EMPTY = new Uint8Array(0);
const int = (n: bigint): Uint8Array => bigIntToUnpaddedBytes(n);

/** The RLP list items, in coreth's order. Once an optional field is set, every earlier optional is emitted (nil → 0x80). */
export function headerFields(h: CorethHeader): Uint8Array[] {
  const out: Uint8Array[] = [
    h.parentHash, h.uncleHash, h.coinbase, h.stateRoot, h.txRoot, h.receiptRoot, h.bloom,
    int(h.difficulty), int(h.number), int(h.gasLimit), int(h.gasUsed), int(h.timestamp),
    h.extra, h.mixHash, h.nonce, h.extDataHash,
  ];
  let last = -1;
  OPTIONAL.forEach((f, i) => { if (h[f.key] !== undefined) last = i; });
  for (let i = 0; i <= last; i++) {
    const f = OPTIONAL[i]!;
    const v = h[f.key];
    if (v === undefined) out.push(EMPTY);
    else out.push(f.kind === 'hash' ? (v as Uint8Array) : int(v as bigint));
  }
  return out;
}

export function encodeHeader(h: CorethHeader): Uint8Array {
  return RLP.encode(headerFields(h));
}

export function headerHash(h: CorethHeader): Uint8Array {
  return keccak256(encodeHeader(h));
}

export function decodeHeader(bytes: Uint8Array): CorethHeader {
  const items = RLP.decode(bytes);
  if (!Array.isArray(items)) throw new Error('rlp: expected header list');
  return headerFromFields(items as Uint8Array[]);
}

export function headerFromFields(items: unknown[]): CorethHeader {
  if (items.length < REQUIRED_FIELDS || items.length > REQUIRED_FIELDS + OPTIONAL.length) {
    throw new Error(`rlp: header has ${items.length} fields`);
  }
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
  const n = (i: number): bigint => uintOf(b(i));
  const h: CorethHeader = {
    parentHash: fixed(0, 32), uncleHash: fixed(1, 32), coinbase: fixed(2, 20), stateRoot: fixed(3, 32),
    txRoot: fixed(4, 32), receiptRoot: fixed(5, 32), bloom: fixed(6, 256), difficulty: n(7), number: n(8),
    gasLimit: n(9), gasUsed: n(10), timestamp: n(11), extra: b(12), mixHash: fixed(13, 32), nonce: fixed(14, 8),
    extDataHash: fixed(15, 32),
  };
  for (let i = REQUIRED_FIELDS; i < items.length; i++) {
    const f = OPTIONAL[i - REQUIRED_FIELDS]!;
    const v = b(i);
    if (f.kind === 'hash') {
      if (v.length === 32) h.parentBeaconRoot = v;
      else if (v.length !== 0) throw new Error(`rlp: header field ${i} must be 32 bytes`);
    } else {
      (h as unknown as Record<string, bigint>)[f.key] = uintOf(v);
    }
  }
  return h;
}
