import { bytesToHex } from '../../../../lib/hex.js';
import type { CallRequest } from '../call.js';

/**
 * Wire codecs for the eth JSON-RPC: `fromRpc` turns params into typed values with geth's hexutil errors,
 * `toRpc` renders quantities and data. Every conversion between the wire and the chain goes through here.
 */

/** An invalid-params error (-32602), worded as geth words it. */
export class ParamError extends Error {
  readonly code = -32602;
}

const fail = (index: number, reason: string): never => { throw new ParamError(`invalid argument ${index}: ${reason}`); };

export const fromRpc = {
  /** hexutil.Big / hexutil.Uint64: 0x-prefixed, no leading zeros, ≤ maxBits. */
  quantity(v: unknown, index: number, maxBits = 256): bigint {
    const goType = maxBits === 64 ? 'hexutil.Uint64' : 'hexutil.Big';
    if (typeof v !== 'string') return fail(index, `json: cannot unmarshal non-string into Go value of type ${goType}`);
    if (v.length === 0) return fail(index, 'empty hex string');
    if (!v.startsWith('0x') && !v.startsWith('0X')) return fail(index, 'hex string without 0x prefix');
    const body = v.slice(2);
    if (body.length === 0) return fail(index, 'hex string "0x"');
    if (!/^[0-9a-fA-F]+$/.test(body)) return fail(index, 'invalid hex string');
    if (body.length > 1 && body[0] === '0') return fail(index, 'hex number with leading zero digits');
    if (body.length * 4 > maxBits && BigInt(v) >= 1n << BigInt(maxBits)) return fail(index, `hex number > ${maxBits} bits`);
    return BigInt(v);
  },

  /** hexutil.Bytes: 0x-prefixed, even length. */
  data(v: unknown, index: number): Uint8Array {
    if (typeof v !== 'string') return fail(index, 'json: cannot unmarshal non-string into Go value of type hexutil.Bytes');
    if (!v.startsWith('0x') && !v.startsWith('0X')) return fail(index, 'hex string without 0x prefix');
    const body = v.slice(2);
    if (body.length % 2 !== 0) return fail(index, 'hex string of odd length');
    if (!/^[0-9a-fA-F]*$/.test(body)) return fail(index, 'invalid hex string');
    return new Uint8Array(Buffer.from(body, 'hex'));
  },

  /** common.Address / common.Hash: fixed-length hex. */
  fixed(v: unknown, index: number, len: 20 | 32): Uint8Array {
    const goType = len === 20 ? 'common.Address' : 'common.Hash';
    if (typeof v !== 'string') return fail(index, `json: cannot unmarshal non-string into Go value of type ${goType}`);
    const body = v.startsWith('0x') || v.startsWith('0X') ? v.slice(2) : v;
    if (body.length !== len * 2) return fail(index, `hex string has length ${body.length}, want ${len * 2} for ${goType}`);
    if (!/^[0-9a-fA-F]*$/.test(body)) return fail(index, 'invalid hex string');
    return new Uint8Array(Buffer.from(body, 'hex'));
  },

  address(v: unknown, index: number): Uint8Array {
    return fromRpc.fixed(v, index, 20);
  },

  hash(v: unknown, index: number): Uint8Array {
    return fromRpc.fixed(v, index, 32);
  },

  /** A block tag or number (rpc.BlockNumber). */
  blockTag(v: unknown, index: number): BlockRef {
    if (typeof v !== 'string') return fail(index, 'json: cannot unmarshal non-string into Go value of type rpc.BlockNumber');
    switch (v) {
      case 'latest': case 'pending': case 'safe': case 'finalized': case 'accepted': return { tag: v === 'accepted' ? 'latest' : v };
      case 'earliest': return { number: 0n };
    }
    return { number: fromRpc.quantity(v, index, 64) };
  },

  /** rpc.BlockNumberOrHash: a tag, a number, or {blockHash | blockNumber, requireCanonical}. */
  blockRef(v: unknown, index: number): BlockRef {
    if (v === undefined || v === null) return { tag: 'latest' };
    if (typeof v === 'string') {
      if (v.length === 66 && v.startsWith('0x')) return { hash: fromRpc.hash(v, index) };
      return fromRpc.blockTag(v, index);
    }
    if (typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (o.blockHash !== undefined && o.blockNumber !== undefined) return fail(index, 'cannot specify both BlockHash and BlockNumber, choose one or the other');
      if (o.blockHash !== undefined) return { hash: fromRpc.hash(o.blockHash, index) };
      if (o.blockNumber !== undefined) return fromRpc.blockTag(o.blockNumber, index);
      return fail(index, 'neither BlockHash nor BlockNumber specified');
    }
    return fail(index, 'json: cannot unmarshal into Go value of type rpc.BlockNumberOrHash');
  },

  /** TransactionArgs for eth_call / eth_estimateGas. */
  callRequest(v: unknown, index: number): CallRequest {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(index, 'json: cannot unmarshal into Go value of type ethapi.TransactionArgs');
    const o = v as Record<string, unknown>;
    const opt = <T>(k: string, f: (x: unknown, i: number) => T): T | undefined => (o[k] === undefined || o[k] === null ? undefined : f(o[k], index));
    const input = opt('input', fromRpc.data);
    const data = opt('data', fromRpc.data);
    if (input && data && Buffer.compare(Buffer.from(input), Buffer.from(data)) !== 0) {
      return fail(index, 'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data');
    }
    if (o.gasPrice !== undefined && o.gasPrice !== null && (o.maxFeePerGas !== undefined || o.maxPriorityFeePerGas !== undefined)) {
      throw new Error('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
    }
    const req: CallRequest = {};
    const set = <K extends keyof CallRequest>(k: K, val: CallRequest[K] | undefined) => { if (val !== undefined) req[k] = val; };
    set('from', opt('from', fromRpc.address));
    set('to', opt('to', fromRpc.address));
    set('gas', opt('gas', (x, i) => fromRpc.quantity(x, i, 64)));
    set('gasPrice', opt('gasPrice', fromRpc.quantity));
    set('maxFeePerGas', opt('maxFeePerGas', fromRpc.quantity));
    set('maxPriorityFeePerGas', opt('maxPriorityFeePerGas', fromRpc.quantity));
    set('value', opt('value', fromRpc.quantity));
    set('data', input ?? data);
    if (Array.isArray(o.accessList)) {
      req.accessList = (o.accessList as Record<string, unknown>[]).map((a) => ({
        address: fromRpc.address(a.address, index),
        storageKeys: ((a.storageKeys ?? []) as unknown[]).map((k) => fromRpc.hash(k, index)),
      }));
    }
    return req;
  },

  bool(v: unknown, index: number): boolean {
    if (typeof v !== 'boolean') return fail(index, 'json: cannot unmarshal into Go value of type bool');
    return v;
  },
};

export type BlockRef = { tag: 'latest' | 'pending' | 'safe' | 'finalized' } | { number: bigint } | { hash: Uint8Array };

export const toRpc = {
  quantity(n: bigint | number): string {
    return '0x' + n.toString(16);
  },
  data(b: Uint8Array): string {
    return bytesToHex(b);
  },
  /** geth's common.Hash / Address JSON: lower-case hex. */
  hash(b: Uint8Array): string {
    return bytesToHex(b);
  },
};

/** Checks a positional param list: at most `max`, at least `required`. */
export function arity(params: unknown[], required: number, max: number): void {
  if (params.length > max) throw new ParamError(`too many arguments, want at most ${max}`);
  if (params.length < required) throw new ParamError(`missing value for required argument ${params.length}`);
}
