import { Capability, type TypedTransaction } from '@ethereumjs/tx';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { uintOf } from '../../../../lib/bytes.js';
import { itemsOf, rlpListItems, type RlpItem } from '../../../../lib/rlp-items.js';
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
  /** The signature's r and s, big-endian (as RLP holds them: written to JSON straight from the bytes). */
  r: Uint8Array;
  s: Uint8Array;
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
    v: tx.v ?? 0n, r: bigIntToUnpaddedBytes(tx.r ?? 0n), s: bigIntToUnpaddedBytes(tx.s ?? 0n), hash: raw ? hashOnce(raw) : () => tx.hash(),
  };
  if (tx.to) out.to = tx.to.bytes;
  if (tx.type !== 0) out.accessList = (tx as unknown as { accessList: [Uint8Array, Uint8Array[]][] }).accessList;
  if (tx.type !== 0 || tx.supports(Capability.EIP155ReplayProtection)) out.chainId = tx.common.chainId();
  return out;
}

/** Reads a stored tx's fields as ranges of its encoding (rlp-items.ts): no copy per field. */
class Fields {
  constructor(private readonly raw: Uint8Array, readonly items: RlpItem[]) {}

  big(i: number): bigint {
    const it = this.string(i);
    return uintOf(this.raw, it.start, it.end);
  }

  bytes(i: number): Uint8Array {
    const it = this.string(i);
    return this.raw.subarray(it.start, it.end);
  }

  accessList(i: number): [Uint8Array, Uint8Array[]][] {
    const list = this.items[i]!;
    if (!list.list) throw new Error('expected an access list');
    return itemsOf(this.raw, list).map((entry) => {
      const pair = entry.list ? itemsOf(this.raw, entry) : [];
      if (pair.length !== 2 || pair[0]!.list || !pair[1]!.list) throw new Error('expected an access list entry');
      const keys = itemsOf(this.raw, pair[1]!).map((k) => {
        if (k.list) throw new Error('expected an RLP string');
        return this.raw.subarray(k.start, k.end);
      });
      return [this.raw.subarray(pair[0]!.start, pair[0]!.end), keys];
    });
  }

  private string(i: number): RlpItem {
    const it = this.items[i];
    if (!it || it.list) throw new Error('expected an RLP string');
    return it;
  }
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
    const f = new Fields(raw, rlpListItems(raw));
    if (f.items.length !== 9) return undefined;
    const v = f.big(6);
    let txChainId: bigint | undefined;
    if (v === chainId * 2n + 35n || v === chainId * 2n + 36n) txChainId = chainId;
    else if (v !== 27n && v !== 28n) return undefined;
    const gasPrice = f.big(1);
    const to = f.bytes(3);
    const out: RpcTx = {
      type: 0, nonce: f.big(0), gasLimit: f.big(2), value: f.big(4), data: f.bytes(5),
      feeCap: gasPrice, tipCap: gasPrice, feeMarket: false, v, r: f.bytes(7), s: f.bytes(8), hash,
    };
    if (to.length > 0) out.to = to;
    if (txChainId !== undefined) out.chainId = txChainId;
    return out;
  }
  if (first !== 1 && first !== 2) return undefined;
  const f = new Fields(raw, rlpListItems(raw, 1));
  if (f.items.length !== (first === 1 ? 11 : 12)) return undefined;
  if (f.big(0) !== chainId) return undefined;
  // type 1: chainId, nonce, gasPrice, gasLimit, to, value, data, accessList, yParity, r, s
  // type 2: chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList, yParity, r, s
  const at = first === 1 ? 0 : 1;
  const tip = f.big(2);
  const cap = first === 1 ? tip : f.big(3);
  const to = f.bytes(4 + at);
  const out: RpcTx = {
    type: first, nonce: f.big(1), gasLimit: f.big(3 + at), value: f.big(5 + at), data: f.bytes(6 + at),
    feeCap: cap, tipCap: tip, feeMarket: first === 2, accessList: f.accessList(7 + at), chainId,
    v: f.big(8 + at), r: f.bytes(9 + at), s: f.bytes(10 + at), hash,
  };
  if (to.length > 0) out.to = to;
  return out;
}
