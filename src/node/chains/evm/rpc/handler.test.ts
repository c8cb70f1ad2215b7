import { createServer, type Server } from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { RawJson } from '../../../../lib/raw-json.js';
import { openMemoryStore } from '../../../storage/kv.js';
import { EvmChain } from '../evm-chain.js';
import { FakeAcceptor, STORAGE_INITCODE, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../testing.js';
import { ETH_METHODS, createEthRpcHandler, handleEthRpcBody } from './handler.js';

const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const bob = '0x000000000000000000000000000000000000b0b0';

let chain: EvmChain;
let clock: ReturnType<typeof fakeClock>;
async function rpc(method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string; data?: string } }> {  
  const text = await handleEthRpcBody(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), ETH_METHODS, { chain, clientVersion: 'test/1' });
  return JSON.parse(text!);
}
const sign = (nonce: number, extra: Record<string, unknown> = {}) => ewoq.signTransaction({
  type: 'eip1559', chainId: 43112, nonce, to: bob, value: 5n, gas: 21000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 2n, ...extra,
} as never);

beforeAll(async () => {
  const db = openMemoryStore();
  clock = fakeClock(1_800_000_000_000);
  chain = await EvmChain.create({ db, blockchainId: new Uint8Array(32), genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now });
});

describe('eth JSON-RPC envelope', () => {
  const ctx = () => ({ chain, clientVersion: 'test/1' });
  it('parse error, empty batch, invalid request, unknown method, batches', async () => {
    expect(JSON.parse((await handleEthRpcBody('{', ETH_METHODS, ctx()))!)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    expect(JSON.parse((await handleEthRpcBody('[]', ETH_METHODS, ctx()))!)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } });
    expect(JSON.parse((await handleEthRpcBody('[1]', ETH_METHODS, ctx()))!)).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }]);
    expect((await rpc('eth_nope')).error).toEqual({ code: -32601, message: 'the method eth_nope does not exist/is not available' });
    const batch = JSON.parse((await handleEthRpcBody(JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'b', method: 'net_version' }, { jsonrpc: '2.0', method: 'eth_chainId' },
    ]), ETH_METHODS, ctx()))!);
    expect(batch).toEqual([{ jsonrpc: '2.0', id: 1, result: '0xa868' }, { jsonrpc: '2.0', id: 'b', result: '43112' }]);
    const tooMany = JSON.parse((await handleEthRpcBody(JSON.stringify([{ jsonrpc: '2.0', id: 9, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }]), ETH_METHODS, ctx(), { batchLimit: 1 }))!);
    expect(tooMany).toEqual([{ jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'batch too large' } }]);
    expect((await rpc('eth_getBalance', ['0x12'])).error).toEqual({ code: -32602, message: 'invalid argument 0: hex string has length 2, want 40 for common.Address' });
    expect((await rpc('eth_blockNumber', [1])).error).toEqual({ code: -32602, message: 'too many arguments, want at most 0' });
  });

  it('writes RawJson results as they are, and a result that fails while being written as an error, the rest of the batch intact', async () => {
    const methods = {
      ...ETH_METHODS,
      firn_raw: () => new RawJson((out) => out.text('{"a":').hex(Uint8Array.of(1, 255)).text('}')),
      firn_halfway: () => new RawJson((out) => { out.text('{"a":[1,2,'); throw new Error('render failed'); }),
    };
    const calls = ['firn_raw', 'firn_halfway', 'eth_chainId'].map((method, id) => ({ jsonrpc: '2.0', id, method }));
    const text = (await handleEthRpcBody(JSON.stringify(calls), methods, ctx()))!;
    expect(text).toBe('[{"jsonrpc":"2.0","id":0,"result":{"a":"0x01ff"}},{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"render failed"}},{"jsonrpc":"2.0","id":2,"result":"0xa868"}]');
  });

  it('serves HTTP like geth: 200 for JSON-RPC errors, 415 for other content types', async () => {
    const handler = createEthRpcHandler(chain);
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void handler(req, res, Buffer.concat(chunks), new URL(req.url ?? '/', 'http://x')));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const ok = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"nope"}' });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { error: { code: number } }).error.code).toBe(-32601);
      const bad = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
      expect(bad.status).toBe(415);
      // a batch goes out reply by reply: its content-length counts bytes (the unknown method's name is not ASCII)
      const calls = [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'é', method: 'héllo_wörld' }, { jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 3, method: 'eth_chainId' }];
      const batch = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls) });
      const bytes = Buffer.from(await batch.arrayBuffer());
      expect(Number(batch.headers.get('content-length'))).toBe(bytes.length);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual([
        { jsonrpc: '2.0', id: 1, result: '0xa868' },
        { jsonrpc: '2.0', id: 'é', error: { code: -32601, message: 'the method héllo_wörld does not exist/is not available' } },
        { jsonrpc: '2.0', id: 3, result: '0xa868' },
      ]);
      const single = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([calls[0]]) });
      expect(await single.json()).toEqual([{ jsonrpc: '2.0', id: 1, result: '0xa868' }]);
      const notifications = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([calls[2]]) });
      expect(notifications.headers.get('content-length')).toBe('0');
      expect(await notifications.text()).toBe('');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('eth methods', () => {
  it('chain info and fees on an idle chain', async () => {
    expect((await rpc('web3_clientVersion')).result).toBe('test/1');
    expect((await rpc('eth_chainId')).result).toBe('0xa868');
    expect((await rpc('net_version')).result).toBe('43112');
    expect((await rpc('eth_accounts')).result).toEqual([]);
    expect((await rpc('eth_baseFee')).result).toBe('0x1');
    expect((await rpc('eth_maxPriorityFeePerGas')).result).toBe('0x1');
    expect((await rpc('eth_gasPrice')).result).toBe('0x2');
  });

  it('sends, mines and reads back blocks, txs and receipts', async () => {
    const sent = await rpc('eth_sendRawTransaction', [await sign(0)]);
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await rpc('eth_blockNumber')).result).toBe('0x1');
    const tx = (await rpc('eth_getTransactionByHash', [sent.result])).result;
    expect(tx).toMatchObject({ blockNumber: '0x1', from: ewoq.address.toLowerCase(), to: bob, value: '0x5', type: '0x2', nonce: '0x0', transactionIndex: '0x0', gasPrice: '0x3', chainId: '0xa868' });
    const receipt = (await rpc('eth_getTransactionReceipt', [sent.result])).result;
    expect(Object.keys(receipt)).toEqual([...Object.keys(receipt)].sort());
    expect(receipt).toMatchObject({ status: '0x1', gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x3', contractAddress: null, logs: [] });
    const block = (await rpc('eth_getBlockByNumber', ['latest', false])).result;
    expect(block).toMatchObject({ number: '0x1', difficulty: '0x1', totalDifficulty: '0x1', miner: '0x0100000000000000000000000000000000000000', baseFeePerGas: '0x1', blockGasCost: '0x0', extDataGasUsed: '0x0', blockExtraData: '0x', transactions: [sent.result], uncles: [] });
    expect(block.extDataHash).toBe('0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
    expect(Object.keys(block)).toEqual([...Object.keys(block)].sort());
    const full = (await rpc('eth_getBlockByHash', [block.hash, true])).result;
    expect(full.transactions[0].hash).toBe(sent.result);
    expect((await rpc('eth_getBlockByNumber', ['0x99', false])).error).toEqual({ code: -32000, message: 'cannot query unfinalized data' });
    expect((await rpc('eth_getBalance', [bob, 'latest'])).result).toBe('0x5');
    expect((await rpc('eth_getBalance', [bob, '0x0'])).result).toBe('0x0');
    expect((await rpc('eth_getBalance', [bob, '0x99'])).error).toEqual({ code: -32000, message: 'cannot query unfinalized data' });
    expect((await rpc('eth_getTransactionCount', [ewoq.address, 'pending'])).result).toBe('0x1');
    expect((await rpc('eth_maxPriorityFeePerGas')).result).toBe('0x2');
    const hist = (await rpc('eth_feeHistory', ['0x2', 'latest', [50]])).result;
    expect(hist).toEqual({ oldestBlock: '0x0', reward: [['0x0'], ['0x2']], baseFeePerGas: ['0x34630b8a00', '0x1'], gasUsedRatio: [0, expect.any(Number)] });
  });

  it('pool errors are -32000 with geth text', async () => {
    const again = await rpc('eth_sendRawTransaction', [await sign(0, { value: 6n })]);
    expect(again.error).toEqual({ code: -32000, message: 'nonce too low: next nonce 1, tx nonce 0' });
  });

  it('eth_call, eth_estimateGas, eth_getCode, eth_getStorageAt', async () => {
    const deployed = await rpc('eth_sendRawTransaction', [await ewoq.signTransaction({ type: 'eip1559', chainId: 43112, nonce: 1, data: STORAGE_INITCODE as `0x${string}`, gas: 200_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n })]);
    const addr = (await rpc('eth_getTransactionReceipt', [deployed.result])).result.contractAddress;
    expect((await rpc('eth_getCode', [addr, 'latest'])).result).toMatch(/^0x3615/);
    const word = '0x' + '00'.repeat(31) + '2a';
    const est = await rpc('eth_estimateGas', [{ from: ewoq.address, to: addr, data: word }]);
    const setTx = await rpc('eth_sendRawTransaction', [await ewoq.signTransaction({ type: 'eip1559', chainId: 43112, nonce: 2, to: addr, data: word as `0x${string}`, gas: BigInt(est.result), maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n })]);
    const r = (await rpc('eth_getTransactionReceipt', [setTx.result])).result;
    expect(r.status).toBe('0x1');
    expect(r.logs[0]).toMatchObject({ address: addr, topics: [word], data: '0x', logIndex: '0x0', removed: false });
    expect((await rpc('eth_call', [{ to: addr }, 'latest'])).result).toBe(word);
    expect((await rpc('eth_getStorageAt', [addr, '0x0', 'latest'])).result).toBe(word);
    expect((await rpc('eth_estimateGas', [{ from: ewoq.address, to: bob, value: '0x1' }])).result).toBe('0x5208');
  });
});

afterAll(async () => { await chain.close(); });
