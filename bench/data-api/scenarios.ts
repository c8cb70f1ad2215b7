import { formatAddress } from '../../src/lib/bech32-address.js';
import { idToString, nodeIdToString } from '../../src/lib/cb58.js';
import type { Queryable } from '../../src/store/database/database.js';
import { contractLabels } from '../../src/store/queries/evm-api/contract-labels.js';
import { chainsWithIndexedBlocks } from '../../src/store/queries/evm-api/indexed-chains.js';
import { getEvmBlock, listEvmBlocks, type EvmBlockCursor } from '../../src/store/queries/evm/blocks.js';
import { getEvmContract } from '../../src/store/queries/evm/contracts.js';
import { getEvmNftToken } from '../../src/store/queries/evm/nft-tokens.js';
import { getEvmTransactionDetail } from '../../src/store/queries/evm/transaction-detail.js';
import { listEvmTransactions, type EvmTransactionCursor, type EvmTransactionStatusFilter } from '../../src/store/queries/evm/transactions.js';
import { activeStakeBySubnet } from '../../src/store/queries/primary-api/active-stake.js';
import { getSubnet } from '../../src/store/queries/primary-api/subnet-by-id.js';
import { getAssets } from '../../src/store/queries/primary/assets.js';
import { getPrimaryBlock, getPrimaryBlockById, listPrimaryBlocks, listXChainVertices } from '../../src/store/queries/primary/blocks.js';
import { listDelegators, type DelegatorQuery } from '../../src/store/queries/primary/delegators.js';
import { listL1Validators } from '../../src/store/queries/primary/l1-validators.js';
import { listSubnets } from '../../src/store/queries/primary/subnets.js';
import { getPrimaryTransaction, listPrimaryTransactions, type PrimaryTransaction, type PrimaryTxQuery } from '../../src/store/queries/primary/transactions.js';
import { listValidators, type ValidatorQuery } from '../../src/store/queries/primary/validators.js';
import type { DatasetChains } from './build-dataset.js';
import { NETWORK } from './dataset-spec.js';
import type { LoadClient } from './load.js';
import type { Samples } from './samples.js';

/** One endpoint (or one kind of request to it) and the store calls behind it. */
export interface Scenario {
  group: 'EVM' | 'Primary network';
  label: string;
  /** The i-th request's path. */
  path: (i: number) => string;
  /** For a lookup by id: paths of the same kind for ids outside the row's sample, each once (see Samples.firstTime). */
  firstTime?: { count: number; path: (i: number) => string };
  /** The same queries through the store's functions, in process (the floor). */
  floor: (i: number) => Promise<unknown>;
  /** Share in the mixed workload. */
  weight: number;
}

/** A long list walked to its end over HTTP and through the store, so its last page can be asked for directly. */
interface DeepList {
  label: string;
  group: Scenario['group'];
  path: string;
  /** Store page function: takes the previous page's `next` (undefined for the first page). */
  storePage: (cursor: unknown) => Promise<{ next?: unknown }>;
  weight: number;
}

const PAGE = 100;
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const each = <T>(list: readonly T[], toPath: (v: T) => string) => ({ count: list.length, path: (i: number) => toPath(list[i]!) });
const STAKING_LIMITS = { maxValidatorStake: 3_000_000n * 1_000_000_000n, maxValidatorWeightFactor: 5n };
const PRIMARY_SUBNET = new Uint8Array(32);

function evmAddressesOf(items: { from: Uint8Array; to?: Uint8Array; contractAddress?: Uint8Array }[]): Uint8Array[] {
  return items.flatMap((t) => [t.from, ...(t.to ? [t.to] : []), ...(t.contractAddress ? [t.contractAddress] : [])]);
}

function assetIdsOf(txs: readonly PrimaryTransaction[]): Uint8Array[] {
  const ids = new Map<string, Uint8Array>();
  for (const t of txs) {
    for (const list of Object.values(t.amounts)) for (const a of list ?? []) ids.set(Buffer.from(a.assetId).toString('hex'), a.assetId);
    for (const u of [...t.consumedUtxos, ...t.emittedUtxos]) ids.set(Buffer.from(u.assetId).toString('hex'), u.assetId);
  }
  return [...ids.values()];
}

export interface ScenarioContext {
  db: Queryable;
  chains: DatasetChains;
  samples: Samples;
  /** Unix seconds by the API's clock. */
  now: () => bigint;
}

export function scenarios(ctx: ScenarioContext): { plain: Scenario[]; deep: DeepList[] } {
  const { db, chains, samples: s } = ctx;
  const f = s.firstTime;
  const { P, X, C } = chains;
  const net = P.network.id;
  const evm = `/v1/chains/${C.evmChainId}`;
  const prim = `/v1/networks/${NETWORK.name}`;
  const hot = formatAddress('X', NETWORK.hrp, s.hotAddress);
  const hotP = formatAddress('P', NETWORK.hrp, s.hotAddress);
  const reward = formatAddress('P', NETWORK.hrp, s.rewardAddress);

  const evmList = async (status?: EvmTransactionStatusFilter, after?: EvmTransactionCursor) => {
    const page = await listEvmTransactions(db, { chain: C.id, pageSize: PAGE, ...(status ? { status } : {}), ...(after ? { after } : {}) });
    await contractLabels(db, C.id, evmAddressesOf(page.items));
    return page;
  };
  const primaryList = async (q: Omit<PrimaryTxQuery, 'pageSize'>) => {
    const page = await listPrimaryTransactions(db, { pageSize: PAGE, sortOrder: 'desc', ...q });
    await getAssets(db, net, assetIdsOf(page.items));
    return page;
  };
  const validators = async (q: Omit<ValidatorQuery, 'chain' | 'now' | 'limits' | 'pageSize'>) => {
    const now = ctx.now();
    const page = await listValidators(db, { chain: P.id, now, limits: STAKING_LIMITS, pageSize: PAGE, sortOrder: 'desc', ...q });
    const subnets = new Map(page.items.filter((v) => v.status === 'active').map((v) => [Buffer.from(v.subnetId).toString('hex'), v.subnetId]));
    await activeStakeBySubnet(db, P.id, now, [...subnets.values()]);
    return page;
  };
  const delegators = (q: Omit<DelegatorQuery, 'chain' | 'now' | 'pageSize'>) => listDelegators(db, { chain: P.id, now: ctx.now(), pageSize: PAGE, sortOrder: 'desc', ...q });
  const txDetail = async (chain: number, id: Uint8Array) => {
    const tx = await getPrimaryTransaction(db, chain, id);
    if (!tx) throw new Error('sample tx missing');
    await getAssets(db, net, assetIdsOf([tx]));
  };
  const evmTx = (hash: Uint8Array) => `${evm}/transactions/${hex(hash)}`;
  const evmBlock = (ref: bigint | Uint8Array) => `${evm}/blocks/${typeof ref === 'bigint' ? ref : hex(ref)}`;
  const contract = (address: Uint8Array) => `${evm}/addresses/${hex(address)}`;
  const nft = (t: { contract: Uint8Array; tokenId: bigint }) => `${evm}/nfts/collections/${hex(t.contract)}/tokens/${t.tokenId}`;
  const primaryTx = (chain: string, id: Uint8Array) => `${prim}/blockchains/${chain}/transactions/${idToString(id)}`;
  const primaryBlock = (chain: string, ref: bigint | Uint8Array) => `${prim}/blockchains/${chain}/blocks/${typeof ref === 'bigint' ? ref : idToString(ref)}`;
  const subnet = (id: Uint8Array) => `${prim}/subnets/${idToString(id)}`;
  const monthAgo = s.pLastTime - 30n * 86_400n;
  const yearAgo = s.pLastTime - 365n * 86_400n;

  const plain: Scenario[] = [
    { group: 'EVM', label: 'GET /v1/chains', path: () => '/v1/chains', floor: () => chainsWithIndexedBlocks(db), weight: 1 },
    { group: 'EVM', label: 'GET /v1/chains/{chainId}', path: () => evm, floor: () => chainsWithIndexedBlocks(db), weight: 1 },
    { group: 'EVM', label: 'GET …/transactions (first page)', path: () => `${evm}/transactions?pageSize=${PAGE}`, floor: () => evmList(), weight: 10 },
    { group: 'EVM', label: 'GET …/transactions?status=failed', path: () => `${evm}/transactions?pageSize=${PAGE}&status=failed`, floor: () => evmList('failed'), weight: 2 },
    { group: 'EVM', label: 'GET …/transactions?status=success', path: () => `${evm}/transactions?pageSize=${PAGE}&status=success`, floor: () => evmList('success'), weight: 2 },
    {
      group: 'EVM', label: 'GET …/transactions/{txHash}', path: (i) => evmTx(at(s.evmTxHashes, i)), firstTime: each(f.evmTxHashes, evmTx), weight: 20,
      floor: async (i) => {
        if (!(await getEvmTransactionDetail(db, C.id, at(s.evmTxHashes, i)))) throw new Error('sample tx missing');
      },
    },
    { group: 'EVM', label: 'GET …/blocks (first page)', path: () => `${evm}/blocks?pageSize=${PAGE}`, floor: () => listEvmBlocks(db, { chain: C.id, pageSize: PAGE }), weight: 5 },
    { group: 'EVM', label: 'GET …/blocks/{number}', path: (i) => evmBlock(at(s.evmBlockNumbers, i)), firstTime: each(f.evmBlockNumbers, evmBlock), floor: (i) => getEvmBlock(db, C.id, { number: at(s.evmBlockNumbers, i) }), weight: 4 },
    { group: 'EVM', label: 'GET …/blocks/{hash}', path: (i) => evmBlock(at(s.evmBlockHashes, i)), firstTime: each(f.evmBlockHashes, evmBlock), floor: (i) => getEvmBlock(db, C.id, { hash: at(s.evmBlockHashes, i) }), weight: 2 },
    { group: 'EVM', label: 'GET …/addresses/{address} (contract metadata)', path: (i) => contract(at(s.contracts, i)), firstTime: each(f.contracts, contract), floor: (i) => getEvmContract(db, C.id, at(s.contracts, i)), weight: 3 },
    {
      group: 'EVM', label: 'GET …/nfts/collections/{address}/tokens/{tokenId}', path: (i) => nft(at(s.nfts, i)), firstTime: each(f.nfts, nft),
      floor: (i) => getEvmNftToken(db, C.id, at(s.nfts, i).contract, at(s.nfts, i).tokenId), weight: 2,
    },

    { group: 'Primary network', label: 'P-chain transactions (first page)', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}`, floor: () => primaryList({ chain: P.id }), weight: 4 },
    { group: 'Primary network', label: 'X-chain transactions (first page)', path: () => `${prim}/blockchains/x-chain/transactions?pageSize=${PAGE}`, floor: () => primaryList({ chain: X.id }), weight: 4 },
    { group: 'Primary network', label: 'C-chain atomic transactions (first page)', path: () => `${prim}/blockchains/c-chain/transactions?pageSize=${PAGE}`, floor: () => primaryList({ chain: C.id }), weight: 2 },
    { group: 'Primary network', label: 'P-chain transactions, sortOrder=asc', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}&sortOrder=asc`, floor: () => primaryList({ chain: P.id, sortOrder: 'asc' }), weight: 1 },
    {
      group: 'Primary network', label: 'X-chain transactions, addresses=hot wallet', path: () => `${prim}/blockchains/x-chain/transactions?pageSize=${PAGE}&addresses=${hot}`,
      floor: () => primaryList({ chain: X.id, addresses: [s.hotAddress] }), weight: 4,
    },
    {
      group: 'Primary network', label: 'P-chain transactions, addresses=hot wallet', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}&addresses=${hotP}`,
      floor: () => primaryList({ chain: P.id, addresses: [s.hotAddress] }), weight: 2,
    },
    {
      group: 'Primary network', label: 'C-chain atomic transactions, addresses=0x…', path: () => `${prim}/blockchains/c-chain/transactions?pageSize=${PAGE}&addresses=${hex(s.hotEvmAddress)}`,
      floor: () => primaryList({ chain: C.id, addresses: [s.hotEvmAddress] }), weight: 1,
    },
    {
      group: 'Primary network', label: 'P-chain transactions, txTypes=AddPermissionlessDelegatorTx', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}&txTypes=AddPermissionlessDelegatorTx`,
      floor: () => primaryList({ chain: P.id, txTypes: ['AddPermissionlessDelegatorTx'] }), weight: 2,
    },
    {
      group: 'Primary network', label: 'P-chain transactions, txTypes=ConvertSubnetToL1Tx,RegisterL1ValidatorTx (rare)', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}&txTypes=ConvertSubnetToL1Tx,RegisterL1ValidatorTx`,
      floor: () => primaryList({ chain: P.id, txTypes: ['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx'] }), weight: 1,
    },
    {
      group: 'Primary network', label: 'P-chain transactions, a year-old 30-day window', path: () => `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}&startTimestamp=${yearAgo}&endTimestamp=${yearAgo + 30n * 86_400n}`,
      floor: () => primaryList({ chain: P.id, startTimestamp: yearAgo, endTimestamp: yearAgo + 30n * 86_400n }), weight: 1,
    },
    {
      group: 'Primary network', label: 'X-chain transactions, hot wallet + BaseTx + last 30 days', path: () => `${prim}/blockchains/x-chain/transactions?pageSize=${PAGE}&addresses=${hot}&txTypes=BaseTx&startTimestamp=${monthAgo}`,
      floor: () => primaryList({ chain: X.id, addresses: [s.hotAddress], txTypes: ['BaseTx'], startTimestamp: monthAgo }), weight: 1,
    },
    { group: 'Primary network', label: 'P-chain transaction by id', path: (i) => primaryTx('p-chain', at(s.pTxIds, i)), firstTime: each(f.pTxIds, (v) => primaryTx('p-chain', v)), floor: (i) => txDetail(P.id, at(s.pTxIds, i)), weight: 4 },
    { group: 'Primary network', label: 'X-chain transaction by id', path: (i) => primaryTx('x-chain', at(s.xTxIds, i)), firstTime: each(f.xTxIds, (v) => primaryTx('x-chain', v)), floor: (i) => txDetail(X.id, at(s.xTxIds, i)), weight: 4 },
    { group: 'Primary network', label: 'C-chain atomic transaction by id', path: (i) => primaryTx('c-chain', at(s.cTxIds, i)), firstTime: each(f.cTxIds, (v) => primaryTx('c-chain', v)), floor: (i) => txDetail(C.id, at(s.cTxIds, i)), weight: 1 },
    { group: 'Primary network', label: 'P-chain blocks (first page)', path: () => `${prim}/blockchains/p-chain/blocks?pageSize=${PAGE}`, floor: () => listPrimaryBlocks(db, { chain: P.id, pageSize: PAGE }), weight: 2 },
    {
      group: 'Primary network', label: 'X-chain blocks, a year-old 30-day window', path: () => `${prim}/blockchains/x-chain/blocks?pageSize=${PAGE}&startTimestamp=${yearAgo}&endTimestamp=${yearAgo + 30n * 86_400n}`,
      floor: () => listPrimaryBlocks(db, { chain: X.id, pageSize: PAGE, startTimestamp: yearAgo, endTimestamp: yearAgo + 30n * 86_400n }), weight: 1,
    },
    {
      group: 'Primary network', label: 'P-chain block by id', path: (i) => primaryBlock('p-chain', at(s.pBlockIds, i)), firstTime: each(f.pBlockIds, (v) => primaryBlock('p-chain', v)), weight: 2,
      floor: async (i) => {
        if (!(await getPrimaryBlockById(db, P.id, at(s.pBlockIds, i)))) throw new Error('sample block missing');
      },
    },
    { group: 'Primary network', label: 'X-chain block by height', path: (i) => primaryBlock('x-chain', at(s.xBlockHeights, i)), firstTime: each(f.xBlockHeights, (v) => primaryBlock('x-chain', v)), floor: (i) => getPrimaryBlock(db, X.id, at(s.xBlockHeights, i)), weight: 1 },
    { group: 'Primary network', label: 'X-chain vertices (first page)', path: () => `${prim}/blockchains/x-chain/vertices?pageSize=${PAGE}`, floor: () => listXChainVertices(db, { chain: X.id, pageSize: PAGE }), weight: 1 },
    { group: 'Primary network', label: 'subnets (first page)', path: () => `${prim}/subnets?pageSize=${PAGE}`, floor: () => listSubnets(db, { chain: P.id, pageSize: PAGE }), weight: 1 },
    { group: 'Primary network', label: 'subnet by id', path: (i) => subnet(at(s.subnetIds, i)), firstTime: each(f.subnetIds, subnet), floor: (i) => getSubnet(db, P.id, at(s.subnetIds, i)), weight: 1 },
    { group: 'Primary network', label: 'validators (first page, every status)', path: () => `${prim}/validators?pageSize=${PAGE}`, floor: () => validators({}), weight: 2 },
    {
      group: 'Primary network', label: 'validators, active, sortBy=delegationCapacity', path: () => `${prim}/validators?pageSize=${PAGE}&validationStatus=active&sortBy=delegationCapacity`,
      floor: () => validators({ status: 'active', sortBy: 'delegationCapacity' }), weight: 2,
    },
    {
      group: 'Primary network', label: 'validators, sortBy=uptimePerformance, minUptimePerformance=99', path: () => `${prim}/validators?pageSize=${PAGE}&sortBy=uptimePerformance&minUptimePerformance=99`,
      floor: () => validators({ sortBy: 'uptimePerformance', minUptimePerformance: 99 }), weight: 1,
    },
    {
      group: 'Primary network', label: 'validators, primary network, sortBy=delegationFee asc', path: () => `${prim}/validators?pageSize=${PAGE}&subnetId=11111111111111111111111111111111LpoYY&sortBy=delegationFee&sortOrder=asc`,
      floor: () => validators({ subnetId: PRIMARY_SUBNET, sortBy: 'delegationFee', sortOrder: 'asc' }), weight: 1,
    },
    {
      group: 'Primary network', label: 'validators, active, capacity ≥ 1M AVAX, time remaining ≤ 30 d, fee ≤ 5 %',
      path: () => `${prim}/validators?pageSize=${PAGE}&validationStatus=active&minDelegationCapacity=1000000000000000&maxTimeRemaining=2592000&maxFeePercentage=5`,
      floor: () => validators({ status: 'active', minDelegationCapacity: 1_000_000_000_000_000n, maxTimeRemaining: 2_592_000n, maxFeePercentage: 5 }), weight: 1,
    },
    {
      group: 'Primary network', label: 'validators, nodeIds substring', path: (i) => `${prim}/validators?pageSize=${PAGE}&nodeIds=${nodeIdToString(at(s.busyNodeIds, i)).slice(0, 14)}`,
      floor: (i) => validators({ nodeIds: [nodeIdToString(at(s.busyNodeIds, i)).slice(0, 14)] }), weight: 1,
    },
    {
      group: 'Primary network', label: 'validators/{nodeId} (a busy node)', path: (i) => `${prim}/validators/${nodeIdToString(at(s.busyNodeIds, i))}?pageSize=${PAGE}`,
      floor: (i) => validators({ nodeId: at(s.busyNodeIds, i), sortBy: 'blockIndex' }), weight: 2,
    },
    { group: 'Primary network', label: 'delegators (first page)', path: () => `${prim}/delegators?pageSize=${PAGE}`, floor: () => delegators({}), weight: 2 },
    { group: 'Primary network', label: 'delegators, delegationStatus=active', path: () => `${prim}/delegators?pageSize=${PAGE}&delegationStatus=active`, floor: () => delegators({ status: 'active' }), weight: 1 },
    {
      group: 'Primary network', label: 'delegators, nodeIds=the most delegated node', path: () => `${prim}/delegators?pageSize=${PAGE}&nodeIds=${nodeIdToString(s.popularNodeId)}`,
      floor: () => delegators({ nodeIds: [s.popularNodeId] }), weight: 1,
    },
    {
      group: 'Primary network', label: 'delegators, rewardAddresses', path: () => `${prim}/delegators?pageSize=${PAGE}&rewardAddresses=${reward}`,
      floor: () => delegators({ rewardAddresses: [s.rewardAddress] }), weight: 1,
    },
    { group: 'Primary network', label: 'l1Validators (active)', path: () => `${prim}/l1Validators?pageSize=${PAGE}`, floor: () => listL1Validators(db, { chain: P.id, pageSize: PAGE }), weight: 1 },
    {
      group: 'Primary network', label: 'l1Validators, includeInactiveL1Validators, subnetId', path: () => `${prim}/l1Validators?pageSize=${PAGE}&includeInactiveL1Validators=true${s.l1SubnetId ? `&subnetId=${idToString(s.l1SubnetId)}` : ''}`,
      floor: () => listL1Validators(db, { chain: P.id, pageSize: PAGE, includeInactive: true, ...(s.l1SubnetId ? { subnetId: s.l1SubnetId } : {}) }), weight: 1,
    },
  ];

  const deep: DeepList[] = [
    {
      group: 'EVM', label: 'GET …/transactions (last page)', path: `${evm}/transactions?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => evmList(undefined, c as EvmTransactionCursor | undefined),
    },
    {
      group: 'EVM', label: 'GET …/transactions?status=failed (last page)', path: `${evm}/transactions?pageSize=${PAGE}&status=failed`, weight: 1,
      storePage: (c) => evmList('failed', c as EvmTransactionCursor | undefined),
    },
    {
      group: 'EVM', label: 'GET …/blocks (last page)', path: `${evm}/blocks?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => listEvmBlocks(db, { chain: C.id, pageSize: PAGE, ...(c ? { after: c as EvmBlockCursor } : {}) }),
    },
    {
      group: 'Primary network', label: 'P-chain transactions (last page)', path: `${prim}/blockchains/p-chain/transactions?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => primaryList({ chain: P.id, ...(c ? { cursor: c as PrimaryTxQuery['cursor'] } : {}) }),
    },
    {
      group: 'Primary network', label: 'X-chain transactions, addresses=hot wallet (last page)', path: `${prim}/blockchains/x-chain/transactions?pageSize=${PAGE}&addresses=${hot}`, weight: 1,
      storePage: (c) => primaryList({ chain: X.id, addresses: [s.hotAddress], ...(c ? { cursor: c as PrimaryTxQuery['cursor'] } : {}) }),
    },
    {
      group: 'Primary network', label: 'P-chain blocks (last page)', path: `${prim}/blockchains/p-chain/blocks?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => listPrimaryBlocks(db, { chain: P.id, pageSize: PAGE, ...(c !== undefined ? { cursor: c as bigint } : {}) }),
    },
    {
      group: 'Primary network', label: 'X-chain vertices (last page)', path: `${prim}/blockchains/x-chain/vertices?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => listXChainVertices(db, { chain: X.id, pageSize: PAGE, ...(c !== undefined ? { cursor: c as bigint } : {}) }),
    },
    {
      group: 'Primary network', label: 'validators (last page)', path: `${prim}/validators?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => validators({ ...(c ? { cursor: c as ValidatorQuery['cursor'] } : {}) }),
    },
    {
      group: 'Primary network', label: 'delegators (last page)', path: `${prim}/delegators?pageSize=${PAGE}`, weight: 1,
      storePage: (c) => delegators({ ...(c ? { cursor: c as DelegatorQuery['cursor'] } : {}) }),
    },
  ];
  return { plain, deep };
}

/**
 * Walks a deep list to its end over HTTP (following nextPageToken) and through the store (following
 * `next`), and returns a scenario asking for its last page: the deepest keyset page, reached legitimately.
 */
export async function deepScenario(client: LoadClient, list: DeepList): Promise<{ scenario: Scenario; pages: number; walkSeconds: number }> {
  const started = performance.now();
  let token: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await client.json(`${list.path}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
    pages++;
    if (!page.nextPageToken) break;
    token = page.nextPageToken as string;
  }
  const walkSeconds = (performance.now() - started) / 1000;
  let cursor: unknown;
  let storePages = 0;
  for (;;) {
    const page = await list.storePage(cursor);
    storePages++;
    if (page.next === undefined) break;
    cursor = page.next;
  }
  if (storePages !== pages) throw new Error(`${list.label}: ${pages} pages over HTTP but ${storePages} through the store`);
  const last = cursor;
  const path = `${list.path}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
  return {
    scenario: { group: list.group, label: `${list.label}, page ${pages.toLocaleString()}`, path: () => path, floor: () => list.storePage(last), weight: list.weight },
    pages,
    walkSeconds,
  };
}
