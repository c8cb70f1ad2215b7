/**
 * The source against an HTTP JSON-RPC server answering from the hand-written coreth fixtures, configured
 * like nodes that lack eth_getBlockReceipts or the debug API, or that pruned old state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReadReceipt, receiptFieldsOf } from '../../decode/evm/block-fields.js';
import { decodeEvmRange } from '../../decode/evm/evm-range.js';
import { JsonRpcClient, RpcError, TransportError } from '../json-rpc-client.js';
import { probeRange } from './contract-probes.js';
import { EvmRpcSource, isMethodUnavailable } from './evm-rpc-source.js';
import { node, receipts42, resetFixtureNode, startFixtureNode, subnet43, traces42, word } from './fixture-node.fixtures.js';

let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ url, close } = await startFixtureNode());
});
afterAll(() => close());
beforeEach(resetFixtureNode);

const methods = () => node.requests.map((r) => [...new Set(r.map((c) => c.method))].join(','));

/** What the decoder takes from receipts, whether they were read from the reply's bytes or parsed. */
const receiptFields = (receipts: readonly unknown[]) => receipts.map((r) => (r instanceof ReadReceipt ? r.fields : receiptFieldsOf(r, 'receipt')));

describe('EvmRpcSource', () => {
  it('fetches each block with its receipts and its trace side by side in one batched request', async () => {
    const source = new EvmRpcSource(new JsonRpcClient(url, { maxBatchSize: 40, retries: 0 }));
    const raw = await source.fetchRange(42n, 43n);
    expect(node.requests.map((r) => r.map((c) => `${c.method}(${String(c.params[0])})`))).toEqual([[
      'eth_getBlockByNumber(0x2a)', 'eth_getBlockReceipts(0x2a)', 'debug_traceBlockByNumber(0x2a)',
      'eth_getBlockByNumber(0x2b)', 'eth_getBlockReceipts(0x2b)', 'debug_traceBlockByNumber(0x2b)',
    ]]);
    // eth_getBlockReceipts' answer is read from the reply's bytes, and means what the node's JSON says
    expect(raw[0]!.receipts.every((r) => r instanceof ReadReceipt)).toBe(true);
    expect(receiptFields(raw[0]!.receipts)).toEqual(receiptFields(receipts42));
    // the trace is read from the bytes too, keeping what flattening reads: each tx's hash (as bytes), its top-level call's calls and error
    expect(raw[0]!.traces).toEqual(traces42.map((t) => {
      const { calls, error } = t.result as Record<string, unknown>;
      return { txHash: new Uint8Array(Buffer.from((t.txHash as string).slice(2), 'hex')), result: { ...(calls !== undefined ? { calls } : {}), ...(error !== undefined ? { error } : {}) } };
    }));
    // block 43 could not be traced (a tracer error): its internal transactions stay unknown, tracing stays on
    expect(raw[1]!.traces).toBeUndefined();
    expect(source.tracesAvailable).toBe(true);
    const { batch } = decodeEvmRange(raw, new Uint8Array(32));
    expect(batch.blocks.map((b) => b.internalTxsIndexed)).toEqual([true, false]);
    expect(await source.head()).toBe(43n);
  });

  it('falls back to one receipt per transaction on nodes without eth_getBlockReceipts, and remembers', async () => {
    node.missing.add('eth_getBlockReceipts');
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }), { traces: 'off' });
    const raw = await source.fetchRange(42n, 43n);
    expect(raw[0]!.receipts).toEqual(receipts42);
    expect(raw[1]!.receipts).toEqual(subnet43.receipts);
    expect(node.requests.at(-1)!.map((c) => c.method)).toEqual(Array(7).fill('eth_getTransactionReceipt'));
    node.requests = [];
    await source.fetchRange(42n, 42n);
    expect(methods()).toEqual(['eth_getBlockByNumber', 'eth_getTransactionReceipt']);
  });

  it('fails a range whose receipts are not there yet (retried), whatever the blocks say', async () => {
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }), { traces: 'off' });
    node.receiptsMissing = true;
    await expect(source.fetchRange(42n, 42n)).rejects.toThrow(/receipts of block 42 are not available yet/);
  });

  it('indexes everything else when the debug API is disabled, and stops asking', async () => {
    node.missing.add('debug_traceBlockByNumber');
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }));
    const raw = await source.fetchRange(42n, 42n);
    expect(raw[0]!.traces).toBeUndefined();
    expect(source.tracesAvailable).toBe(false);
    const { batch } = decodeEvmRange(raw, new Uint8Array(32));
    expect(batch.blocks[0]!.internalTxsIndexed).toBe(false);
    expect(batch.transactions).toHaveLength(6);
    node.requests = [];
    await source.fetchRange(42n, 42n);
    expect(methods()).not.toContain('debug_traceBlockByNumber');
  });

  it('needs no receipts and no trace for a block without transactions (a failed trace of it is no loss)', async () => {
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }));
    const raw = await source.fetchRange(0n, 0n);
    expect(methods()).toEqual(['eth_getBlockByNumber,eth_getBlockReceipts,debug_traceBlockByNumber']);
    expect(raw[0]!.receipts).toEqual([]);
    expect(raw[0]!.traces).toBeUndefined();
    expect(source.tracesAvailable).toBe(true);
    expect(decodeEvmRange(raw, new Uint8Array(32)).batch.blocks[0]!.internalTxsIndexed).toBe(true);
  });

  it('treats a block the node does not have yet as transient', async () => {
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }));
    await expect(source.fetchRange(43n, 44n)).rejects.toThrow(TransportError);
  });

  it('recognizes "method unavailable" answers', () => {
    expect(isMethodUnavailable(new RpcError(-32601, 'the method debug_traceBlockByNumber does not exist/is not available'))).toBe(true);
    expect(isMethodUnavailable(new RpcError(-32000, 'method debug_traceBlockByNumber is not whitelisted'))).toBe(true);
    expect(isMethodUnavailable(new RpcError(-32000, 'block #5 not found'))).toBe(false);
    expect(isMethodUnavailable(new Error('the method x does not exist/is not available'))).toBe(false);
  });
});

describe('probeRange', () => {
  const str = (s: string) => '0x' + word(32) + word(Buffer.byteLength(s)) + Buffer.from(s).toString('hex').padEnd(64, '0');

  it('reads contract types and NFT URIs at their blocks, retrying pruned heights at the latest block', async () => {
    const erc1155 = '0x' + '7'.repeat(40);
    node.calls.set('0x' + '5'.repeat(40), '0x' + word(18)); // answers anything with 18: decimals and totalSupply → ERC-20
    node.calls.set(erc1155, '0x' + word(1));
    node.calls.set('0x' + '6'.repeat(40), str('ipfs://token/7'));
    node.calls.set('0x' + '8'.repeat(40), { code: 3, message: 'execution reverted' });
    node.prunedBelow = 100;
    const source = new EvmRpcSource(new JsonRpcClient(url, { maxBatchSize: 1000, retries: 0 }));
    const range = decodeEvmRange(await source.fetchRange(42n, 42n), new Uint8Array(32));
    node.requests = [];
    await probeRange(source, range);
    expect(node.requests.map((r) => r.length)).toEqual([19, 19]);
    expect(node.requests[0]!.every((c) => c.params[1] === '0x2a')).toBe(true);
    expect(node.requests[1]!.every((c) => c.params[1] === 'latest')).toBe(true);
    expect(range.batch.contracts.map((c) => [c.ercType, c.decimals])).toEqual([['ERC-20', 18], ['UNKNOWN', undefined]]);
    expect(range.batch.nftTokens.map((t) => t.tokenUri)).toEqual(['ipfs://token/7', undefined, undefined]);
  });

  it('makes no call when the range created and minted nothing', async () => {
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }));
    const range = decodeEvmRange(await source.fetchRange(43n, 43n), new Uint8Array(32));
    node.requests = [];
    await probeRange(source, range);
    expect(node.requests).toEqual([]);
  });

  it('retries a range whose calls time out', async () => {
    node.calls.set('0x' + '5'.repeat(40), { code: -32002, message: 'request timed out' });
    const source = new EvmRpcSource(new JsonRpcClient(url, { retries: 0 }));
    const range = decodeEvmRange(await source.fetchRange(42n, 42n), new Uint8Array(32));
    await expect(probeRange(source, range)).rejects.toThrow(TransportError);
  });
});
