import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type AnvilProcess } from '../../bench/anvil.js';
import { STORAGE_INITCODE } from '../../src/node/chains/evm/testing.js';
import { DEV_KEY_0 } from '../helpers/c-chain-tx.js';
import { freePort, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

const account = privateKeyToAccount(DEV_KEY_0);
const word = (n: number) => ('0x' + n.toString(16).padStart(64, '0')) as Hex;
const chain = { id: 43112, name: 'firn-local', nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 }, rpcUrls: { default: { http: [] as string[] } } } as const;

interface Node { rpc: string; call(method: string, params?: unknown[]): Promise<{ result?: any; error?: { code: number; message: string; data?: unknown } }>; send(raw: Hex): Promise<Hex> }

function node(rpc: string): Node {
  const call = async (method: string, params: unknown[] = []) => {
    const r = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return (await r.json()) as any;
  };
  return {
    rpc, call,
    async send(raw) {
      const r = await call('eth_sendRawTransaction', [raw]);
      if (r.error) throw new Error(r.error.message);
      for (let i = 0; i < 200; i++) {
        const rc = await call('eth_getTransactionReceipt', [r.result]);
        if (rc.result) return r.result;
        await new Promise((res) => setTimeout(res, 10));
      }
      throw new Error('not mined');
    },
  };
}

let nonce = 0;
const sign = (tx: { to?: Hex; data?: Hex }) => account.signTransaction({ chainId: 43112, type: 'eip1559', nonce: nonce++, gas: 200_000n, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 1n, ...tx });

let devnet: DevnetProcess;
let anvil: AnvilProcess;
let firn: Node;
let oracle: Node;
let contract: Hex;

/** Runs the same signed tx on both nodes. */
async function both(raw: Hex) {
  await firn.send(raw);
  await oracle.send(raw);
}

beforeAll(async () => {
  devnet = await startDevnet();
  anvil = await startAnvil(await freePort(), ['--chain-id', '43112']);
  firn = node(`${devnet.url}/ext/bc/C/rpc`);
  oracle = node(anvil.url);
  const deploy = await sign({ data: STORAGE_INITCODE as Hex });
  await both(deploy);
  const rc = await firn.call('eth_getTransactionReceipt', [(await firn.call('eth_getBlockByNumber', ['latest', false])).result.transactions[0]]);
  contract = rc.result.contractAddress;
  for (let i = 1; i <= 5; i++) await both(await sign({ to: contract, data: word(i % 2 === 0 ? 2 : 1) }));
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
  await devnet?.stop();
});

describe('eth_getLogs over HTTP (differential against anvil)', () => {
  it('returns the same logs for address, topic OR and wildcard queries', async () => {
    const queries = [
      { fromBlock: '0x0', address: contract },
      { fromBlock: '0x0', address: [contract, '0x' + '11'.repeat(20)], topics: [[word(2), word(9)]] },
      { fromBlock: '0x0', toBlock: 'latest', topics: [null] },
      { fromBlock: '0x3', toBlock: '0x4' },
    ];
    for (const q of queries) {
      const [a, b] = await Promise.all([firn.call('eth_getLogs', [q]), oracle.call('eth_getLogs', [q])]);
      expect(a.error).toBeUndefined();
      const pick = (l: any) => ({ address: l.address, topics: l.topics, data: l.data, blockNumber: l.blockNumber, transactionIndex: l.transactionIndex, logIndex: l.logIndex, removed: l.removed });
      expect(a.result.map(pick)).toEqual(b.result.map(pick));
      for (const [i, l] of a.result.entries()) {
        // every field geth's types.Log has is there (anvil may add more)
        for (const k of Object.keys(l)) expect(Object.keys(b.result[i])).toContain(k);
        expect(l.transactionHash).toBe(b.result[i].transactionHash);
      }
    }
    const byHash = await firn.call('eth_getLogs', [{ blockHash: (await firn.call('eth_getBlockByNumber', ['0x2', false])).result.hash }]);
    expect(byHash.result).toHaveLength(1);
  });

  it('answers bad input with geth/coreth errors', async () => {
    const err = async (q: unknown) => (await firn.call('eth_getLogs', [q])).error;
    expect(await err({ fromBlock: 'zz' })).toEqual({ code: -32602, message: 'invalid argument 0: hex string without 0x prefix' });
    expect(await err({ address: '0x1234' })).toMatchObject({ code: -32602, message: 'invalid argument 0: invalid address: hex has invalid length 2 after decoding; expected 20 for address' });
    expect(await err({ fromBlock: '0x0', toBlock: '0xffffffff' })).toEqual({ code: -32000, message: 'requested to block 4294967295 after last accepted block 6' });
    expect(await err({ fromBlock: '0x5', toBlock: '0x1' })).toEqual({ code: -32000, message: 'invalid block range params' });
    expect(await err({ blockHash: word(1) })).toEqual({ code: -32000, message: 'unknown block' });
    expect(await err({ topics: [null, null, null, null, null] })).toEqual({ code: -32000, message: 'exceed max topics' });
  });
});

describe('filters over HTTP', () => {
  it('delivers logs, block hashes and pending txs like anvil', async () => {
    const ids = await Promise.all([firn, oracle].map(async (n) => ({
      logs: (await n.call('eth_newFilter', [{ address: contract }])).result,
      blocks: (await n.call('eth_newBlockFilter')).result,
      pending: (await n.call('eth_newPendingTransactionFilter')).result,
    })));
    expect(ids[0]!.logs).toMatch(/^0x[0-9a-f]+$/);
    const raw = await sign({ to: contract, data: word(3) });
    await both(raw);
    for (const [i, n] of [firn, oracle].entries()) {
      const logs = (await n.call('eth_getFilterChanges', [ids[i]!.logs])).result;
      expect(logs.map((l: any) => l.topics[0])).toEqual([word(3)]);
      expect((await n.call('eth_getFilterChanges', [ids[i]!.logs])).result).toEqual([]);
      expect((await n.call('eth_getFilterChanges', [ids[i]!.blocks])).result).toHaveLength(1);
      expect((await n.call('eth_getFilterChanges', [ids[i]!.pending])).result).toHaveLength(1);
      expect((await n.call('eth_getFilterLogs', [ids[i]!.logs])).result.length).toBeGreaterThan(0);
      expect((await n.call('eth_uninstallFilter', [ids[i]!.blocks])).result).toBe(true);
    }
    expect((await firn.call('eth_getFilterChanges', [ids[0]!.blocks])).error).toEqual({ code: -32000, message: 'filter not found' });
    expect((await firn.call('eth_getFilterLogs', [ids[0]!.pending])).error).toEqual({ code: -32000, message: 'filter not found' });
  });

  it('works through viem', async () => {
    const client = createPublicClient({ chain: { ...chain, rpcUrls: { default: { http: [firn.rpc] } } }, transport: http(firn.rpc) });
    const filter = await client.createBlockFilter();
    await both(await sign({ to: contract, data: word(4) }));
    const hashes = await client.getFilterChanges({ filter });
    expect(hashes).toHaveLength(1);
    const logs = await client.getLogs({ address: contract, fromBlock: 0n });
    expect(logs.at(-1)!.topics[0]).toBe(word(4));
  });
});

describe('block, receipt and fee reads', () => {
  it('serves receipts, counts, txs by index, uncles and headers', async () => {
    const receipts = (await firn.call('eth_getBlockReceipts', ['0x2'])).result;
    const anvilReceipts = (await oracle.call('eth_getBlockReceipts', ['0x2'])).result;
    expect(receipts.map((r: any) => [r.status, r.gasUsed, r.logs.length])).toEqual(anvilReceipts.map((r: any) => [r.status, r.gasUsed, r.logs.length]));
    const block = (await firn.call('eth_getBlockByNumber', ['0x2', false])).result;
    expect((await firn.call('eth_getBlockReceipts', [block.hash])).result).toEqual(receipts);
    expect((await firn.call('eth_getBlockReceipts', ['latest'])).result).toHaveLength(1);
    expect((await firn.call('eth_getBlockReceipts', [word(1)])).result).toBeNull();
    expect((await firn.call('eth_getBlockTransactionCountByNumber', ['0x2'])).result).toBe('0x1');
    expect((await firn.call('eth_getBlockTransactionCountByHash', [block.hash])).result).toBe('0x1');
    const tx = (await firn.call('eth_getTransactionByBlockNumberAndIndex', ['0x2', '0x0'])).result;
    expect(tx.hash).toBe(block.transactions[0]);
    expect((await firn.call('eth_getTransactionByBlockHashAndIndex', [block.hash, '0x0'])).result).toEqual(tx);
    expect((await firn.call('eth_getTransactionByBlockNumberAndIndex', ['0x2', '0x5'])).result).toBeNull();
    expect((await firn.call('eth_getUncleCountByBlockNumber', ['0x2'])).result).toBe('0x0');
    expect((await firn.call('eth_getUncleByBlockHashAndIndex', [block.hash, '0x0'])).result).toBeNull();
    const header = (await firn.call('eth_getHeaderByNumber', ['0x2'])).result;
    expect(header.hash).toBe(block.hash);
    expect(header.transactions).toBeUndefined();
    expect((await firn.call('eth_getBlockByNumber', ['0x999', false])).error).toEqual({ code: -32000, message: 'cannot query unfinalized data' });
    expect((await firn.call('eth_getBlockByNumber', ['finalized', false])).result.hash).toBe((await firn.call('eth_getBlockByNumber', ['latest', false])).result.hash);
  });

  it('returns coreth-shaped fee history (one base fee per block, unlike anvil)', async () => {
    const [a, b] = await Promise.all([firn, oracle].map((n) => n.call('eth_feeHistory', ['0x3', 'latest', [25, 75]])));
    // coreth has no blob fields (anvil adds baseFeePerBlobGas / blobGasUsedRatio)
    for (const k of Object.keys(a!.result)) expect(Object.keys(b!.result)).toContain(k);
    expect(a!.result.oldestBlock).toBe(b!.result.oldestBlock);
    expect(a!.result.gasUsedRatio).toHaveLength(3);
    expect(a!.result.reward).toHaveLength(3);
    expect(b!.result.baseFeePerGas).toHaveLength(4);
    expect(a!.result.baseFeePerGas).toHaveLength(3);
    expect((await firn.call('eth_feeHistory', ['0x1', 'latest', [50, 10]])).error!.message).toBe('invalid reward percentile: #0:50.000000 >= #1:10.000000');
  });

  it('proves state, overrides calls and builds access lists', async () => {
    const client = createPublicClient({ chain: { ...chain, rpcUrls: { default: { http: [firn.rpc] } } }, transport: http(firn.rpc) });
    const proof = await client.getProof({ address: contract, storageKeys: [word(0)] });
    expect(proof.storageProof[0]!.value).toBe(4n);
    expect(proof.accountProof.length).toBeGreaterThan(0);
    const overridden = await client.call({ to: contract, stateOverride: [{ address: contract, stateDiff: [{ slot: word(0), value: word(99) }] }] });
    expect(overridden.data).toBe(word(99));
    const balance = await firn.call('eth_call', [{ to: contract }, 'latest', { [contract]: { balance: '0x1' } }, { number: '0x100' }]);
    expect(balance.result).toBe(word(4));
    const acl = (await firn.call('eth_createAccessList', [{ from: account.address, to: contract, data: word(8) }])).result;
    expect(acl.accessList).toEqual([]);
    expect(BigInt(acl.gasUsed)).toBeGreaterThan(21_000n);
    const config = (await firn.call('eth_getChainConfig')).result;
    expect(config).toMatchObject({ chainId: 43112, cancunTime: config.etnaTimestamp, shanghaiTime: config.durangoBlockTimestamp });
  });
});
