/**
 * A real devnet with every kind of activity, indexed by the real indexer and served by the real API servers: the
 * setup the SDK and schema compatibility tests share. The activity generator tours every action kind (P-, X- and
 * C-chain traffic, atomic transfers, ERC-20/721/1155, reverts); then one account deploys an ERC-20 (and sends one
 * transfer) and an ERC-721 (and mints token 7); the indexer follows the node into a fresh store until it has every
 * block the node had; the Data API and the Metrics API serve that store on free ports, the devnet answering as Fuji.
 */
import { concat, decodeAbiParameters, decodeFunctionResult, encodeAbiParameters, encodeFunctionData, getAddress, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { StakingPeriods } from '../../src/activity/context.js';
import { fundedKeys, userActors } from '../../src/activity/keys.js';
import { startActivity, type ActionRecord, type ActivityStats } from '../../src/activity/start-activity.js';
import { startApiServers, type RunningApis } from '../../src/cli/api-servers.js';
import { loadApiConfig } from '../../src/config/api-config.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { silentLog } from '../../src/lib/log.js';
import { openTestDatabase, postgresAvailable, type TestDatabase } from '../../src/store/testing.js';
import { rpc, startDevnet, type DevnetProcess } from './devnet-process.js';
import { contract } from './solc.js';

export const ACTIVITY_SEED = 'firn';
export const ACTIVITY_USERS = 8;
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';
/** The kinds of action the tests rely on; setup fails if the generator did none of one. */
const NEEDED_KINDS = ['p.validator', 'p.delegator', 'p.chain', 'p.subnet-validator', 'x.asset', 'c.erc1155.mint', 'c.revert'];

/** A C-chain block as the node has it, with its transactions and their receipts. */
export interface NodeBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: number;
  gasUsed: bigint;
  gasLimit: bigint;
  /** Undefined before base fees existed. */
  baseFee: bigint | undefined;
  txs: any[];
  receipts: any[];
}

export interface IndexedDevnet {
  devnet: DevnetProcess;
  store: TestDatabase;
  /** 'postgres' when a PostgreSQL server is up, else 'pglite'. */
  storeKind: 'postgres' | 'pglite';
  indexer: RunningIndexer;
  /** The Data API and the Metrics API; the devnet's network (`local`) also answers as `fuji`. */
  urls: { dataApi: string; metricsApi: string };
  stats: ActivityStats;
  /** The C-chain's blockchain id (cb58). */
  cChainId: string;
  /** The C-chain head when the node's blocks were read. */
  head: bigint;
  /** The node's heights the indexer caught up with before the servers started. */
  heights: Record<'C' | 'P' | 'X', bigint>;
  /** Every C-chain block the node has, newest first. */
  cBlocks: NodeBlock[];
  /** The account that deployed `at.token` and `at.nft` (dev key 9; the generator funds its users from dev 0..7). */
  me: ReturnType<typeof privateKeyToAccount>;
  users: ReturnType<typeof userActors>;
  ewoq: ReturnType<typeof fundedKeys>['ewoq'];
  /** The ERC-20 (SDK Token, SDKT, 18 decimals), the ERC-721 (SDK Collectibles, SDKC) and the generator's ERC-1155. */
  at: Record<'token' | 'nft' | 'multiToken', Hex>;
  /** `me`'s deployments of the ERC-20 and the ERC-721, its transfer of 5 SDKT to 0x…dEaD and its mint of NFT 7. */
  txs: Record<'deployToken' | 'transfer' | 'deployNft' | 'mintNft', Hex>;
  /** An ERC-1155 id the generator minted. */
  multiTokenId: bigint;
  /** The ERC-721 token `me` minted to itself. */
  nftTokenId: bigint;
  token20: ReturnType<typeof contract>;
  nft721: ReturnType<typeof contract>;
  evm(method: string, params?: unknown[]): Promise<any>;
  node(path: string, method: string, params?: unknown): Promise<any>;
  /** A view call on the node, decoded. */
  read(c: { abi: Abi }, address: Hex, functionName: string, args?: unknown[]): Promise<unknown>;
  /** The generator's actions of one kind that succeeded. */
  done(kind: string): ActionRecord[];
  userNamed(name: string): ReturnType<typeof userActors>[number];
  stop(): Promise<void>;
}

export interface IndexedDevnetOptions {
  /** The store's page-token secret; any string of 16 characters or more. */
  pageTokenSecret?: string;
}

export async function startIndexedDevnet(options: IndexedDevnetOptions = {}): Promise<IndexedDevnet> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };
  try {
    return await start(options, cleanups, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

async function start(options: IndexedDevnetOptions, cleanups: Array<() => Promise<unknown>>, stop: () => Promise<void>): Promise<IndexedDevnet> {
  const devnet = await startDevnet(['--index-enabled']);
  cleanups.push(() => devnet.stop());
  const evm = async (method: string, params: unknown[] = []): Promise<any> => {
    const body = await rpc(devnet.url, '/ext/bc/C/rpc', method, params);
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const node = async (path: string, method: string, params: unknown = {}): Promise<any> => {
    const body = await rpc(devnet.url, path, method, params);
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const cChainId = (await node('/ext/info', 'info.getBlockchainID', { alias: 'C' })).blockchainID as string;

  // The generator's first actions tour every kind (mix.ts planKinds); stakes long enough to still be current while
  // the tests run.
  const staking: StakingPeriods = { validator: [1800, 3600], delegator: [900, 1500], subnetValidator: [1800, 3600] };
  const activity = startActivity({ url: devnet.url, seed: ACTIVITY_SEED, users: ACTIVITY_USERS, rate: 20, maxActions: 60, staking });
  await activity.done;
  const stats = activity.stats;
  if (stats.state !== 'stopped') throw new Error(`the activity generator ${stats.state}: ${stats.error}`);
  const done = (kind: string): ActionRecord[] => stats.history.filter((h) => h.kind === kind && h.outcome === 'ok');
  const missing = NEEDED_KINDS.filter((kind) => done(kind).length === 0);
  if (missing.length > 0) throw new Error(`the activity generator did not do ${missing.join(', ')}: ${JSON.stringify(stats.history.filter((h) => missing.includes(h.kind)))}`);

  const me = privateKeyToAccount(fundedKeys().dev[9]!.privateKeyHex);
  let nonce = Number(await evm('eth_getTransactionCount', [me.address, 'latest']));
  const send = async (to: Hex | undefined, data: Hex): Promise<any> => {
    const raw = await me.signTransaction({
      chainId: 43112, type: 'eip1559', nonce: nonce++, ...(to ? { to } : {}), data, value: 0n, gas: to ? 300_000n : 3_000_000n,
      maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1n,
    });
    const hash = await evm('eth_sendRawTransaction', [raw]);
    for (let i = 0; i < 2000; i++) {
      const receipt = await evm('eth_getTransactionReceipt', [hash]);
      if (receipt) return receipt;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${hash} was not mined`);
  };
  const fn = (c: { abi: Abi }, functionName: string, args: unknown[] = []) => encodeFunctionData({ abi: c.abi, functionName, args } as never);
  const read = async (c: { abi: Abi }, address: Hex, functionName: string, args: unknown[] = []) =>
    decodeFunctionResult({ abi: c.abi, functionName, data: await evm('eth_call', [{ to: address, data: fn(c, functionName, args) }, 'latest']) } as never) as unknown;

  const token20 = contract('Token20');
  const nft721 = contract('Collectible721');
  const nftTokenId = 7n;
  const at = {} as IndexedDevnet['at'];
  const txs = {} as IndexedDevnet['txs'];
  const tokenDeployment = await send(undefined, concat([token20.bytecode, encodeAbiParameters([{ type: 'string' }, { type: 'string' }, { type: 'uint256' }], ['SDK Token', 'SDKT', 10n ** 24n])]));
  at.token = getAddress(tokenDeployment.contractAddress);
  txs.deployToken = tokenDeployment.transactionHash;
  txs.transfer = (await send(at.token, fn(token20, 'transfer', ['0x000000000000000000000000000000000000dEaD', 5n]))).transactionHash;
  const nftDeployment = await send(undefined, concat([nft721.bytecode, encodeAbiParameters([{ type: 'string' }, { type: 'string' }], ['SDK Collectibles', 'SDKC'])]));
  at.nft = getAddress(nftDeployment.contractAddress);
  txs.deployNft = nftDeployment.transactionHash;
  txs.mintNft = (await send(at.nft, fn(nft721, 'mint', [me.address, nftTokenId]))).transactionHash;

  // The generator's ERC-1155 and one id it minted, from the receipts.
  const deployment = stats.setupTxs.find((x) => x.what === 'deploy multi-token')!;
  at.multiToken = getAddress((await evm('eth_getTransactionReceipt', [deployment.id])).contractAddress);
  const mint = done('c.erc1155.mint')[0]!.txs[0]!;
  const log = (await evm('eth_getTransactionReceipt', [mint.id])).logs.find((l: any) => l.topics[0] === TRANSFER_SINGLE_TOPIC || l.topics[0] === TRANSFER_BATCH_TOPIC);
  const multiTokenId = log.topics[0] === TRANSFER_SINGLE_TOPIC
    ? BigInt(log.data.slice(0, 66))
    : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)[0][0]!;

  const head = BigInt(await evm('eth_blockNumber'));
  const cBlocks: NodeBlock[] = [];
  for (let n = head; n >= 0n; n--) {
    const b = await evm('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
    const receipts = await Promise.all(b.transactions.map((x: any) => evm('eth_getTransactionReceipt', [x.hash])));
    cBlocks.push({
      number: n, hash: b.hash, parentHash: b.parentHash, timestamp: Number(b.timestamp), gasUsed: BigInt(b.gasUsed), gasLimit: BigInt(b.gasLimit),
      baseFee: b.baseFeePerGas === undefined ? undefined : BigInt(b.baseFeePerGas), txs: b.transactions, receipts,
    });
  }

  const storeKind = (await postgresAvailable()) ? 'postgres' : 'pglite';
  const store = await openTestDatabase(storeKind);
  cleanups.push(() => store.dispose());
  const { config } = loadIndexerConfig([`--node-url=${devnet.url}`, '--chains=P,X,C', '--metrics-port=0', '--poll-interval=50ms', '--log-level=warn'], {});
  const indexer = await startIndexer(config, { db: store.db });
  cleanups.push(() => indexer.stop());
  let failure: unknown;
  indexer.done.catch((e: unknown) => (failure = e));
  const heights = {
    C: head,
    P: BigInt((await node('/ext/bc/P', 'platform.getHeight')).height),
    X: BigInt((await node('/ext/bc/X', 'avm.getHeight')).height),
  };
  // Every stream the indexer follows (blocks of each chain, the C-chain's metrics rollups) up to those heights.
  for (let i = 0; ; i++) {
    const { rows } = await store.db.query<{ chain: number; stream: string; height: string }>('SELECT chain, stream, height FROM checkpoints');
    const behind = indexer.followers.map((f) => f.stream).filter((s) => !rows.some((r) => r.chain === s.chain.id && r.stream === s.name && BigInt(r.height) >= heights[s.chain.name as 'C' | 'P' | 'X']));
    if (behind.length === 0) break;
    if (failure || i > 2400) throw new Error(`the indexer did not catch up (${behind.map((s) => `${s.chain.name} ${s.name}`).join(', ')}): ${String(failure ?? 'still behind')}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const { config: api } = loadApiConfig(['--port=0', `--page-token-secret=${options.pageTokenSecret ?? 'indexed-devnet-test-secret'}`, '--rate-limits=false'], {});
  const apis: RunningApis = await startApiServers(store.db, { api, dataApiPort: 0, metricsApiPort: 0, networkAliases: { fuji: 'local' }, log: silentLog });
  cleanups.push(() => apis.stop());

  const users = userActors(ACTIVITY_SEED, ACTIVITY_USERS);
  return {
    devnet, store, storeKind, indexer, stats, cChainId, head, heights, cBlocks, me, users, at, txs, multiTokenId, nftTokenId, token20, nft721,
    urls: { dataApi: apis.urls.dataApi!, metricsApi: apis.urls.metricsApi! },
    ewoq: fundedKeys().ewoq,
    evm, node, read, done,
    userNamed: (name) => users.find((u) => u.name === name)!,
    stop,
  };
}
