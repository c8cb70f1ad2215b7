import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  createPublicClient, createWalletClient, defineChain, http, recoverTypedDataAddress, verifyMessage, webSocket,
  type Block, type Hash, type Log,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { STORAGE_INITCODE } from '../../src/node/chains/evm/testing.js';
import { DEV_KEY_0, ethRpc, sendTransfer } from '../helpers/c-chain-tx.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

const DEV_0 = privateKeyToAccount(DEV_KEY_0).address;
const DEV_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;
const DEV_1 = privateKeyToAccount(DEV_KEY_1).address;

function chainFor(url: string) {
  return defineChain({
    id: 43112, name: 'firn', nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: [`${url}/ext/bc/C/rpc`], webSocket: [`${url.replace('http', 'ws')}/ext/bc/C/ws`] } },
  });
}

/** A raw WebSocket client: replies by id, notifications in order. */
async function rawWs(url: string, path = '/ext/bc/C/ws') {
  const ws = new WebSocket(url.replace('http', 'ws') + path);
  await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
  const messages: any[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d: Buffer) => {
    messages.push(JSON.parse(d.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const waitFor = async (pred: (m: any) => boolean, ms = 10_000): Promise<any> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = messages.findIndex(pred);
      if (i >= 0) return messages.splice(i, 1)[0];
      if (Date.now() > deadline) throw new Error(`no matching ws message; have ${JSON.stringify(messages)}`);
      await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 100); });
    }
  };
  let nextId = 1;
  return {
    ws,
    messages,
    waitFor,
    sendText: (text: string) => ws.send(text),
    async call(method: string, params: unknown[] = []): Promise<any> {
      const id = nextId++;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return waitFor((m) => m.id === id);
    },
    notifications: (sub: string) => messages.filter((m) => m.method === 'eth_subscription' && m.params.subscription === sub),
    close: () => new Promise<void>((r) => { ws.once('close', () => r()); ws.close(); }),
  };
}

const until = async (cond: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('C-chain transport: WebSocket, batches, accounts, admin (automine)', () => {
  let node: DevnetProcess;
  beforeAll(async () => { node = await startDevnet(['--api-admin-enabled']); }, 60_000);
  afterAll(async () => { await node?.stop(); });

  it('viem over WebSocket: watchBlocks, watchEvent and watchPendingTransactions', async () => {
    const chain = chainFor(node.url);
    const client = createPublicClient({ chain, transport: webSocket() });
    const wallet = createWalletClient({ chain, account: DEV_0, transport: webSocket() });
    const blocks: Block[] = [];
    const logs: Log[] = [];
    const pending: Hash[] = [];
    const unwatchBlocks = client.watchBlocks({ onBlock: (b) => { blocks.push(b); } });
    const unwatchPending = client.watchPendingTransactions({ onTransactions: (h) => { pending.push(...h); } });
    await new Promise((r) => setTimeout(r, 300));

    const deployHash = await wallet.sendTransaction({ data: STORAGE_INITCODE as `0x${string}` });
    const receipt = await client.waitForTransactionReceipt({ hash: deployHash });
    const contract = receipt.contractAddress!;
    const unwatchLogs = client.watchEvent({ address: contract, onLogs: (l) => { logs.push(...l); } });
    await new Promise((r) => setTimeout(r, 300));
    const word = `0x${'00'.repeat(31)}2a` as const;
    const callHash = await wallet.sendTransaction({ to: contract, data: word });
    await until(() => logs.length > 0 && blocks.length >= 2 && pending.includes(callHash));

    expect(pending).toContain(deployHash);
    const mined = await client.getBlock({ blockNumber: receipt.blockNumber });
    const seen = blocks.find((b) => b.number === receipt.blockNumber)!;
    expect(seen.hash).toBe(mined.hash);
    expect(seen.stateRoot).toBe(mined.stateRoot);
    expect(logs[0]!.address).toBe(contract);
    expect(logs[0]!.topics).toEqual([word]);
    expect(logs[0]!.transactionHash).toBe(callHash);
    unwatchBlocks(); unwatchPending(); unwatchLogs();
    await client.transport.getRpcClient().then((c) => c.close());
  }, 30_000);

  it('raw ws: newHeads header JSON, logs filter, newAcceptedTransactions, unsubscribe', async () => {
    const c = await rawWs(node.url);
    const heads = (await c.call('eth_subscribe', ['newHeads'])).result as string;
    expect(heads).toMatch(/^0x[1-9a-f][0-9a-f]{0,31}$/);
    const accepted = (await c.call('eth_subscribe', ['newAcceptedTransactions'])).result as string;
    const acceptedFull = (await c.call('eth_subscribe', ['newAcceptedTransactions', true])).result as string;
    const noMatch = (await c.call('eth_subscribe', ['logs', { address: '0x00000000000000000000000000000000000000aa' }])).result as string;
    const hash = await sendTransfer(node.url, { nonce: Number((await ethRpc(node.url, 'eth_getTransactionCount', [DEV_0, 'pending'])).result) });
    const head = await c.waitFor((m) => m.params?.subscription === heads);
    const block = (await ethRpc(node.url, 'eth_getBlockByHash', [head.params.result.hash, false])).result;
    expect(Object.keys(head.params.result)).toEqual([
      'parentHash', 'sha3Uncles', 'miner', 'stateRoot', 'transactionsRoot', 'receiptsRoot', 'logsBloom', 'difficulty', 'number',
      'gasLimit', 'gasUsed', 'timestamp', 'extraData', 'mixHash', 'nonce', 'extDataHash', 'baseFeePerGas', 'extDataGasUsed',
      'blockGasCost', 'blobGasUsed', 'excessBlobGas', 'parentBeaconBlockRoot', 'timestampMilliseconds', 'minDelayExcess', 'hash',
    ]);
    for (const k of ['number', 'parentHash', 'stateRoot', 'timestamp', 'baseFeePerGas', 'extDataHash', 'miner']) expect(head.params.result[k]).toBe(block[k]);
    expect(block.transactions).toContain(hash);
    expect((await c.waitFor((m) => m.params?.subscription === accepted)).params.result).toBe(hash);
    const full = (await c.waitFor((m) => m.params?.subscription === acceptedFull)).params.result;
    expect(full).toMatchObject({ hash, from: DEV_0.toLowerCase(), blockHash: head.params.result.hash });
    expect(c.notifications(noMatch)).toEqual([]);

    expect((await c.call('eth_unsubscribe', [heads])).result).toBe(true);
    expect((await c.call('eth_unsubscribe', [heads])).error).toEqual({ code: -32000, message: 'subscription not found' });
    await sendTransfer(node.url, { nonce: Number((await ethRpc(node.url, 'eth_getTransactionCount', [DEV_0, 'pending'])).result) });
    await c.waitFor((m) => m.params?.subscription === accepted);
    expect(c.notifications(heads)).toEqual([]);
    await c.close();
  }, 30_000);

  it('raw ws: bad messages, unknown subscriptions, every method and batches, aliases', async () => {
    const c = await rawWs(node.url);
    c.sendText('{not json');
    expect(await c.waitFor((m) => m.error?.code === -32700)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    expect((await c.call('eth_subscribe', ['syncing'])).error).toEqual({ code: -32601, message: 'no "syncing" subscription in eth namespace' });
    expect((await c.call('eth_subscribe', ['logs', { topics: [null, null, null, null, null] }])).error).toEqual({ code: -32000, message: 'exceed max topics' });
    expect((await c.call('eth_nope')).error).toEqual({ code: -32601, message: 'the method eth_nope does not exist/is not available' });
    c.sendText(JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'b', method: 'eth_subscribe', params: ['newHeads'] }]));
    const batch = await c.waitFor((m) => Array.isArray(m));
    expect(batch[0]).toEqual({ jsonrpc: '2.0', id: 'a', result: '0xa868' });
    expect(batch[1].result).toMatch(/^0x[0-9a-f]+$/);
    c.sendText(JSON.stringify(Array.from({ length: 1001 }, (_, i) => ({ jsonrpc: '2.0', id: i + 5, method: 'eth_chainId' }))));
    expect(await c.waitFor((m) => Array.isArray(m))).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'batch too large' } }]);
    await c.close();

    const info = await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'C' });
    for (const path of [`/ext/bc/${info.result.blockchainID}/ws`, '/ext/C/ws', '/ext/bc/evm/ws']) {
      const a = await rawWs(node.url, path);
      expect((await a.call('eth_chainId')).result).toBe('0xa868');
      await a.close();
    }
    const plain = await fetch(`${node.url}/ext/bc/C/ws`);
    expect(plain.status).toBe(400);
    expect(await plain.text()).toBe('Bad Request\n');
  }, 30_000);

  it('closing a socket with live subscriptions leaves the node healthy', async () => {
    for (let i = 0; i < 3; i++) {
      const c = await rawWs(node.url);
      await c.call('eth_subscribe', ['newHeads']);
      await c.call('eth_subscribe', ['newPendingTransactions', true]);
      c.ws.terminate();
    }
    const hash = await sendTransfer(node.url, { nonce: Number((await ethRpc(node.url, 'eth_getTransactionCount', [DEV_0, 'pending'])).result) });
    expect((await ethRpc(node.url, 'eth_getTransactionReceipt', [hash])).result.status).toBe('0x1');
  });

  it('HTTP: eth_subscribe is refused; batch limits', async () => {
    expect((await ethRpc(node.url, 'eth_subscribe', ['newHeads'])).error).toEqual({ code: -32601, message: 'notifications not supported' });
    const post = async (body: unknown) => (await fetch(`${node.url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' });
    expect(await post([{ jsonrpc: '2.0', method: 'eth_chainId' }, ...Array.from({ length: 1000 }, (_, i) => call(i + 7))]))
      .toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'batch too large' } }]);
    const ok = (await post(Array.from({ length: 1000 }, (_, i) => call(i)))) as unknown[];
    expect(ok).toHaveLength(1000);
  });

  it('dev accounts: eth_accounts, eth_sendTransaction through viem, signatures', async () => {
    const accounts = (await ethRpc(node.url, 'eth_accounts')).result as string[];
    expect(accounts).toHaveLength(10);
    expect(accounts.slice(0, 2)).toEqual([DEV_0.toLowerCase(), DEV_1.toLowerCase()]);
    expect((await ethRpc(node.url, 'personal_listAccounts')).result).toEqual(accounts);

    const chain = chainFor(node.url);
    const wallet = createWalletClient({ chain, account: DEV_1, transport: http() });
    const client = createPublicClient({ chain, transport: http() });
    const to = '0x00000000000000000000000000000000000b0b0b';
    const hash = await wallet.sendTransaction({ to, value: 1234n });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(DEV_1.toLowerCase());
    expect(await client.getBalance({ address: to })).toBe(1234n);
    const tx = await client.getTransaction({ hash });
    expect(tx.type).toBe('eip1559');
    expect(tx.gas).toBe(21000n);

    // concurrent sends from one account get distinct nonces
    const hashes = await Promise.all([1n, 2n, 3n].map((v) => wallet.sendTransaction({ to, value: v })));
    const nonces = await Promise.all(hashes.map(async (h) => (await client.getTransaction({ hash: h })).nonce));
    expect(new Set(nonces).size).toBe(3);

    const unknown = await ethRpc(node.url, 'eth_sendTransaction', [{ from: '0x0000000000000000000000000000000000000001', to, value: '0x1' }]);
    expect(unknown.error).toEqual({ code: -32000, message: 'unknown account' });

    const message = 'hello firn';
    const signature = await wallet.signMessage({ message });
    expect(await verifyMessage({ address: DEV_1, message, signature })).toBe(true);
    const ethSign = await ethRpc(node.url, 'eth_sign', [DEV_1, '0x' + Buffer.from(message).toString('hex')]);
    expect(ethSign.result).toBe(signature);
    expect((await ethRpc(node.url, 'personal_ecRecover', ['0x' + Buffer.from(message).toString('hex'), signature])).result).toBe(DEV_1.toLowerCase());

    const typed = {
      domain: { name: 'Firn', version: '1', chainId: 43112, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
        Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person[]' }, { name: 'contents', type: 'string' }, { name: 'amount', type: 'int64' }],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
        contents: 'Hello, Bob!',
        amount: -5n,
      },
    } as const;
    const typedSig = await wallet.signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature: typedSig })).toBe(DEV_1);
  }, 30_000);

  it('personal_: new and imported accounts, lock and unlock, signTransaction', async () => {
    const created = (await ethRpc(node.url, 'personal_newAccount', ['pw'])).result as string;
    expect(created).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await ethRpc(node.url, 'eth_accounts')).result).toContain(created);
    expect((await ethRpc(node.url, 'eth_sign', [created, '0x01'])).error).toEqual({ code: -32000, message: 'authentication needed: password or unlock' });
    expect((await ethRpc(node.url, 'personal_unlockAccount', [created, 'nope'])).error?.message).toBe('could not decrypt key with given password');
    expect((await ethRpc(node.url, 'personal_unlockAccount', [created, 'pw', 60])).result).toBe(true);
    expect((await ethRpc(node.url, 'eth_sign', [created, '0x01'])).result).toMatch(/^0x[0-9a-f]{130}$/);
    expect((await ethRpc(node.url, 'personal_lockAccount', [created])).result).toBe(true);
    expect((await ethRpc(node.url, 'eth_sign', [created, '0x01'])).error?.message).toBe('authentication needed: password or unlock');

    const key = '0x' + 'ab'.repeat(32);
    const imported = (await ethRpc(node.url, 'personal_importRawKey', [key.slice(2), 'secret'])).result;
    expect(imported).toBe(privateKeyToAccount(key as `0x${string}`).address.toLowerCase());
    expect((await ethRpc(node.url, 'personal_importRawKey', [key.slice(2), 'secret'])).error?.message).toBe('account already exists');
    const sig = (await ethRpc(node.url, 'personal_sign', ['0x68690a', imported, 'secret'])).result;
    expect(await verifyMessage({ address: imported, message: { raw: '0x68690a' }, signature: sig })).toBe(true);

    // fund it, then personal_sendTransaction with its password
    await createWalletClient({ chain: chainFor(node.url), account: DEV_0, transport: http() }).sendTransaction({ to: imported, value: 10n ** 18n });
    const sent = await ethRpc(node.url, 'personal_sendTransaction', [{ from: imported, to: DEV_0, value: '0x5' }, 'secret']);
    expect((await ethRpc(node.url, 'eth_getTransactionReceipt', [sent.result])).result.status).toBe('0x1');

    const signed = await ethRpc(node.url, 'eth_signTransaction', [{ from: DEV_0, to: DEV_1, gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1', nonce: '0x0', value: '0x1' }]);
    expect(signed.result.raw).toMatch(/^0x02/);
    expect(signed.result.tx).toMatchObject({ type: '0x2', nonce: '0x0', gas: '0x5208', to: DEV_1.toLowerCase() });
    expect((await ethRpc(node.url, 'eth_signTransaction', [{ from: DEV_0, to: DEV_1 }])).error?.message).toBe('gas not specified');
  }, 30_000);

  it('/ext/bc/C/admin: profiles in both spellings, log level, VM config', async () => {
    const admin = (method: string, params?: unknown) => rpc(node.url, '/ext/bc/C/admin', method, params);
    expect((await admin('admin_startCPUProfiler')).result).toEqual({});
    expect((await admin('admin.startCPUProfiler')).error?.message).toBe('cpu profiler already running');
    expect((await admin('admin.stopCPUProfiler')).result).toEqual({});
    expect((await admin('admin_stopCPUProfiler')).error?.message).toBe("cpu profiler doesn't exist");
    expect((await admin('admin.memoryProfile')).result).toEqual({});
    expect((await admin('admin_lockProfile')).result).toEqual({});
    const dir = join(node.dataDir, 'profiles', 'C');
    const cpu = JSON.parse(readFileSync(join(dir, 'cpu.profile'), 'utf8'));
    expect(cpu.nodes.length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(dir, 'mem.profile'), 'utf8')).head).toBeDefined();
    expect(Array.isArray(JSON.parse(readFileSync(join(dir, 'lock.profile'), 'utf8')).locks)).toBe(true);

    expect((await admin('admin_setLogLevel', { level: 'DEBUG' })).result).toEqual({});
    expect((await admin('admin.setLogLevel', [{ level: 'loud' }])).error?.message).toBe('failed to parse log level: unknown level: loud ');
    const config = (await admin('admin.getVMConfig')).result.config;
    expect(config['batch-request-limit']).toBe(1000);
    expect(config['batch-response-max-size']).toBe(25_000_000);
    expect(config['log-level']).toBe('debug');
    expect((await admin('admin_nope')).error?.message).toBe('rpc: can\'t find method "admin.Nope"');
  });
});

describe('txpool in manual mining (--no-mining)', () => {
  let node: DevnetProcess;
  beforeAll(async () => { node = await startDevnet(['--no-mining']); }, 60_000);
  afterAll(async () => { await node?.stop(); });

  it('content, contentFrom, inspect and status split pending and queued by sender and nonce', async () => {
    const sub = await rawWs(node.url);
    const pendingSub = (await sub.call('eth_subscribe', ['newPendingTransactions'])).result;
    const h0 = await sendTransfer(node.url, { nonce: 0, value: 7n });
    const h1 = await sendTransfer(node.url, { nonce: 1, value: 8n });
    const h3 = await sendTransfer(node.url, { nonce: 3, value: 9n });
    const b0 = await sendTransfer(node.url, { nonce: 0, key: DEV_KEY_1, to: '0x000000000000000000000000000000000000bEEF' });
    await until(() => sub.notifications(pendingSub).length === 4);
    expect(sub.notifications(pendingSub).map((m) => m.params.result)).toEqual([h0, h1, h3, b0]);
    await sub.close();

    expect((await ethRpc(node.url, 'txpool_status')).result).toEqual({ pending: '0x3', queued: '0x1' });
    const content = (await ethRpc(node.url, 'txpool_content')).result;
    expect(Object.keys(content.pending).sort()).toEqual([DEV_0, DEV_1].sort());
    expect(Object.keys(content.pending[DEV_0])).toEqual(['0', '1']);
    expect(content.pending[DEV_0]['0']).toMatchObject({ hash: h0, nonce: '0x0', blockHash: null, blockNumber: null, from: DEV_0.toLowerCase(), value: '0x7' });
    expect(content.pending[DEV_1]['0'].hash).toBe(b0);
    expect(content.queued).toEqual({ [DEV_0]: { 3: expect.objectContaining({ hash: h3, nonce: '0x3' }) } });

    const from = (await ethRpc(node.url, 'txpool_contentFrom', [DEV_0])).result;
    expect(Object.keys(from.pending)).toEqual(['0', '1']);
    expect(Object.keys(from.queued)).toEqual(['3']);
    expect((await ethRpc(node.url, 'txpool_contentFrom', ['0x0000000000000000000000000000000000000001'])).result).toEqual({ pending: {}, queued: {} });

    const inspect = (await ethRpc(node.url, 'txpool_inspect')).result;
    expect(inspect.pending[DEV_0]['1']).toBe('0x000000000000000000000000000000000000dEaD: 8 wei + 21000 gas × 1000000000000 wei');
    expect(inspect.queued[DEV_0]['3']).toBe('0x000000000000000000000000000000000000dEaD: 9 wei + 21000 gas × 1000000000000 wei');
    expect(inspect.pending[DEV_1]['0']).toBe('0x000000000000000000000000000000000000bEEF: 1 wei + 21000 gas × 1000000000000 wei');
  }, 30_000);

  it('eth_sendTransaction fills the pending nonce without mining', async () => {
    const before = (await ethRpc(node.url, 'eth_getTransactionCount', [DEV_1, 'pending'])).result;
    const sent = await ethRpc(node.url, 'eth_sendTransaction', [{ from: DEV_1, to: DEV_0, value: '0x1' }]);
    const tx = (await ethRpc(node.url, 'eth_getTransactionByHash', [sent.result])).result;
    expect(tx.nonce).toBe(before);
    expect(tx.blockHash).toBeNull();
    expect(Object.keys((await ethRpc(node.url, 'txpool_contentFrom', [DEV_1])).result.pending)).toEqual(['0', '1']);
  });
});
