import { ReadBlock } from '../../decode/evm/block-fields.js';
import type { RawEvmBlock } from '../../decode/evm/evm-range.js';
import { readBlockResult, readReceiptsResult } from '../../decode/evm/read-block-json.js';
import { readTracesResult } from '../../decode/evm/read-trace-json.js';
import { RpcError, TransportError, type JsonRpcClient, type RpcCall } from '../json-rpc-client.js';
import { bytesToHex } from '../../../lib/hex.js';

export interface EvmRpcSourceOptions {
  /** 'auto' (default): trace each block with callTracer while the node allows it; 'off': never ask. */
  traces?: 'auto' | 'off';
}

const TRACER = { tracer: 'callTracer' };

/** eth_call errors that mean the node no longer has the state of that height. */
const MISSING_STATE = /missing trie node|historical state|state .*not available|required historical|pruned|header not found/i;

export interface EthCall {
  to: Uint8Array;
  data: Uint8Array;
  height: bigint | 'latest';
}

/** What one eth_call answered: the returned bytes, a failed call, or a height whose state the node has dropped. */
export type CallAnswer = Uint8Array | 'failed' | 'missing-state';

function hexNumber(n: bigint): string {
  return '0x' + n.toString(16);
}

/**
 * True when the node says it does not serve `method` at all (the API is not enabled, or the node does not
 * have it), as opposed to failing one call: geth's -32601 "the method X does not exist/is not available",
 * and the texts providers use for disabled or forbidden methods.
 */
export function isMethodUnavailable(error: unknown): boolean {
  if (!(error instanceof RpcError)) return false;
  if (error.code === -32601) return true;
  return /method .*(not found|not supported|unsupported|not available|disabled|not allowed|not whitelisted|does not exist)|does not exist\/is not available/i.test(error.message);
}

/** RpcErrors that say "not now" rather than "never": retried like an unreachable node. */
function isTransient(error: RpcError): boolean {
  // -32002: the server's own request deadline (coreth's api-max-duration), not a tracer's per-tx timeout
  return error.code === -32002 || /too many requests|rate limit/i.test(error.message);
}

/**
 * An EVM chain's JSON-RPC as the indexer reads it: blocks with full transactions, their receipts
 * (eth_getBlockReceipts, or one eth_getTransactionReceipt each on nodes without it) and their callTracer
 * traces, a range at a time in batched requests; and eth_call at a height for contract probes.
 * Remembers what the node turned out not to serve.
 */
export class EvmRpcSource {
  /** undefined until the first block with transactions shows whether the node has eth_getBlockReceipts. */
  private blockReceipts: boolean | undefined;
  private tracing: boolean;

  constructor(readonly client: JsonRpcClient, options: EvmRpcSourceOptions = {}) {
    this.tracing = (options.traces ?? 'auto') === 'auto';
  }

  /** Calls `fetchRange` makes per block: the block, its receipts and its trace, as far as the node serves them. */
  get callsPerBlock(): number {
    return 1 + (this.blockReceipts !== false ? 1 : 0) + (this.tracing ? 1 : 0);
  }

  /** False once the node has answered that it cannot trace (or tracing is off). */
  get tracesAvailable(): boolean {
    return this.tracing;
  }

  async head(): Promise<bigint> {
    const result = await this.client.call<unknown>('eth_blockNumber', []);
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) throw new TransportError(`${this.client.url}: eth_blockNumber answered ${JSON.stringify(result)}`);
    return BigInt(result);
  }

  /**
   * Blocks `from`..`to` with their receipts and (when available) traces. A block, its receipts and its trace are
   * asked for side by side in the same batched requests: one pass over the range, and the node reads each block
   * once. A reply too large for the node's cap comes back call by call (JsonRpcClient).
   */
  async fetchRange(from: bigint, to: bigint): Promise<RawEvmBlock[]> {
    const numbers: bigint[] = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    const withReceipts = this.blockReceipts !== false;
    const withTraces = this.tracing;
    const calls: RpcCall[] = [];
    for (const n of numbers) {
      const tag = hexNumber(n);
      calls.push({ method: 'eth_getBlockByNumber', params: [tag, true], readResult: readBlockResult });
      if (withReceipts) calls.push({ method: 'eth_getBlockReceipts', params: [tag], readResult: readReceiptsResult });
      if (withTraces) calls.push({ method: 'debug_traceBlockByNumber', params: [tag, TRACER], readResult: readTracesResult });
    }
    const results = await this.client.callManySettled<unknown>(calls);
    const step = calls.length / numbers.length;
    const out: RawEvmBlock[] = new Array(numbers.length);
    let unavailable = false;
    for (let i = 0; i < numbers.length; i++) {
      const block = results[i * step];
      if (block instanceof RpcError) throw this.failure('eth_getBlockByNumber', numbers[i], block);
      if (block === null || block === undefined) throw new TransportError(`${this.client.url}: block ${numbers[i]} is not available yet`);
      out[i] = { block, receipts: [] };
      if (!withReceipts || txCount(block) === 0) continue;
      const r = results[i * step + 1];
      if (isMethodUnavailable(r)) {
        unavailable = true;
        continue;
      }
      out[i]!.receipts = this.blockReceiptsOf(numbers[i]!, r);
    }
    if (withReceipts && !unavailable && out.some((b) => b.receipts.length > 0)) this.blockReceipts = true;
    if (unavailable) this.blockReceipts = false;
    if (withTraces) this.takeTraces(out, numbers, (i) => results[i * step + step - 1]);

    if (this.blockReceipts === false) {
      const withTxs = out.filter((b) => txCount(b.block) > 0);
      const receipts = await this.receiptsByTx(withTxs.map((b) => b.block), withTxs.map((b) => numberOf(b.block)));
      for (let i = 0; i < withTxs.length; i++) withTxs[i]!.receipts = receipts[i]!;
    }
    return out;
  }

  /**
   * Sets each block's trace from its answer. A node without the debug API turns tracing off (the range keeps no
   * traces); a block that could not be traced (a tracer error, a reply too large even alone) keeps its internal
   * transactions unknown; a block without transactions needs none, whatever its answer.
   */
  private takeTraces(blocks: RawEvmBlock[], numbers: readonly bigint[], answer: (i: number) => unknown): void {
    for (let i = 0; i < blocks.length; i++) {
      if (isMethodUnavailable(answer(i))) {
        this.tracing = false;
        return;
      }
    }
    for (let i = 0; i < blocks.length; i++) {
      if (txCount(blocks[i]!.block) === 0) continue;
      const r = answer(i);
      if (r instanceof RpcError) {
        if (isTransient(r)) throw new TransportError(`${this.client.url}: debug_traceBlockByNumber(${numbers[i]}): ${r.message}`);
        continue;
      }
      blocks[i]!.traces = r;
    }
  }

  /**
   * eth_call of each `data` to its `to` at its `height`, in batched requests. Each answer is the returned bytes, or `failed` (the call
   * reverted, hit no code, ...), or `missing-state` when the node no longer has that height's state (a pruning node).
   */
  async callAt(calls: readonly EthCall[]): Promise<CallAnswer[]> {
    if (calls.length === 0) return [];
    const results = await this.client.callManySettled<unknown>(
      calls.map((c) => ({ method: 'eth_call', params: [{ to: hex(c.to), data: hex(c.data) }, c.height === 'latest' ? 'latest' : hexNumber(c.height)] })),
    );
    return results.map((r): CallAnswer => {
      if (r instanceof RpcError) {
        if (isTransient(r)) throw new TransportError(`${this.client.url}: eth_call: ${r.message}`);
        return MISSING_STATE.test(r.message) ? 'missing-state' : 'failed';
      }
      return typeof r === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(r) ? new Uint8Array(Buffer.from(r.slice(2), 'hex')) : 'failed';
    });
  }

  /** One eth_getBlockReceipts answer, checked. */
  private blockReceiptsOf(n: bigint, r: unknown): unknown[] {
    if (r instanceof RpcError) throw this.failure('eth_getBlockReceipts', n, r);
    if (r === null || r === undefined) throw new TransportError(`${this.client.url}: receipts of block ${n} are not available yet`);
    if (!Array.isArray(r)) throw new TransportError(`${this.client.url}: eth_getBlockReceipts(${n}) answered ${typeof r}`);
    return r;
  }

  /** Receipts with one eth_getTransactionReceipt per transaction, for nodes without eth_getBlockReceipts. */
  private async receiptsByTx(blocks: readonly unknown[], numbers: readonly bigint[]): Promise<unknown[][]> {
    if (blocks.length === 0) return [];
    const hashes = blocks.map(txHashes);
    const flat = await this.settled(hashes.flat().map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })));
    const out: unknown[][] = [];
    let at = 0;
    for (let i = 0; i < hashes.length; i++) {
      const list = flat.slice(at, at + hashes[i]!.length);
      at += hashes[i]!.length;
      if (list.some((r) => r === null || r === undefined)) throw new TransportError(`${this.client.url}: receipts of block ${numbers[i]} are not available yet`);
      out.push(list);
    }
    return out;
  }

  /** callManySettled, where an RpcError fails the whole range (retried when transient). */
  private async settled(calls: readonly RpcCall[]): Promise<unknown[]> {
    const results = await this.client.callManySettled<unknown>(calls);
    return results.map((r, i) => {
      if (r instanceof RpcError) throw this.failure(calls[i]!.method, undefined, r);
      return r;
    });
  }

  private failure(method: string, height: bigint | undefined, error: RpcError): Error {
    const what = `${this.client.url}: ${method}${height !== undefined ? `(${height})` : ''}: ${error.message}`;
    return isTransient(error) ? new TransportError(what) : new RpcError(error.code, what, error.data);
  }
}

function hex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

function txCount(block: unknown): number {
  if (block instanceof ReadBlock) return block.fields.transactions.length;
  const txs = (block as { transactions?: unknown }).transactions;
  return Array.isArray(txs) ? txs.length : 0;
}

function numberOf(block: unknown): bigint {
  if (block instanceof ReadBlock) return block.fields.number;
  const n = (block as { number?: unknown }).number;
  if (typeof n !== 'string' || !/^0x[0-9a-fA-F]+$/.test(n)) throw new TransportError(`block without a number: ${JSON.stringify(n)}`);
  return BigInt(n);
}

function txHashes(block: unknown): string[] {
  if (block instanceof ReadBlock) return block.fields.transactions.map((t) => hex(t.hash));
  const txs = (block as { transactions?: unknown }).transactions;
  if (!Array.isArray(txs)) return [];
  return txs.map((t) => (typeof t === 'string' ? t : String((t as { hash?: unknown }).hash)));
}
