import { LinearReader } from '../../../../codec/linear/reader.js';
import { LinearWriter } from '../../../../codec/linear/writer.js';
import { compareBytes } from '../../../../lib/bytes.js';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';

/**
 * A block's predicate results (vms/evm/predicate/results.go BlockResults), carried in header Extra after the
 * fee bytes from Durango on: linear codec version 0, `map[txHash]map[address]bitset` where bit i set means
 * the tx's i-th predicate for that precompile failed verification. Maps are written with u32 counts and
 * entries sorted by key bytes, as linearcodec does; a bitset is `u32 len + big-endian bytes`.
 */
export type TxPredicateResults = Map<string, Uint8Array>;
/** Tx hash (0x-hex) → precompile address (0x-hex) → failure bitset. */
export type BlockPredicateResults = Map<string, TxPredicateResults>;

const CODEC_VERSION = 0;
const MAX_RESULTS_SIZE = 1024 * 1024;

const sortedByKey = <V>(m: Map<string, V>) => [...m.entries()].map(([k, v]) => [hexToBytes(k), v] as const).sort((a, b) => compareBytes(a[0], b[0]));

export function encodePredicateResults(results: BlockPredicateResults): Uint8Array {
  const w = new LinearWriter(64).u16(CODEC_VERSION).u32(results.size);
  for (const [txHash, byAddress] of sortedByKey(results)) {
    w.fixed(txHash, 32).u32(byAddress.size);
    for (const [address, bits] of sortedByKey(byAddress)) w.fixed(address, 20).bytes(bits);
  }
  const out = w.finish();
  if (out.length > MAX_RESULTS_SIZE) throw new Error(`predicate results of ${out.length} bytes exceed ${MAX_RESULTS_SIZE}`);
  return out;
}

export function decodePredicateResults(bytes: Uint8Array): BlockPredicateResults {
  const r = new LinearReader(bytes);
  if (r.remaining < 2 || r.u16() !== CODEC_VERSION) throw new Error('failed to unmarshal predicate results: unknown codec version');
  const out: BlockPredicateResults = new Map();
  const txs = r.u32();
  for (let i = 0; i < txs; i++) {
    const tx = bytesToHex(r.fixed(32));
    const byAddress: TxPredicateResults = new Map();
    const n = r.u32();
    for (let j = 0; j < n; j++) {
      const address = bytesToHex(r.fixed(20));
      byAddress.set(address, r.bytesField().slice());
    }
    out.set(tx, byAddress);
  }
  if (r.remaining !== 0) throw new Error('failed to unmarshal predicate results: trailing buffer space');
  return out;
}
