import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createTestClient, http, type Address, type Hex } from 'viem';
import { startAnvil, type AnvilProcess } from '../../bench/anvil.js';
import { ethRpc, sendTransfer } from '../helpers/c-chain-tx.js';
import { freePort, rpc, startDevnet, tempDataDir, type DevnetProcess } from '../helpers/devnet-process.js';

const A = '0x1111111111111111111111111111111111111111' as Address;
const B = '0x2222222222222222222222222222222222222222' as Address;
const C = '0x3333333333333333333333333333333333333333' as Address;
const SLOT1 = '0x0000000000000000000000000000000000000000000000000000000000000001' as Hex;
const word = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
/** Runtime code: returns storage slot 1 (PUSH1 1 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN). */
const READ_SLOT1 = '0x60015460005260206000f3' as Hex;

function clients(url: string, mode: 'anvil' | 'hardhat' = 'anvil') {
  const transport = http(url, { timeout: 60_000 });
  return { test: createTestClient({ mode, transport, cacheTime: 0 }), pub: createPublicClient({ transport, cacheTime: 0 }) };
}
const cUrl = (node: DevnetProcess) => `${node.url}/ext/bc/C/rpc`;

describe('devnet controls through viem test client', () => {
  let node: DevnetProcess;
  let test: ReturnType<typeof clients>['test'];
  let pub: ReturnType<typeof clients>['pub'];
  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    ({ test, pub } = clients(cUrl(node)));
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('edits balance, nonce, code and storage at once, without mining', async () => {
    const before = await pub.getBlockNumber();
    await test.setBalance({ address: A, value: 10n ** 18n });
    await test.setNonce({ address: A, nonce: 7 });
    await test.setCode({ address: B, bytecode: READ_SLOT1 });
    await test.setStorageAt({ address: B, index: 1, value: word(42) });
    expect(await pub.getBlockNumber()).toBe(before);
    expect(await pub.getBalance({ address: A })).toBe(10n ** 18n);
    expect(await pub.getTransactionCount({ address: A })).toBe(7);
    expect(await pub.getCode({ address: B })).toBe(READ_SLOT1);
    expect(await pub.getStorageAt({ address: B, slot: SLOT1 })).toBe(word(42));
    expect((await pub.call({ to: B })).data).toBe(word(42));
    // carried into the next block
    await test.mine({ blocks: 1 });
    const head = await pub.getBlock();
    expect(await pub.getBalance({ address: A, blockNumber: head.number })).toBe(10n ** 18n);
    expect(await pub.getStorageAt({ address: B, slot: SLOT1, blockNumber: head.number })).toBe(word(42));
    // the older block's state is untouched
    expect(await pub.getBalance({ address: A, blockNumber: before })).toBe(0n);
  });

  it('mines n blocks with an interval and reports automine', async () => {
    const start = await pub.getBlock();
    await test.mine({ blocks: 3, interval: 10 });
    const head = await pub.getBlock();
    expect(head.number).toBe(start.number + 3n);
    expect(head.timestamp - start.timestamp).toBeGreaterThanOrEqual(30n);
    expect(await test.getAutomine()).toBe(true);
    await test.setAutomine(false);
    expect(await test.getAutomine()).toBe(false);
    await test.setAutomine(true);
    const r = await ethRpc(node.url, 'evm_mine', []);
    expect(r.result).toBe('0x0');
  });

  it('moves time: increaseTime, setNextBlockTimestamp, evm_mine with a timestamp', async () => {
    const head = await pub.getBlock();
    const offset = (await ethRpc(node.url, 'evm_increaseTime', ['0xe10'])).result as number;
    expect(offset).toBeGreaterThanOrEqual(3600);
    await test.mine({ blocks: 1 });
    expect((await pub.getBlock()).timestamp).toBeGreaterThanOrEqual(head.timestamp + 3600n);
    const target = (await pub.getBlock()).timestamp + 100_000n;
    await test.setNextBlockTimestamp({ timestamp: target });
    await test.mine({ blocks: 1 });
    expect((await pub.getBlock()).timestamp).toBe(target);
    const past = await ethRpc(node.url, 'evm_setNextBlockTimestamp', [1]);
    expect(past.error).toEqual({ code: -32602, message: "Timestamp error: 1 is lower than previous block's timestamp" });
    await ethRpc(node.url, 'evm_mine', [Number(target + 50n)]);
    expect((await pub.getBlock()).timestamp).toBe(target + 50n);
    // later blocks continue from the chosen time
    await test.mine({ blocks: 1 });
    expect((await pub.getBlock()).timestamp).toBeGreaterThanOrEqual(target + 50n);
  });

  it('impersonates an account: unsigned transactions from it are mined', async () => {
    await test.setBalance({ address: C, value: 5n * 10n ** 18n });
    await test.impersonateAccount({ address: C });
    const hash = await test.sendUnsignedTransaction({ from: C, to: A, value: 1234n });
    const receipt = await pub.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(C);
    expect((await pub.getTransaction({ hash })).from).toBe(C);
    expect(await pub.getBalance({ address: A })).toBe(10n ** 18n + 1234n);
    expect(await pub.getTransactionCount({ address: C })).toBe(1);
    await test.stopImpersonatingAccount({ address: C });
  });

  it('eth_sendTransaction from an impersonated account is accepted unsigned', async () => {
    await test.impersonateAccount({ address: C });
    const r = await ethRpc(node.url, 'eth_sendTransaction', [{ from: C, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }]);
    expect(r.error).toBeUndefined();
    const receipt = await pub.getTransactionReceipt({ hash: r.result as Hex });
    expect(receipt.from).toBe(C);
    await test.stopImpersonatingAccount({ address: C });
  });

  it('drops a pending transaction', async () => {
    await test.setAutomine(false);
    const nonce = await pub.getTransactionCount({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', blockTag: 'pending' });
    const hash = (await sendTransfer(node.url, { nonce })) as Hex;
    expect((await ethRpc(node.url, 'eth_getTransactionByHash', [hash])).result?.blockHash).toBeNull();
    expect((await ethRpc(node.url, 'anvil_dropTransaction', [hash])).result).toBe(hash);
    expect((await ethRpc(node.url, 'anvil_dropTransaction', [hash])).result).toBeNull();
    await test.mine({ blocks: 1 });
    expect(await pub.getTransaction({ hash }).catch(() => null)).toBeNull();
    await test.setAutomine(true);
  });

  it('snapshot and revert rewind blocks, state and the pool; the rewound blocks disappear', async () => {
    const id = await test.snapshot();
    const base = await pub.getBlock();
    await test.setBalance({ address: A, value: 1n });
    await test.mine({ blocks: 2 });
    const gone = await pub.getBlock();
    const later = await test.snapshot();
    expect(gone.number).toBe(base.number + 2n);
    expect(await ethRpc(node.url, 'evm_revert', [id])).toMatchObject({ result: true });
    expect(await pub.getBlockNumber()).toBe(base.number);
    expect(await pub.getBalance({ address: A })).toBe(10n ** 18n + 1234n);
    expect((await ethRpc(node.url, 'eth_getBlockByHash', [gone.hash, false])).result).toBeNull();
    // above the head: coreth answers null or its unfinalized-data error, never the dropped block
    expect((await ethRpc(node.url, 'eth_getBlockByNumber', ['0x' + gone.number.toString(16), false])).result ?? null).toBeNull();
    // the snapshot itself and every later one are used up
    expect((await ethRpc(node.url, 'evm_revert', [id])).result).toBe(false);
    expect((await ethRpc(node.url, 'evm_revert', [later])).result).toBe(false);
    // new blocks reuse the heights, and the index follows the rewritten history
    await test.mine({ blocks: 1 });
    const replaced = await pub.getBlock();
    expect(replaced.number).toBe(base.number + 1n);
    expect(replaced.hash).not.toBe(gone.hash);
    const last = (await rpc(node.url, '/ext/index/C/block', 'index.getLastAccepted', { encoding: 'hex' })).result;
    expect(BigInt(last.index)).toBe(replaced.number - 1n);
  });

  it('dumps and loads state, and resets to genesis', async () => {
    const dump = await test.dumpState();
    expect(dump.startsWith('0x1f8b')).toBe(true);
    await test.reset();
    expect(await pub.getBlockNumber()).toBe(0n);
    expect(await pub.getBalance({ address: A })).toBe(0n);
    expect(await pub.getCode({ address: B })).toBeUndefined();
    await test.loadState({ state: dump });
    expect(await pub.getBlockNumber()).toBe(0n);
    expect(await pub.getBalance({ address: A })).toBe(10n ** 18n + 1234n);
    expect(await pub.getTransactionCount({ address: A })).toBe(7);
    expect(await pub.getCode({ address: B })).toBe(READ_SLOT1);
    expect(await pub.getStorageAt({ address: B, slot: SLOT1 })).toBe(word(42));
    const fork = await ethRpc(node.url, 'anvil_reset', [{ forking: { jsonRpcUrl: 'http://127.0.0.1:1' } }]);
    expect(fork.error?.code).toBe(-32602);
    expect(fork.error?.message).toMatch(/^Forking is not supported/);
  });

  it('serves viem in hardhat mode too', async () => {
    const hh = clients(cUrl(node), 'hardhat');
    const before = await hh.pub.getBlockNumber();
    await hh.test.mine({ blocks: 2, interval: 5 });
    const head = await hh.pub.getBlock();
    expect(head.number).toBe(before + 2n);
    expect(head.timestamp - (await hh.pub.getBlock({ blockNumber: before + 1n })).timestamp).toBe(5n);
    await hh.test.setBalance({ address: C, value: 31n });
    expect(await hh.pub.getBalance({ address: C })).toBe(31n);
    expect(await hh.test.getAutomine()).toBe(true);
    await hh.test.impersonateAccount({ address: C });
    expect((await ethRpc(node.url, 'hardhat_stopImpersonatingAccount', [C])).result).toBe(true);
  });

  it('restores the pool on revert', async () => {
    await test.setAutomine(false);
    const id = await test.snapshot();
    const nonce = await pub.getTransactionCount({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    const hash = (await sendTransfer(node.url, { nonce })) as Hex;
    await test.mine({ blocks: 1 });
    expect((await pub.getTransactionReceipt({ hash })).status).toBe('success');
    await test.revert({ id });
    // the tx arrived after the snapshot: it is gone with the block that held it
    expect((await ethRpc(node.url, 'eth_getTransactionByHash', [hash])).result).toBeNull();
    const pending = (await sendTransfer(node.url, { nonce })) as Hex;
    const id2 = await test.snapshot();
    await test.mine({ blocks: 1 });
    await test.revert({ id: id2 });
    // it was pending at the snapshot: back in the pool, not mined
    expect((await ethRpc(node.url, 'eth_getTransactionByHash', [pending])).result).toMatchObject({ hash: pending, blockHash: null });
    await test.setAutomine(true);
    await test.mine({ blocks: 1 });
    expect((await pub.getTransactionReceipt({ hash: pending })).status).toBe('success');
  });

  it('answers anvil_nodeInfo and hardhat_metadata', async () => {
    const info = (await ethRpc(node.url, 'anvil_nodeInfo', [])).result;
    const n = await pub.getBlockNumber();
    expect(info.currentBlockNumber).toBe('0x' + n.toString(16));
    expect(info.environment.chainId).toBe(43112);
    const meta = (await ethRpc(node.url, 'hardhat_metadata', [])).result;
    expect(meta).toMatchObject({ chainId: 43112, latestBlockNumber: Number(n), forkedNetwork: null });
    expect(meta.instanceId).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('devnet controls survive a restart', () => {
  it('keeps state edits after kill -9, and a revert after a restart', async () => {
    const dataDir = tempDataDir();
    let node = await startDevnet([], { dataDir });
    let { test, pub } = clients(cUrl(node));
    await test.mine({ blocks: 3 });
    const id = await test.snapshot();
    await test.mine({ blocks: 2 });
    expect(await test.revert({ id }).then(() => pub.getBlockNumber())).toBe(3n);
    await test.setBalance({ address: A, value: 77n });
    await test.setNonce({ address: A, nonce: 3 });
    await test.setCode({ address: B, bytecode: READ_SLOT1 });
    await test.setStorageAt({ address: B, index: 1, value: word(9) });
    await node.kill();

    node = await startDevnet([], { dataDir });
    ({ test, pub } = clients(cUrl(node)));
    expect(await pub.getBlockNumber()).toBe(3n);
    expect(await pub.getBalance({ address: A })).toBe(77n);
    expect(await pub.getTransactionCount({ address: A })).toBe(3);
    expect(await pub.getCode({ address: B })).toBe(READ_SLOT1);
    expect(await pub.getStorageAt({ address: B, slot: SLOT1 })).toBe(word(9));
    // the edits go into the next block, which follows block 3
    await test.mine({ blocks: 1 });
    expect(await pub.getBlockNumber()).toBe(4n);
    expect(await pub.getBalance({ address: A, blockNumber: 4n })).toBe(77n);
    await node.kill();
    node = await startDevnet([], { dataDir });
    ({ pub } = clients(cUrl(node)));
    expect(await pub.getBalance({ address: A })).toBe(77n);
    await node.stop();
  });

  it('--dump-state writes the state on exit and --load-state merges it at start', async () => {
    const file = join(tempDataDir(), 'state.json');
    let node = await startDevnet(['--dump-state', file]);
    const { test } = clients(cUrl(node));
    await test.setBalance({ address: A, value: 555n });
    await test.setCode({ address: B, bytecode: READ_SLOT1 });
    await test.setStorageAt({ address: B, index: 1, value: word(5) });
    expect(await node.stop()).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).accounts[A]).toMatchObject({ balance: '0x22b' });

    node = await startDevnet(['--load-state', file]);
    const { pub } = clients(cUrl(node));
    expect(await pub.getBalance({ address: A })).toBe(555n);
    expect((await pub.call({ to: B })).data).toBe(word(5));
    await node.stop();
  });
});

describe('the same control sequence on anvil and on Firn', () => {
  let node: DevnetProcess;
  let anvil: AnvilProcess;
  beforeAll(async () => {
    [node, anvil] = await Promise.all([startDevnet(), freePort().then((p) => startAnvil(p))]);
  });
  afterAll(async () => {
    await Promise.all([node?.stop(), anvil?.stop()]);
  });

  async function run(url: string) {
    const { test, pub } = clients(url);
    await test.setBalance({ address: C, value: 3n * 10n ** 18n });
    await test.setNonce({ address: C, nonce: 5 });
    await test.setCode({ address: B, bytecode: READ_SLOT1 });
    await test.setStorageAt({ address: B, index: 1, value: word(7) });
    const id = await test.snapshot();
    await test.setBalance({ address: A, value: 99n });
    await test.revert({ id });
    await test.impersonateAccount({ address: C });
    await test.sendUnsignedTransaction({ from: C, to: A, value: 1000n, gas: 21_000n });
    await test.sendUnsignedTransaction({ from: C, to: B, value: 5n, gas: 50_000n });
    await test.stopImpersonatingAccount({ address: C });
    await test.mine({ blocks: 2 });
    const dump = await test.dumpState();
    await test.setBalance({ address: A, value: 1n });
    await test.loadState({ state: dump });
    return {
      balanceA: await pub.getBalance({ address: A }),
      balanceB: await pub.getBalance({ address: B }),
      nonceC: await pub.getTransactionCount({ address: C }),
      codeB: await pub.getCode({ address: B }),
      slotB: await pub.getStorageAt({ address: B, slot: SLOT1 }),
      call: (await pub.call({ to: B })).data,
    };
  }

  it('gives the same balances, nonces, code and storage', async () => {
    const [firn, ref] = await Promise.all([run(cUrl(node)), run(anvil.url)]);
    expect(firn).toEqual(ref);
    expect(firn.balanceA).toBe(1000n);
    expect(firn.nonceC).toBe(7);
  });

  it('loads a state dumped by anvil', async () => {
    const { test: anvilTest } = clients(anvil.url);
    await anvilTest.setBalance({ address: '0x4444444444444444444444444444444444444444', value: 4444n });
    const dump = await anvilTest.dumpState();
    const { test, pub } = clients(cUrl(node));
    await test.loadState({ state: dump });
    expect(await pub.getBalance({ address: '0x4444444444444444444444444444444444444444' })).toBe(4444n);
    expect(await pub.getCode({ address: B })).toBe(READ_SLOT1);
  });
});
