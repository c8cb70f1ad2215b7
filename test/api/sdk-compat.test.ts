/**
 * The official TypeScript SDK, @avalanche-sdk/chainkit 0.3.13, run unchanged against Firn's Data API and Metrics
 * API: only the server URL differs (per-call `serverURL`, data-api.md §9.1; telemetry off, `avacloud` off).
 * A real devnet runs the activity generator (P-, X- and C-chain traffic, ERC-20/721/1155) plus an ERC-20 and an
 * ERC-721 deployed here; the real indexer follows it into a store and the real API servers serve it on free ports
 * (test/helpers/indexed-devnet.ts).
 * Every SDK call parses its response with the SDK's own zod schemas (closed enums, null rejected), so a call that
 * returns at all passed that validation; its content is then compared with the node's own answers.
 */
import { Avalanche } from '@avalanche-sdk/chainkit';
import { BadRequestError, NotFoundError, ResponseValidationError } from '@avalanche-sdk/chainkit/models/errors';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Abi, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pAddressOf, xAddressOf } from '../../src/activity/keys.js';
import type { ActivityStats } from '../../src/activity/start-activity.js';
import { idToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { postgresAvailable } from '../../src/store/testing.js';
import { startIndexedDevnet, TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC, type IndexedDevnet, type NodeBlock } from '../helpers/indexed-devnet.js';

const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
const HOUR = 3600;
const DAY = 86_400;

const serverUp = await postgresAvailable();

/** Every URL fetched in this file: the SDK must talk to our servers only (no telemetry, no data-api.avax.network). */
const fetched: URL[] = [];
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
  fetched.push(new URL(input instanceof Request ? input.url : String(input)));
  return realFetch(input, init);
});

describe(`@avalanche-sdk/chainkit 0.3.13 against Firn (${serverUp ? 'postgres' : 'pglite'})`, () => {
  let env: IndexedDevnet;
  let stats: ActivityStats;
  let cChainId: string;
  /** The node's heights the indexer caught up with before the servers started. */
  let heights: Record<'C' | 'P' | 'X', bigint>;
  /** Every C-chain block the node has, newest first, with its transactions and their receipts. */
  let cBlocks: NodeBlock[];
  let at: IndexedDevnet['at'];
  let txs: IndexedDevnet['txs'];
  let multiTokenId: bigint;
  /** Per-call options: the only thing that differs from code written for the hosted service. */
  let data: { serverURL: string };
  let metrics: { serverURL: string };
  const sdk = new Avalanche({ network: 'fuji', enableTelemetry: false });

  const evm = (method: string, params: unknown[] = []) => env.evm(method, params);
  const node = (path: string, method: string, params: unknown = {}) => env.node(path, method, params);
  const read = (c: { abi: Abi }, address: Hex, functionName: string, args: unknown[] = []) => env.read(c, address, functionName, args);
  const done = (kind: string) => env.done(kind);
  const userNamed = (name: string) => env.userNamed(name);

  beforeAll(async () => {
    env = await startIndexedDevnet({ pageTokenSecret: 'sdk-compat-test-secret' });
    ({ stats, cChainId, heights, cBlocks, at, txs, multiTokenId } = env);
    data = { serverURL: env.urls.dataApi };
    metrics = { serverURL: env.urls.metricsApi };
  }, 300_000);

  afterAll(async () => {
    await env?.stop();
    vi.restoreAllMocks();
  });

  /** Runs `call` expecting it to fail with `type` (not a ResponseValidationError): the error body passed the SDK's schema. */
  async function expectSdkError<E extends Error>(call: () => Promise<unknown>, type: new (...args: any[]) => E): Promise<E> {
    const error = await call().then(() => undefined, (e: unknown) => e);
    expect(error).not.toBeInstanceOf(ResponseValidationError);
    expect(error, String(error)).toBeInstanceOf(type);
    return error as E;
  }

  describe('Data API: EVM chains, blocks, transactions, contracts, NFTs', () => {
    it('data.evm.chains.list and get: the devnet C-chain, under the fuji network', async () => {
      const { chains } = await sdk.data.evm.chains.list({ network: 'fuji' }, data);
      const c = chains.find((x) => x.chainId === '43112')!;
      expect(c).toMatchObject({ status: 'OK', platformChainId: cChainId, isTestnet: true, vmName: 'EVM', rpcUrl: `${env.devnet.url}/ext/bc/${cChainId}/rpc` });
      expect(c.networkToken).toMatchObject({ symbol: 'AVAX', decimals: 18 });
      const byId = await sdk.data.evm.chains.get({ chainId: '43112' }, data);
      expect(byId).toMatchObject({ chainId: '43112', platformChainId: cChainId, chainName: c.chainName, status: 'OK' });
      expect(await sdk.data.evm.chains.get({ chainId: cChainId }, data)).toEqual(byId);
    });

    it('data.evm.blocks.listLatest through the paginator: every block as the node has it; blocks.get by hash and number', async () => {
      const pages = await sdk.data.evm.blocks.listLatest({ chainId: '43112', pageSize: 10 }, data);
      const blocks: any[] = [];
      let count = 0;
      for await (const page of pages) {
        blocks.push(...page.result.blocks);
        count++;
      }
      expect(count).toBe(Math.ceil(cBlocks.length / 10));
      expect(blocks.map((b) => b.blockNumber)).toEqual(cBlocks.map((b) => b.number.toString()));
      for (const [i, b] of blocks.entries()) {
        const theirs = cBlocks[i]!;
        expect(b).toMatchObject({ chainId: '43112', blockHash: theirs.hash, parentHash: theirs.parentHash, blockTimestamp: theirs.timestamp, txCount: theirs.txs.length, gasUsed: theirs.gasUsed.toString() });
      }
      const newest = blocks[0];
      expect(await sdk.data.evm.blocks.get({ chainId: '43112', blockId: newest.blockHash }, data)).toMatchObject({ blockNumber: newest.blockNumber, blockHash: newest.blockHash, txCount: newest.txCount });
      expect(await sdk.data.evm.blocks.get({ chainId: '43112', blockId: newest.blockNumber }, data)).toMatchObject({ blockHash: newest.blockHash });
    });

    it('data.evm.transactions.listLatest through the paginator, and filtered by status', async () => {
      const pages = await sdk.data.evm.transactions.listLatest({ chainId: '43112', pageSize: 25 }, data);
      const hashes: string[] = [];
      for await (const page of pages) hashes.push(...page.result.transactions.map((x) => x.txHash));
      const expected = cBlocks.flatMap((b) => [...b.txs].reverse().map((x: any) => x.hash));
      expect(hashes).toEqual(expected);

      const failedOnNode = cBlocks.flatMap((b) => [...b.receipts].reverse().filter((r) => r.status === '0x0').map((r) => r.transactionHash));
      expect(failedOnNode.length).toBeGreaterThan(0); // the generator's c.revert actions
      const failed = await sdk.data.evm.transactions.listLatest({ chainId: '43112', status: 'failed', pageSize: 100 }, data);
      expect(failed.result.transactions.map((x) => [x.txHash, x.txStatus])).toEqual(failedOnNode.map((h) => [h, '0']));
      const success = await sdk.data.evm.transactions.listLatest({ chainId: '43112', status: 'success', pageSize: 100 }, data);
      expect(success.result.transactions.every((x) => x.txStatus === '1')).toBe(true);
      expect(success.result.transactions.length).toBe(Math.min(100, expected.length - failedOnNode.length));
    });

    it('data.evm.transactions.get: an ERC-20 transfer with its token and the node\'s fields', async () => {
      const tx = await sdk.data.evm.transactions.get({ chainId: '43112', txHash: txs.transfer }, data);
      const theirs = await evm('eth_getTransactionByHash', [txs.transfer]);
      expect(tx.nativeTransaction).toMatchObject({
        txHash: txs.transfer, blockNumber: BigInt(theirs.blockNumber).toString(), from: { address: env.me.address }, input: theirs.input,
        method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
        to: { address: at.token, name: 'SDK Token', symbol: 'SDKT', decimals: 18 },
      });
      expect(tx.erc20Transfers).toEqual([{
        from: { address: env.me.address }, to: { address: '0x000000000000000000000000000000000000dEaD' }, logIndex: 0, value: '5',
        erc20Token: { address: at.token, name: 'SDK Token', symbol: 'SDKT', decimals: 18, ercType: 'ERC-20' },
      }]);
    });

    it('data.evm.contracts.getMetadata: the ERC-20, the ERC-721 and the generator\'s ERC-1155, as the contracts report', async () => {
      const token = await sdk.data.evm.contracts.getMetadata({ chainId: '43112', address: at.token.toLowerCase() }, data);
      expect(token).toMatchObject({ address: at.token, ercType: 'ERC-20', name: await read(env.token20, at.token, 'name'), symbol: await read(env.token20, at.token, 'symbol'), decimals: 18 });
      expect(token.deploymentDetails).toMatchObject({ deployerAddress: env.me.address });
      const nft = await sdk.data.evm.contracts.getMetadata({ chainId: '43112', address: at.nft }, data);
      expect(nft).toMatchObject({ address: at.nft, ercType: 'ERC-721', name: 'SDK Collectibles', symbol: 'SDKC' });
      const multi = await sdk.data.evm.contracts.getMetadata({ chainId: '43112', address: at.multiToken }, data);
      expect(multi).toMatchObject({ address: at.multiToken, ercType: 'ERC-1155' });
    });

    it('data.nfts.get: an ERC-721 token and an ERC-1155 token', async () => {
      const nft = await sdk.data.nfts.get({ chainId: '43112', address: at.nft, tokenId: '7' }, data);
      expect(nft).toMatchObject({ address: at.nft, ercType: 'ERC-721', tokenId: '7', name: 'SDK Collectibles', symbol: 'SDKC', tokenUri: await read(env.nft721, at.nft, 'tokenURI', [7n]), ownerAddress: env.me.address });
      const item = await sdk.data.nfts.get({ chainId: '43112', address: at.multiToken, tokenId: multiTokenId.toString() }, data);
      expect(item).toMatchObject({ address: at.multiToken, ercType: 'ERC-1155', tokenId: multiTokenId.toString() });
    });

    it('a 404 and a 400 surface as NotFoundError and BadRequestError', async () => {
      const missing = await expectSdkError(() => sdk.data.evm.transactions.get({ chainId: '43112', txHash: `0x${'ab'.repeat(32)}` }, data), NotFoundError);
      expect([missing.statusCode, missing.data$.statusCode, missing.error]).toEqual([404, 404, 'Not Found']);
      await expectSdkError(() => sdk.data.evm.chains.get({ chainId: '999999' }, data), NotFoundError);
      const bad = await expectSdkError(() => sdk.data.evm.contracts.getMetadata({ chainId: '43112', address: '0xnope' }, data), BadRequestError);
      expect([bad.statusCode, bad.data$.statusCode, bad.error]).toEqual([400, 400, 'Bad Request']);
      await expectSdkError(() => sdk.data.evm.transactions.listLatest({ chainId: '43112', pageToken: 'not-a-token' }, data), BadRequestError);
    });
  });

  describe('Data API: primary network', () => {
    it('data.primaryNetwork.transactions.listLatest on the P-chain, by address and txTypes', async () => {
      const funding = stats.setupTxs.find((x) => x.chain === 'P')!;
      const ewoqBase = await sdk.data.primaryNetwork.transactions.listLatest({ blockchainId: 'p-chain', network: 'fuji', addresses: pAddressOf('local', env.ewoq), txTypes: ['BaseTx'], pageSize: 100 }, data);
      const list = ewoqBase.result as any;
      expect(list.chainInfo).toEqual({ chainName: 'p-chain', network: 'fuji' });
      expect(list.transactions.map((x: any) => x.txHash)).toContain(funding.id);
      expect(list.transactions.every((x: any) => x.txType === 'BaseTx')).toBe(true);

      const [validation] = done('p.validator');
      const [, userName] = /^(user\d+) validates/.exec(validation!.detail!)!;
      const staker = await sdk.data.primaryNetwork.transactions.listLatest({
        blockchainId: 'p-chain', network: 'fuji', addresses: pAddressOf('local', userNamed(userName!)), txTypes: ['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx'],
      }, data);
      const stakerTxs = (staker.result as any).transactions;
      const delegations = done('p.delegator').filter((h) => h.detail!.startsWith(`${userName} `)).map((h) => h.txs[0]!.id);
      expect(stakerTxs.map((x: any) => x.txHash).sort()).toEqual([validation!.txs[0]!.id, ...delegations].sort());
      const added = stakerTxs.find((x: any) => x.txHash === validation!.txs[0]!.id);
      expect(added.txType).toBe('AddPermissionlessValidatorTx');
      expect(added.nodeId).toBe(/validates as (NodeID-\S+)/.exec(validation!.detail!)![1]);
    });

    it('data.primaryNetwork.transactions.listLatest on the X-chain, by address and txTypes', async () => {
      const funding = stats.setupTxs.find((x) => x.chain === 'X')!;
      const ewoqBase = await sdk.data.primaryNetwork.transactions.listLatest({ blockchainId: 'x-chain', network: 'fuji', addresses: xAddressOf('local', env.ewoq), txTypes: ['BaseTx'], pageSize: 100 }, data);
      const list = ewoqBase.result as any;
      expect(list.chainInfo).toEqual({ chainName: 'x-chain', network: 'fuji' });
      expect(list.transactions.map((x: any) => x.txHash)).toContain(funding.id);
      expect(list.transactions.every((x: any) => x.txType === 'BaseTx')).toBe(true);

      const created = stats.history.filter((h) => h.outcome === 'ok').flatMap((h) => h.txs).filter((x) => x.chain === 'X' && x.what === 'create asset').map((x) => x.id);
      expect(created.length).toBeGreaterThan(0);
      const pages = await sdk.data.primaryNetwork.transactions.listLatest({ blockchainId: 'x-chain', network: 'fuji', txTypes: ['CreateAssetTx'], pageSize: 2 }, data);
      const all: any[] = [];
      for await (const page of pages) all.push(...(page.result as any).transactions);
      expect(all.map((x) => x.txHash)).toEqual(expect.arrayContaining(created));
      expect(all.every((x) => x.txType === 'CreateAssetTx')).toBe(true);
    });

    it('data.primaryNetwork.transactions.get and a 404', async () => {
      const [validation] = done('p.validator');
      const tx = await sdk.data.primaryNetwork.transactions.get({ blockchainId: 'p-chain', network: 'fuji', txHash: validation!.txs[0]!.id }, data);
      expect(tx).toMatchObject({ txHash: validation!.txs[0]!.id, txType: 'AddPermissionlessValidatorTx' });
      await expectSdkError(() => sdk.data.primaryNetwork.transactions.get({ blockchainId: 'p-chain', network: 'fuji', txHash: idToString(new Uint8Array(32).fill(0xab)) }, data), NotFoundError);
    });

    it('data.primaryNetwork.blocks.listLatest and get on the P- and X-chain', async () => {
      for (const [blockchainId, path, service, alias] of [['p-chain', '/ext/bc/P', 'platform', 'P'], ['x-chain', '/ext/bc/X', 'avm', 'X']] as const) {
        const pages = await sdk.data.primaryNetwork.blocks.listLatest({ blockchainId, network: 'fuji', pageSize: 5 }, data);
        const blocks: any[] = [];
        for await (const page of pages) blocks.push(...page.result.blocks);
        const newest = BigInt(blocks[0].blockNumber);
        expect(newest).toBeGreaterThanOrEqual(heights[alias]);
        expect(blocks.map((b) => b.blockNumber)).toEqual(blocks.map((_, i) => (newest - BigInt(i)).toString()));
        expect(blocks.length).toBeGreaterThanOrEqual(Number(newest)); // every block from height 1 (or 0) on
        // Each block's id is the hash of the bytes the node has at that height; each names its predecessor.
        for (const [i, b] of blocks.entries()) {
          const theirs = (await node(path, `${service}.getBlockByHeight`, { height: b.blockNumber, encoding: 'hex' })).block as string;
          expect(b.blockHash, `${blockchainId} ${b.blockNumber}`).toBe(idToString(sha256(hexToBytes(theirs.slice(0, -8)))));
          if (i > 0) expect(blocks[i - 1].parentHash).toBe(b.blockHash);
        }
        for (const b of blocks.slice(0, 3)) {
          expect(await sdk.data.primaryNetwork.blocks.get({ blockchainId, network: 'fuji', blockId: b.blockHash }, data)).toMatchObject({ blockNumber: b.blockNumber, blockHash: b.blockHash });
        }
      }
    });

    it('data.primaryNetwork.listSubnets and getSubnetById', async () => {
      const nodeSubnets = (await node('/ext/bc/P', 'platform.getSubnets')).subnets as any[];
      const pages = await sdk.data.primaryNetwork.listSubnets({ network: 'fuji', pageSize: 1 }, data);
      const subnets: any[] = [];
      for await (const page of pages) subnets.push(...page.result.subnets);
      expect(subnets.map((s) => s.subnetId).sort()).toEqual(nodeSubnets.map((s) => s.id).sort());
      const [chainAction] = done('p.chain');
      const subnetId = /on (\S+)$/.exec(chainAction!.detail!)![1]!;
      const chainName = /^(\S+) on/.exec(chainAction!.detail!)![1]!;
      const subnet = await sdk.data.primaryNetwork.getSubnetById({ network: 'fuji', subnetId }, data);
      expect(subnet.subnetId).toBe(subnetId);
      expect(subnet.blockchains.map((c: any) => c.blockchainName)).toContain(chainName);
    });

    it('data.primaryNetwork.listValidators, getValidatorDetails, listDelegators, listL1Validators', async () => {
      const current = (await node('/ext/bc/P', 'platform.getCurrentValidators')).validators as any[];
      const primary = await sdk.data.primaryNetwork.listValidators({ network: 'fuji', validationStatus: 'active', subnetId: PRIMARY_NETWORK_ID, pageSize: 100 }, data);
      expect(primary.result.validators.map((v: any) => v.txHash).sort()).toEqual(current.map((v) => v.txID).sort());
      // Without subnetId: every subnet's validators (data-api.md §6.1).
      const subnetIds = ((await node('/ext/bc/P', 'platform.getSubnets')).subnets as any[]).map((s) => s.id);
      const everywhere = (await Promise.all(subnetIds.map(async (subnetID) => (await node('/ext/bc/P', 'platform.getCurrentValidators', { subnetID })).validators as any[]))).flat();
      expect(everywhere.length).toBeGreaterThan(current.length); // the generator's subnet validator
      const active = await sdk.data.primaryNetwork.listValidators({ network: 'fuji', validationStatus: 'active', pageSize: 100 }, data);
      expect(active.result.validators.map((v: any) => v.txHash).sort()).toEqual(everywhere.map((v) => v.txID).sort());

      const [validation] = done('p.validator');
      const nodeId = /validates as (NodeID-\S+)/.exec(validation!.detail!)![1]!;
      const details = await sdk.data.primaryNetwork.getValidatorDetails({ network: 'fuji', nodeId }, data);
      expect(details.result.validators.map((v: any) => [v.nodeId, v.txHash, v.validationStatus])).toEqual([[nodeId, validation!.txs[0]!.id, 'active']]);

      const theirs = current.filter((v) => (v.delegators ?? []).length > 0 || Number(v.delegatorCount ?? 0) > 0);
      const nodeIds = current.map((v) => v.nodeID).join(',');
      const delegators = await sdk.data.primaryNetwork.listDelegators({ network: 'fuji', nodeIds, pageSize: 100 }, data);
      const expected = done('p.delegator').map((h) => h.txs[0]!.id);
      expect(delegators.result.delegators.map((d: any) => d.txHash).sort()).toEqual(expected.sort());
      expect(theirs.length).toBeGreaterThan(0);

      const l1 = await sdk.data.primaryNetwork.listL1Validators({ network: 'fuji' }, data);
      expect(l1.result.validators).toEqual([]); // the generator converts no subnet to an L1
    });
  });

  describe('Metrics API', () => {
    /** The node's transactions per period start, and its active addresses (tx from/to, token transfer from/to). */
    function perPeriod(unit: number) {
      const txCount = new Map<number, number>();
      const active = new Map<number, Set<string>>();
      for (const b of cBlocks) {
        if (b.txs.length === 0) continue;
        const period = Math.floor(b.timestamp / unit) * unit;
        txCount.set(period, (txCount.get(period) ?? 0) + b.txs.length);
        const set = active.get(period) ?? new Set<string>();
        active.set(period, set);
        for (const [i, tx] of b.txs.entries()) {
          set.add(tx.from.toLowerCase());
          if (tx.to) set.add(tx.to.toLowerCase());
          for (const l of b.receipts[i].logs) {
            const topic = (k: number) => `0x${l.topics[k].slice(26)}`;
            if (l.topics[0] === TRANSFER_TOPIC && l.topics.length >= 3) set.add(topic(1)).add(topic(2));
            if ((l.topics[0] === TRANSFER_SINGLE_TOPIC || l.topics[0] === TRANSFER_BATCH_TOPIC) && l.topics.length === 4) set.add(topic(2)).add(topic(3));
          }
        }
      }
      return { txCount, active };
    }
    const firstActive = () => Math.min(...cBlocks.filter((b) => b.txs.length > 0).map((b) => b.timestamp));

    it('metrics.chains.list and get: the devnet C-chain as a testnet chain', async () => {
      const pages = await sdk.metrics.chains.list({ network: 'fuji' }, metrics);
      const chains: any[] = [];
      for await (const page of pages) chains.push(...page.result.chains);
      const c = chains.find((x) => x.evmChainId === 43112);
      expect(c).toEqual({ evmChainId: 43112, chainName: 'c_chain', blockchainId: cChainId, subnetId: PRIMARY_NETWORK_ID, network: 'testnet' });
      expect(await sdk.metrics.chains.get({ chainId: '43112' }, metrics)).toEqual(c);
    });

    it('metrics.chains.getMetrics txCount by hour, one point per page through the paginator', async () => {
      const startTimestamp = Math.floor(firstActive() / HOUR) * HOUR;
      const pages = await sdk.metrics.chains.getMetrics({ chainId: '43112', metric: 'txCount', timeInterval: 'hour', startTimestamp, pageSize: 1 }, metrics);
      const points: { timestamp: number; value: number }[] = [];
      for await (const page of pages) points.push(...page.result.results);
      const { txCount } = perPeriod(HOUR);
      const newest = Math.max(...txCount.keys());
      const expected = [];
      for (let h = newest; h >= startTimestamp; h -= HOUR) expected.push({ timestamp: h, value: txCount.get(h) ?? 0 });
      expect(points).toEqual(expected);
    });

    it('metrics.chains.getMetrics activeAddresses by day', async () => {
      const startTimestamp = Math.floor(firstActive() / DAY) * DAY;
      const pages = await sdk.metrics.chains.getMetrics({ chainId: '43112', metric: 'activeAddresses', timeInterval: 'day', startTimestamp }, metrics);
      const { active } = perPeriod(DAY);
      const expected = [...active.entries()].sort((a, b) => b[0] - a[0]).map(([timestamp, set]) => ({ timestamp, value: set.size }));
      expect(pages.result.results).toEqual(expected);
    });

    it('metrics.chains.getMetrics avgTps by day matches the seed\'s GET /v1/avg_tps/{chainId}', async () => {
      const pages = await sdk.metrics.chains.getMetrics({ chainId: '43112', metric: 'avgTps', timeInterval: 'day', pageSize: 100 }, metrics);
      const seed = (await (await fetch(`${metrics.serverURL}/v1/avg_tps/43112`)).json()) as { results: { timestamp: number; value: number }[] };
      expect(pages.result.results).toEqual(seed.results);
      const today = pages.result.results[0]!;
      expect(today.timestamp).toBe(Math.floor(cBlocks[0]!.timestamp / DAY) * DAY);
      expect(today.value).toBeGreaterThan(0);
    });

    it('metrics.chains.getRollingWindowMetrics txCount and activeAddresses', async () => {
      const total = cBlocks.reduce((n, b) => n + b.txs.length, 0);
      const { result } = await sdk.metrics.chains.getRollingWindowMetrics({ chainId: '43112', metric: 'txCount' }, metrics);
      expect(result.allTime).toBe(total);
      expect(result.lastYear).toBe(total);
      const addresses = await sdk.metrics.chains.getRollingWindowMetrics({ chainId: '43112', metric: 'activeAddresses' }, metrics);
      const all = new Set([...perPeriod(DAY).active.values()].flatMap((s) => [...s]));
      expect(addresses.result.lastWeek).toBe(all.size);
    });

    it('metrics.networks.getStakingMetrics validatorCount: today counts the primary validators staking past today', async () => {
      const current = (await node('/ext/bc/P', 'platform.getCurrentValidators')).validators as any[];
      const { result } = await sdk.metrics.networks.getStakingMetrics({ network: 'fuji', metric: 'validatorCount', pageSize: 2 }, metrics);
      const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
      expect(result.results[0]).toEqual({ timestamp: today, value: current.filter((v) => Math.floor(Number(v.endTime) / DAY) * DAY > today).length });
      expect(result.results[1]!.timestamp).toBe(today - DAY);
    });

    it('a 404 and a 400 surface as NotFoundError and BadRequestError', async () => {
      const missing = await expectSdkError(() => sdk.metrics.chains.get({ chainId: '999999' }, metrics), NotFoundError);
      expect([missing.statusCode, missing.error]).toEqual([404, 'Not Found']);
      const bad = await expectSdkError(() => sdk.metrics.chains.getMetrics({ chainId: '43112', metric: 'txCount', startTimestamp: 2_000_000_000, endTimestamp: 1_000_000_000 }, metrics), BadRequestError);
      expect([bad.statusCode, bad.error]).toEqual([400, 'Bad Request']);
    });
  });

  it('the SDK\'s validation is live here: the same body with a null or an unknown enum value is a ResponseValidationError', async () => {
    const real = (await (await fetch(`${data.serverURL}/v1/chains/43112`)).json()) as Record<string, unknown>;
    let body: unknown;
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const fake = { serverURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    try {
      body = real;
      expect(await sdk.data.evm.chains.get({ chainId: '43112' }, fake)).toMatchObject({ chainId: '43112', status: 'OK' });
      for (const changed of [{ ...real, explorerUrl: null }, { ...real, status: 'DEGRADED' }, { ...real, isTestnet: 'true' }]) {
        body = changed;
        await expect(sdk.data.evm.chains.get({ chainId: '43112' }, fake)).rejects.toBeInstanceOf(ResponseValidationError);
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('talked to our servers only (no telemetry, no hosted API)', () => {
    const hosts = new Set(fetched.map((u) => u.host));
    expect([...hosts].every((h) => h.startsWith('127.0.0.1:'))).toBe(true);
    expect(hosts).toContain(new URL(data.serverURL).host);
    expect(hosts).toContain(new URL(metrics.serverURL).host);
  });
});
