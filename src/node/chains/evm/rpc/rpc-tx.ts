import { RLP } from '@ethereumjs/rlp';
import { Capability, type TypedTransaction } from '@ethereumjs/tx';
import { keccak256 } from '../crypto.js';
import { feeCap, tipCap } from '../tx-pool.js';

/** The fields of a transaction that its RPC JSON shows. */
export interface RpcTx {
  type: number;
  nonce: bigint;
  gasLimit: bigint;
  /** Absent for a contract creation. */
  to?: Uint8Array;
  value: bigint;
  data: Uint8Array;
  /** The fee cap: maxFeePerGas, or a legacy/EIP-2930 tx's gasPrice. */
  feeCap: bigint;
  /** The tip cap: maxPriorityFeePerGas, or a legacy/EIP-2930 tx's gasPrice. */
  tipCap: bigint;
  /** True for the EIP-1559 fee market (types 2 and 4). */
  feeMarket: boolean;
  /** Typed txs only. */
  accessList?: [Uint8Array, Uint8Array[]][];
  /** Typed txs, and legacy ones signed with EIP-155 replay protection. */
  chainId?: bigint;
  v: bigint;
  r: bigint;
  s: bigint;
  hash(): Uint8Array;
}

/** keccak256(raw), computed once. */
function hashOnce(raw: Uint8Array): () => Uint8Array {
  let hash: Uint8Array | undefined;
  return () => (hash ??= keccak256(raw));
}

/**
 * The RpcTx of a decoded ethereumjs transaction (pending txs, and types decodeStoredTx leaves out). `raw`,
 * when given, is the tx's canonical encoding (as stored in a block): its hash is keccak256(raw), cheaper than
 * `tx.hash()`, which encodes the tx again.
 */
export function rpcTxOf(tx: TypedTransaction, raw?: Uint8Array): RpcTx {
  const out: RpcTx = {
    type: tx.type, nonce: tx.nonce, gasLimit: tx.gasLimit, value: tx.value, data: tx.data,
    feeCap: feeCap(tx), tipCap: tipCap(tx), feeMarket: tx.supports(Capability.EIP1559FeeMarket),
    v: tx.v ?? 0n, r: tx.r ?? 0n, s: tx.s ?? 0n, hash: raw ? hashOnce(raw) : () => tx.hash(),
  };
  if (tx.to) out.to = tx.to.bytes;
  if (tx.type !== 0) out.accessList = (tx as unknown as { accessList: [Uint8Array, Uint8Array[]][] }).accessList;
  if (tx.type !== 0 || tx.supports(Capability.EIP155ReplayProtection)) out.chainId = tx.common.chainId();
  return out;
}

const big = (b: Uint8Array | undefined): bigint => {
  if (!(b instanceof Uint8Array)) throw new Error('expected an RLP string');
  return b.length === 0 ? 0n : BigInt('0x' + Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex'));
};

function bytes(v: unknown): Uint8Array {
  if (!(v instanceof Uint8Array)) throw new Error('expected an RLP string');
  return v;
}

function accessList(v: unknown): [Uint8Array, Uint8Array[]][] {
  if (!Array.isArray(v)) throw new Error('expected an access list');
  return v.map((entry: unknown) => {
    if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[1])) throw new Error('expected an access list entry');
    return [bytes(entry[0]), (entry[1] as unknown[]).map(bytes)];
  });
}

/**
 * A transaction as stored in an accepted block (its canonical encoding), read straight from its RLP for
 * rendering: legacy, EIP-2930 and EIP-1559 txs of chain `chainId`. Its hash is keccak256 of the encoding.
 * Undefined for anything else (other types, a legacy `v` that is neither 27/28 nor EIP-155 for this chain),
 * which the caller decodes with ethereumjs instead.
 */
export function decodeStoredTx(raw: Uint8Array, chainId: bigint): RpcTx | undefined {
  if (raw.length === 0) return undefined;
  const first = raw[0]!;
  const hash = hashOnce(raw);
  if (first >= 0xc0) {
    const f = RLP.decode(raw) as unknown[];
    if (!Array.isArray(f) || f.length !== 9) return undefined;
    const v = big(f[6] as Uint8Array);
    let txChainId: bigint | undefined;
    if (v === chainId * 2n + 35n || v === chainId * 2n + 36n) txChainId = chainId;
    else if (v !== 27n && v !== 28n) return undefined;
    const gasPrice = big(f[1] as Uint8Array);
    const to = bytes(f[3]);
    const out: RpcTx = {
      type: 0, nonce: big(f[0] as Uint8Array), gasLimit: big(f[2] as Uint8Array), value: big(f[4] as Uint8Array), data: bytes(f[5]),
      feeCap: gasPrice, tipCap: gasPrice, feeMarket: false, v, r: big(f[7] as Uint8Array), s: big(f[8] as Uint8Array), hash,
    };
    if (to.length > 0) out.to = to;
    if (txChainId !== undefined) out.chainId = txChainId;
    return out;
  }
  if (first !== 1 && first !== 2) return undefined;
  const f = RLP.decode(raw.subarray(1)) as unknown[];
  if (!Array.isArray(f) || f.length !== (first === 1 ? 11 : 12)) return undefined;
  if (big(f[0] as Uint8Array) !== chainId) return undefined;
  // type 1: chainId, nonce, gasPrice, gasLimit, to, value, data, accessList, yParity, r, s
  // type 2: chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList, yParity, r, s
  const at = first === 1 ? 0 : 1;
  const tip = big(f[2] as Uint8Array);
  const cap = first === 1 ? tip : big(f[3] as Uint8Array);
  const to = bytes(f[4 + at]);
  const out: RpcTx = {
    type: first, nonce: big(f[1] as Uint8Array), gasLimit: big(f[3 + at] as Uint8Array), value: big(f[5 + at] as Uint8Array), data: bytes(f[6 + at]),
    feeCap: cap, tipCap: tip, feeMarket: first === 2, accessList: accessList(f[7 + at]), chainId,
    v: big(f[8 + at] as Uint8Array), r: big(f[9 + at] as Uint8Array), s: big(f[10 + at] as Uint8Array), hash,
  };
  if (to.length > 0) out.to = to;
  return out;
}
