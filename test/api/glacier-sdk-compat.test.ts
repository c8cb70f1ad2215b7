/**
 * The Glacier SDK Core wallets use, @avalabs/glacier-sdk 3.0.2 (openapi-typescript-codegen), run unchanged against
 * Firn's Data API: only the constructor's `BASE` differs from code written for the hosted service. Every method of
 * the SDK that seed 000 covers is called on a real devnet with every kind of activity, indexed by the real indexer
 * (test/helpers/indexed-devnet.ts), and its answers are compared with the node's own. This SDK does not validate
 * bodies (openapi/glacier-response-schemas.json does that: openapi-responses.test.ts); it throws `ApiError` with
 * the status and the parsed body for a non-2xx answer, so the error bodies are checked here too. The methods it
 * offers beyond seed 000 that Firn also serves (a chain, a block, a transaction or a subnet by id) are called last.
 */
import { ApiError, ApiFeature, BlockchainId, DelegationStatusType, Glacier, Network, PrimaryNetworkTxType, SortByOption, SortOrder, TransactionStatus, ValidationStatusType, XChainId } from '@avalabs/glacier-sdk';
import type { Abi, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pAddressOf, xAddressOf } from '../../src/activity/keys.js';
import { idFromString, idToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { postgresAvailable } from '../../src/store/testing.js';
import { startIndexedDevnet, type IndexedDevnet, type NodeBlock } from '../helpers/indexed-devnet.js';

const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
const DEAD = '0x000000000000000000000000000000000000dEaD';
const serverUp = await postgresAvailable();

/** Every URL fetched in this file: the SDK must talk to our servers only. */
const fetched: URL[] = [];
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
  fetched.push(new URL(input instanceof Request ? input.url : String(input)));
  return realFetch(input, init);
});

/** Every item of a list, following `nextPageToken` as a client does; also the number of pages. */
async function everyPage<R extends { nextPageToken?: string }, T>(call: (pageToken: string | undefined) => Promise<R>, items: (page: R) => T[]): Promise<{ items: T[]; pages: number }> {
  const out: T[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await call(token);
    out.push(...items(page));
    pages++;
    token = page.nextPageToken;
  } while (token && pages < 1000);
  return { items: out, pages };
}

describe(`@avalabs/glacier-sdk 3.0.2 against Firn (${serverUp ? 'postgres' : 'pglite'})`, () => {
  let env: IndexedDevnet;
  let glacier: Glacier;
  let cBlocks: NodeBlock[];
  const fuji = Network.FUJI;

  const node = (path: string, method: string, params: unknown = {}) => env.node(path, method, params);
  const read = (c: { abi: Abi }, address: Hex, functionName: string, args: unknown[] = []) => env.read(c, address, functionName, args);
  const done = (kind: string) => env.done(kind);
  /** The generator's first validation: its tx, its node id and the user who staked. */
  const validation = () => {
    const [v] = done('p.validator');
    return { txHash: v!.txs[0]!.id, nodeId: /validates as (NodeID-\S+)/.exec(v!.detail!)![1]!, user: env.userNamed(/^(user\d+) validates/.exec(v!.detail!)![1]!) };
  };

  beforeAll(async () => {
    env = await startIndexedDevnet({ pageTokenSecret: 'glacier-sdk-compat-test-secret' });
    cBlocks = env.cBlocks;
    glacier = new Glacier({ BASE: env.urls.dataApi });
  }, 300_000);

  afterAll(async () => {
    await env?.stop();
    vi.restoreAllMocks();
  });

  /** Runs `call` expecting an ApiError of `status` whose body is the seed's error body. */
  async function expectApiError(call: () => Promise<unknown>, status: number, error: string, message?: RegExp): Promise<ApiError> {
    const e = await call().then(() => undefined, (x: unknown) => x);
    expect(e, String(e)).toBeInstanceOf(ApiError);
    const apiError = e as ApiError;
    expect(apiError.status).toBe(status);
    expect(apiError.body).toMatchObject({ statusCode: status, error });
    const text = ([] as string[]).concat(apiError.body.message).join('; ');
    expect(typeof text).toBe('string');
    if (message) expect(text).toMatch(message);
    return apiError;
  }

  describe('EVM chains, blocks, transactions, contracts, NFTs', () => {
    it('evmChains.supportedChains: the devnet C-chain under fuji, as the node describes it; the feature filter', async () => {
      const { chains } = await glacier.evmChains.supportedChains({ network: fuji });
      const c = chains.find((x) => x.chainId === '43112')!;
      expect(c).toMatchObject({ status: 'OK', platformChainId: env.cChainId, subnetId: PRIMARY_NETWORK_ID, vmName: 'EVM', isTestnet: true, rpcUrl: `${env.devnet.url}/ext/bc/${env.cChainId}/rpc` });
      expect(c.networkToken).toMatchObject({ symbol: 'AVAX', decimals: 18 });
      expect(BigInt(await env.evm('eth_chainId'))).toBe(43112n);
      const { blockchains } = await node('/ext/bc/P', 'platform.getBlockchains');
      expect(blockchains.find((b: any) => b.id === env.cChainId)).toMatchObject({ subnetID: PRIMARY_NETWORK_ID, vmID: c.vmId });

      const every = await glacier.evmChains.supportedChains({});
      expect(every.chains.map((x) => x.chainId)).toContain('43112');
      for (const feature of c.enabledFeatures ?? []) {
        expect((await glacier.evmChains.supportedChains({ network: fuji, feature: feature as ApiFeature })).chains.map((x) => x.chainId)).toContain('43112');
      }
      const missing = Object.values(ApiFeature).filter((f) => !(c.enabledFeatures ?? []).includes(f));
      for (const feature of missing) {
        expect((await glacier.evmChains.supportedChains({ network: fuji, feature })).chains.map((x) => x.chainId)).not.toContain('43112');
      }
      await expectApiError(() => glacier.evmChains.supportedChains({ network: 'devnet' as Network }), 400, 'Bad Request');
    });

    it('evmBlocks.getLatestBlocks page by page: every block as the node has it, newest first', async () => {
      const { items: blocks, pages } = await everyPage((pageToken) => glacier.evmBlocks.getLatestBlocks({ chainId: '43112', pageSize: 10, pageToken }), (p) => p.blocks);
      expect(pages).toBe(Math.ceil(cBlocks.length / 10));
      expect(blocks.map((b) => b.blockNumber)).toEqual(cBlocks.map((b) => b.number.toString()));
      let cumulative = cBlocks.reduce((n, b) => n + b.txs.length, 0);
      for (const [i, b] of blocks.entries()) {
        const theirs = cBlocks[i]!;
        const fees = theirs.receipts.reduce((sum: bigint, r: any) => sum + BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice), 0n);
        expect(b, `block ${b.blockNumber}`).toMatchObject({
          chainId: '43112', blockHash: theirs.hash, parentHash: theirs.parentHash, blockTimestamp: theirs.timestamp, txCount: theirs.txs.length,
          gasUsed: theirs.gasUsed.toString(), gasLimit: theirs.gasLimit.toString(), baseFee: (theirs.baseFee ?? 0n).toString(),
          feesSpent: fees.toString(), cumulativeTransactions: cumulative.toString(),
        });
        cumulative -= theirs.txs.length;
      }
      await expectApiError(() => glacier.evmBlocks.getLatestBlocks({ chainId: '43112', pageSize: 101 }), 400, 'Bad Request', /pageSize/);
      await expectApiError(() => glacier.evmBlocks.getLatestBlocks({ chainId: '999999' }), 404, 'Not Found');
    });

    it('evmTransactions.listLatestTransactions page by page, and by status', async () => {
      const { items } = await everyPage((pageToken) => glacier.evmTransactions.listLatestTransactions({ chainId: '43112', pageSize: 25, pageToken }), (p) => p.transactions);
      const expected = cBlocks.flatMap((b) => [...b.txs].reverse());
      expect(items.map((x) => x.txHash)).toEqual(expected.map((x: any) => x.hash));
      const receipts = new Map(cBlocks.flatMap((b) => b.receipts.map((r: any) => [r.transactionHash, r] as const)));
      for (const [i, x] of items.entries()) {
        const theirs = expected[i]!;
        const receipt = receipts.get(theirs.hash)!;
        expect(x, x.txHash).toMatchObject({
          blockNumber: BigInt(theirs.blockNumber).toString(), blockHash: theirs.blockHash, blockIndex: Number(theirs.transactionIndex), chainId: '43112',
          txStatus: receipt.status === '0x1' ? '1' : '0', txType: Number(theirs.type), gasLimit: BigInt(theirs.gas).toString(), gasUsed: BigInt(receipt.gasUsed).toString(),
          nonce: BigInt(theirs.nonce).toString(), value: BigInt(theirs.value).toString(),
        });
        expect(x.from.address.toLowerCase()).toBe(theirs.from.toLowerCase());
        expect(x.to.address.toLowerCase()).toBe((theirs.to ?? receipt.contractAddress).toLowerCase());
      }

      const failedOnNode = expected.filter((x: any) => receipts.get(x.hash)!.status === '0x0').map((x: any) => x.hash);
      expect(failedOnNode.length).toBeGreaterThan(0); // the generator's c.revert actions
      const failed = await glacier.evmTransactions.listLatestTransactions({ chainId: '43112', status: TransactionStatus.FAILED, pageSize: 100 });
      expect(failed.transactions.map((x) => [x.txHash, x.txStatus])).toEqual(failedOnNode.map((h: string) => [h, '0']));
      const succeeded = await everyPage((pageToken) => glacier.evmTransactions.listLatestTransactions({ chainId: env.cChainId, status: TransactionStatus.SUCCESS, pageSize: 100, pageToken }), (p) => p.transactions);
      expect(succeeded.items.map((x) => x.txHash)).toEqual(expected.map((x: any) => x.hash).filter((h: string) => !failedOnNode.includes(h)));
      await expectApiError(() => glacier.evmTransactions.listLatestTransactions({ chainId: '43112', pageToken: 'not-a-token' }), 400, 'Bad Request');
      await expectApiError(() => glacier.evmTransactions.listLatestTransactions({ chainId: '43112', status: 'reverted' as TransactionStatus }), 400, 'Bad Request', /status/);
    });

    it('evmTransactions.getTransaction: an ERC-20 transfer, an ERC-721 mint and a contract creation, with the node\'s fields', async () => {
      const tx = await glacier.evmTransactions.getTransaction({ chainId: '43112', txHash: env.txs.transfer });
      const theirs = await env.evm('eth_getTransactionByHash', [env.txs.transfer]);
      const receipt = await env.evm('eth_getTransactionReceipt', [env.txs.transfer]);
      const block = await env.evm('eth_getBlockByHash', [theirs.blockHash, false]);
      expect(tx.nativeTransaction).toMatchObject({
        txHash: env.txs.transfer, blockNumber: BigInt(theirs.blockNumber).toString(), blockHash: theirs.blockHash, blockTimestamp: Number(block.timestamp),
        from: { address: env.me.address }, to: { address: env.at.token, name: 'SDK Token', symbol: 'SDKT', decimals: 18 }, input: theirs.input,
        gasLimit: BigInt(theirs.gas).toString(), gasUsed: BigInt(receipt.gasUsed).toString(), nonce: BigInt(theirs.nonce).toString(), txStatus: '1', txType: 2,
        baseFeePerGas: BigInt(block.baseFeePerGas).toString(), maxFeePerGas: BigInt(theirs.maxFeePerGas).toString(), maxPriorityFeePerGas: BigInt(theirs.maxPriorityFeePerGas).toString(),
        method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
      });
      expect(tx.erc20Transfers).toEqual([{
        from: { address: env.me.address }, to: { address: DEAD }, logIndex: 0, value: '5',
        erc20Token: { address: env.at.token, name: 'SDK Token', symbol: 'SDKT', decimals: 18, ercType: 'ERC-20' },
      }]);
      expect(tx.networkTokenDetails.networkToken).toMatchObject({ symbol: 'AVAX', decimals: 18 });

      const mint = await glacier.evmTransactions.getTransaction({ chainId: '43112', txHash: env.txs.mintNft });
      expect(mint.erc721Transfers).toEqual([expect.objectContaining({
        from: { address: '0x0000000000000000000000000000000000000000' }, to: { address: env.me.address },
        erc721Token: expect.objectContaining({ address: env.at.nft, ercType: 'ERC-721', tokenId: env.nftTokenId.toString(), name: 'SDK Collectibles', symbol: 'SDKC' }),
      })]);

      const creation = await glacier.evmTransactions.getTransaction({ chainId: '43112', txHash: env.txs.deployToken });
      expect(creation.nativeTransaction.method).toMatchObject({ callType: 'CONTRACT_CREATION' });
      expect(creation.nativeTransaction.to.address).toBe(env.at.token);

      await expectApiError(() => glacier.evmTransactions.getTransaction({ chainId: '43112', txHash: `0x${'ab'.repeat(32)}` }), 404, 'Not Found');
      await expectApiError(() => glacier.evmTransactions.getTransaction({ chainId: '43112', txHash: '0x1234' }), 400, 'Bad Request');
    });

    it('evmContracts.getContractMetadata: the ERC-20, the ERC-721 and the generator\'s ERC-1155, as the contracts report; an address without code is a 404', async () => {
      const token = await glacier.evmContracts.getContractMetadata({ chainId: '43112', address: env.at.token.toLowerCase() });
      expect(token).toMatchObject({ address: env.at.token, ercType: 'ERC-20', name: await read(env.token20, env.at.token, 'name'), symbol: await read(env.token20, env.at.token, 'symbol'), decimals: Number(await read(env.token20, env.at.token, 'decimals')) });
      expect(token.deploymentDetails).toMatchObject({ txHash: env.txs.deployToken, deployerAddress: env.me.address });
      const nft = await glacier.evmContracts.getContractMetadata({ chainId: '43112', address: env.at.nft });
      expect(nft).toMatchObject({ address: env.at.nft, ercType: 'ERC-721', name: await read(env.nft721, env.at.nft, 'name'), symbol: await read(env.nft721, env.at.nft, 'symbol') });
      expect(nft.deploymentDetails).toMatchObject({ txHash: env.txs.deployNft, deployerAddress: env.me.address });
      const multi = await glacier.evmContracts.getContractMetadata({ chainId: '43112', address: env.at.multiToken });
      expect(multi).toMatchObject({ address: env.at.multiToken, ercType: 'ERC-1155' });
      await expectApiError(() => glacier.evmContracts.getContractMetadata({ chainId: '43112', address: '0xnope' }), 400, 'Bad Request');
      // An address that is not a contract: the seed says 404 for unknown addresses.
      expect(await env.evm('eth_getCode', [DEAD, 'latest'])).toBe('0x');
      await expectApiError(() => glacier.evmContracts.getContractMetadata({ chainId: '43112', address: DEAD }), 404, 'Not Found');
    });

    it('nfTs.getTokenDetails: the ERC-721 token (uri and owner from the contract) and an ERC-1155 token', async () => {
      const nft = await glacier.nfTs.getTokenDetails({ chainId: '43112', address: env.at.nft, tokenId: env.nftTokenId.toString() });
      expect(nft).toMatchObject({
        address: env.at.nft, ercType: 'ERC-721', tokenId: env.nftTokenId.toString(), name: 'SDK Collectibles', symbol: 'SDKC',
        tokenUri: await read(env.nft721, env.at.nft, 'tokenURI', [env.nftTokenId]), ownerAddress: await read(env.nft721, env.at.nft, 'ownerOf', [env.nftTokenId]),
      });
      expect(nft.metadata.indexStatus).toBeTypeOf('string');
      const item = await glacier.nfTs.getTokenDetails({ chainId: '43112', address: env.at.multiToken, tokenId: env.multiTokenId.toString() });
      expect(item).toMatchObject({ address: env.at.multiToken, ercType: 'ERC-1155', tokenId: env.multiTokenId.toString() });
      await expectApiError(() => glacier.nfTs.getTokenDetails({ chainId: '43112', address: env.at.nft, tokenId: '999999' }), 404, 'Not Found');
    });
  });

  describe('primary network', () => {
    it('primaryNetworkTransactions.listLatestPrimaryNetworkTransactions on the P-chain: by address, txTypes, timestamps and sort order', async () => {
      const funding = env.stats.setupTxs.find((x) => x.chain === 'P')!;
      const base = await glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({
        blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: pAddressOf('local', env.ewoq), txTypes: [PrimaryNetworkTxType.BASE_TX], pageSize: 100,
      });
      expect(base.chainInfo).toEqual({ chainName: 'p-chain', network: 'fuji' });
      const baseTxs = base.transactions as any[];
      expect(baseTxs.map((x) => x.txHash)).toContain(funding.id);
      expect(baseTxs.every((x) => x.txType === 'BaseTx')).toBe(true);

      const v = validation();
      const delegations = done('p.delegator').filter((h) => h.detail!.startsWith(`${v.user.name} `)).map((h) => h.txs[0]!.id);
      const stakingTypes = [PrimaryNetworkTxType.ADD_PERMISSIONLESS_VALIDATOR_TX, PrimaryNetworkTxType.ADD_PERMISSIONLESS_DELEGATOR_TX];
      const staker = await glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: pAddressOf('local', v.user), txTypes: stakingTypes });
      const stakerTxs = staker.transactions as any[];
      expect(stakerTxs.map((x) => x.txHash).sort()).toEqual([v.txHash, ...delegations].sort());
      // The validation as the node reports it.
      const current = ((await node('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [v.nodeId] })).validators as any[])[0];
      const added = stakerTxs.find((x) => x.txHash === v.txHash);
      expect(added).toMatchObject({ txType: 'AddPermissionlessValidatorTx', nodeId: v.nodeId, subnetId: PRIMARY_NETWORK_ID, startTimestamp: Number(current.startTime), endTimestamp: Number(current.endTime) });
      expect(added.amountStaked.map((a: any) => a.amount)).toEqual([current.weight]);
      expect(added.blsCredentials).toMatchObject({ publicKey: current.signer.publicKey, proofOfPossession: current.signer.proofOfPossession });

      // Every tx of the user, then the same ascending and between two timestamps.
      const all = await everyPage((pageToken) => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: pAddressOf('local', v.user), pageSize: 3, pageToken }), (p) => p.transactions as any[]);
      expect(all.items.length).toBeGreaterThan(stakerTxs.length);
      const times = all.items.map((x) => x.blockTimestamp);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const asc = await everyPage((pageToken) => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: pAddressOf('local', v.user), pageSize: 3, pageToken, sortOrder: SortOrder.ASC }), (p) => p.transactions as any[]);
      expect(asc.items.map((x) => x.txHash)).toEqual(all.items.map((x) => x.txHash).reverse());
      const [startTimestamp, endTimestamp] = [times[times.length - 1]!, times[0]!].map((t, i) => t + (i === 0 ? 1 : 0));
      const window = await glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: pAddressOf('local', v.user), startTimestamp, endTimestamp, pageSize: 100 });
      expect((window.transactions as any[]).map((x) => x.txHash)).toEqual(all.items.filter((x) => x.blockTimestamp >= startTimestamp && x.blockTimestamp <= endTimestamp).map((x) => x.txHash));

      await expectApiError(() => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, addresses: 'not-an-address' }), 400, 'Bad Request');
      await expectApiError(() => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.P_CHAIN, network: fuji, txTypes: ['NoSuchTx' as PrimaryNetworkTxType] }), 400, 'Bad Request');
    });

    it('primaryNetworkTransactions.listLatestPrimaryNetworkTransactions on the X-chain: created assets as the node describes them', async () => {
      const funding = env.stats.setupTxs.find((x) => x.chain === 'X')!;
      const base = await glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.X_CHAIN, network: fuji, addresses: xAddressOf('local', env.ewoq), txTypes: [PrimaryNetworkTxType.BASE_TX], pageSize: 100 });
      expect(base.chainInfo).toEqual({ chainName: 'x-chain', network: 'fuji' });
      expect((base.transactions as any[]).map((x) => x.txHash)).toContain(funding.id);

      const created = env.stats.history.filter((h) => h.outcome === 'ok').flatMap((h) => h.txs).filter((x) => x.chain === 'X' && x.what === 'create asset').map((x) => x.id);
      expect(created.length).toBeGreaterThan(0);
      const assets = await everyPage((pageToken) => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.X_CHAIN, network: fuji, txTypes: [PrimaryNetworkTxType.CREATE_ASSET_TX], pageSize: 2, pageToken }), (p) => p.transactions as any[]);
      expect(assets.items.map((x) => x.txHash)).toEqual(expect.arrayContaining(created));
      for (const tx of assets.items.filter((x) => created.includes(x.txHash))) {
        const description = await node('/ext/bc/X', 'avm.getAssetDescription', { assetID: tx.txHash });
        expect(tx.assetCreated).toMatchObject({ assetId: tx.txHash, name: description.name, symbol: description.symbol, denomination: Number(description.denomination) });
      }
    });

    it('primaryNetworkTransactions.listLatestPrimaryNetworkTransactions on the C-chain: every atomic import and export the generator made', async () => {
      const atomic = env.stats.history.filter((h) => h.outcome === 'ok' && h.kind.startsWith('atomic.')).flatMap((h) => h.txs).filter((x) => x.chain === 'C');
      expect(atomic.length).toBeGreaterThan(0);
      const list = await everyPage((pageToken) => glacier.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions({ blockchainId: BlockchainId.C_CHAIN, network: fuji, pageSize: 100, pageToken }), (p) => p.transactions as any[]);
      expect(list.items.map((x) => x.txHash).sort()).toEqual(atomic.map((x) => x.id).sort());
      for (const x of list.items) {
        const ours = atomic.find((a) => a.id === x.txHash)!;
        expect(x.txType).toBe(ours.what.startsWith('export') ? 'ExportTx' : 'ImportTx');
      }
    });

    it('primaryNetworkBlocks.listLatestPrimaryNetworkBlocks on the P- and X-chain: every block as the node has it; the timestamp window', async () => {
      for (const [blockchainId, path, service, alias] of [[BlockchainId.P_CHAIN, '/ext/bc/P', 'platform', 'P'], [BlockchainId.X_CHAIN, '/ext/bc/X', 'avm', 'X']] as const) {
        const { items: blocks } = await everyPage((pageToken) => glacier.primaryNetworkBlocks.listLatestPrimaryNetworkBlocks({ blockchainId, network: fuji, pageSize: 7, pageToken }), (p) => p.blocks);
        const newest = BigInt(blocks[0]!.blockNumber);
        expect(newest).toBeGreaterThanOrEqual(env.heights[alias]);
        expect(blocks.map((b) => b.blockNumber)).toEqual(blocks.map((_, i) => (newest - BigInt(i)).toString()));
        // The node's index holds each accepted block as its container (the proposervm wrapper): the block's size.
        const range = await node(`/ext/index/${alias}/block`, 'index.getContainerRange', { startIndex: '0', numToFetch: 1024, encoding: 'hex' });
        const containerHex = ((Array.isArray(range) ? range : range.containers) as any[]).map((c) => (c.bytes as string).slice(2, -8));
        for (const [i, b] of blocks.entries()) {
          const theirs = ((await node(path, `${service}.getBlockByHeight`, { height: b.blockNumber, encoding: 'hex' })).block as string).slice(2, -8);
          expect(b.blockHash, `${blockchainId} ${b.blockNumber}`).toBe(idToString(sha256(hexToBytes(`0x${theirs}`))));
          const container = containerHex.find((c) => c.includes(theirs)) ?? theirs;
          expect(b.blockSizeBytes, `${blockchainId} ${b.blockNumber} size`).toBe(container.length / 2);
          expect(b.txCount).toBe(b.transactions.length);
          if (i > 0) expect(blocks[i - 1]!.parentHash).toBe(b.blockHash);
        }
        const times = blocks.map((b) => b.blockTimestamp);
        const startTimestamp = times[Math.floor(times.length * 0.75)]!;
        const endTimestamp = times[Math.floor(times.length * 0.25)]!;
        const window = await everyPage((pageToken) => glacier.primaryNetworkBlocks.listLatestPrimaryNetworkBlocks({ blockchainId, network: fuji, startTimestamp, endTimestamp, pageSize: 100, pageToken }), (p) => p.blocks);
        expect(window.items.map((b) => b.blockHash)).toEqual(blocks.filter((b) => b.blockTimestamp >= startTimestamp && b.blockTimestamp <= endTimestamp).map((b) => b.blockHash));
      }
      await expectApiError(() => glacier.primaryNetworkBlocks.listLatestPrimaryNetworkBlocks({ blockchainId: BlockchainId.P_CHAIN, network: fuji, startTimestamp: -1 }), 400, 'Bad Request');
    });

    it('primaryNetworkVertices.listLatestXChainVertices: none on a devnet that started linear; only the X-chain has vertices', async () => {
      const vertices = await glacier.primaryNetworkVertices.listLatestXChainVertices({ blockchainId: XChainId.X_CHAIN, network: fuji });
      expect(vertices).toEqual({ vertices: [], chainInfo: { chainName: 'x-chain', network: 'fuji' } });
      await expectApiError(() => glacier.primaryNetworkVertices.listLatestXChainVertices({ blockchainId: 'p-chain' as never, network: fuji }), 400, 'Bad Request');
    });

    it('primaryNetwork.listSubnets: every subnet the node has, with its owners and chains', async () => {
      const theirs = (await node('/ext/bc/P', 'platform.getSubnets')).subnets as any[];
      const { blockchains } = await node('/ext/bc/P', 'platform.getBlockchains');
      const { items: subnets, pages } = await everyPage((pageToken) => glacier.primaryNetwork.listSubnets({ network: fuji, pageSize: 1, pageToken }), (p) => p.subnets);
      expect(pages).toBe(theirs.length);
      expect(subnets.map((s) => s.subnetId).sort()).toEqual(theirs.map((s) => s.id).sort());
      const created = subnets.map((s) => s.createBlockIndex);
      expect(created).toEqual([...created].sort((a, b) => Number(BigInt(b) - BigInt(a))));
      for (const s of subnets) {
        const chains = (blockchains as any[]).filter((b) => b.subnetID === s.subnetId);
        expect(s.blockchains.map((b) => [b.blockchainId, b.blockchainName, b.vmId]).sort()).toEqual(chains.map((b) => [b.id, b.name, b.vmID]).sort());
        if (s.subnetId === PRIMARY_NETWORK_ID) continue;
        const node_ = theirs.find((x) => x.id === s.subnetId);
        expect(s.threshold).toBe(Number(node_.threshold));
        expect(s.subnetOwnershipInfo.addresses.map((a) => a.replace(/^P-/, '')).sort()).toEqual((node_.controlKeys as string[]).map((a) => a.replace(/^P-/, '')).sort());
      }
      const asc = await glacier.primaryNetwork.listSubnets({ network: fuji, sortOrder: SortOrder.ASC });
      expect(asc.subnets.map((s) => s.subnetId)).toEqual(subnets.map((s) => s.subnetId).reverse());
      await expectApiError(() => glacier.primaryNetwork.listSubnets({ network: fuji, pageSize: 10_001 }), 400, 'Bad Request');
    });

    it('primaryNetwork.listValidators: the current validators of every subnet, with each filter and sort', async () => {
      const subnetIds = ((await node('/ext/bc/P', 'platform.getSubnets')).subnets as any[]).map((s) => s.id);
      const current = (await node('/ext/bc/P', 'platform.getCurrentValidators')).validators as any[];
      const everywhere = (await Promise.all(subnetIds.map(async (subnetID) => (await node('/ext/bc/P', 'platform.getCurrentValidators', { subnetID })).validators as any[]))).flat();
      expect(everywhere.length).toBeGreaterThan(current.length); // the generator's subnet validator

      const primary = await glacier.primaryNetwork.listValidators({ network: fuji, validationStatus: ValidationStatusType.ACTIVE, subnetId: PRIMARY_NETWORK_ID, pageSize: 100 });
      expect(primary.validators.map((v) => v.txHash).sort()).toEqual(current.map((v) => v.txID).sort());
      for (const v of primary.validators as any[]) {
        const theirs = current.find((x) => x.txID === v.txHash);
        expect(v, v.nodeId).toMatchObject({
          nodeId: theirs.nodeID, subnetId: PRIMARY_NETWORK_ID, amountStaked: theirs.weight, startTimestamp: Number(theirs.startTime), endTimestamp: Number(theirs.endTime),
          delegatorCount: Number(theirs.delegatorCount), amountDelegated: theirs.delegatorWeight, validationStatus: 'active',
        });
        expect(Number(v.delegationFee)).toBe(Number(theirs.delegationFee));
      }
      const active = await everyPage((pageToken) => glacier.primaryNetwork.listValidators({ network: fuji, validationStatus: ValidationStatusType.ACTIVE, pageSize: 3, pageToken }), (p) => p.validators);
      expect(active.items.map((v) => v.txHash).sort()).toEqual(everywhere.map((v) => v.txID).sort());

      // Sorted by time remaining, both ways; a node id substring; fee filters drop subnet validations.
      const byEnd = await glacier.primaryNetwork.listValidators({ network: fuji, validationStatus: ValidationStatusType.ACTIVE, sortBy: SortByOption.TIME_REMAINING, sortOrder: SortOrder.ASC, pageSize: 100 });
      const ends = byEnd.validators.map((v) => v.endTimestamp);
      expect(ends).toEqual([...ends].sort((a, b) => a - b));
      const { nodeId } = validation();
      const part = nodeId.slice(10, 20);
      const byNode = await glacier.primaryNetwork.listValidators({ network: fuji, nodeIds: part, pageSize: 100 });
      expect(byNode.validators.map((v) => v.nodeId)).toEqual(everywhere.filter((v) => v.nodeID.includes(part)).map((v) => v.nodeID));
      const withFee = await glacier.primaryNetwork.listValidators({ network: fuji, validationStatus: ValidationStatusType.ACTIVE, minFeePercentage: 2, pageSize: 100 });
      expect(withFee.validators.map((v) => v.txHash).sort()).toEqual(current.filter((v) => Number(v.delegationFee) >= 2).map((v) => v.txID).sort());
      const pending = await glacier.primaryNetwork.listValidators({ network: fuji, validationStatus: ValidationStatusType.PENDING });
      expect(pending.validators).toEqual([]);

      await expectApiError(() => glacier.primaryNetwork.listValidators({ network: fuji, minFeePercentage: 1 }), 400, 'Bad Request');
      await expectApiError(() => glacier.primaryNetwork.listValidators({ network: fuji, sortBy: SortByOption.DELEGATION_FEE }), 400, 'Bad Request');
    });

    it('primaryNetwork.getSingleValidatorDetails: the generator\'s validation, and a node that never validated', async () => {
      const v = validation();
      const details = await glacier.primaryNetwork.getSingleValidatorDetails({ network: fuji, nodeId: v.nodeId });
      const current = ((await node('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [v.nodeId] })).validators as any[])[0];
      expect(details.validators.map((x) => [x.nodeId, x.txHash, x.validationStatus, x.amountStaked])).toEqual([[v.nodeId, v.txHash, 'active', current.weight]]);
      const completed = await glacier.primaryNetwork.getSingleValidatorDetails({ network: fuji, nodeId: v.nodeId, validationStatus: ValidationStatusType.COMPLETED });
      expect(completed.validators).toEqual([]);
      await expectApiError(() => glacier.primaryNetwork.getSingleValidatorDetails({ network: fuji, nodeId: 'NodeID-111111111111111111116DBWJs' }), 404, 'Not Found');
      await expectApiError(() => glacier.primaryNetwork.getSingleValidatorDetails({ network: fuji, nodeId: 'not-a-node' }), 400, 'Bad Request');
    });

    it('primaryNetwork.listDelegators: every delegation the node has, by node id and by reward address', async () => {
      const current = (await node('/ext/bc/P', 'platform.getCurrentValidators')).validators as any[];
      const delegations = (await Promise.all(current.map(async (v) => (((await node('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [v.nodeID] })).validators as any[])[0].delegators ?? []) as any[]))).flat();
      expect(delegations.map((d) => d.txID).sort()).toEqual(done('p.delegator').map((h) => h.txs[0]!.id).sort());

      const all = await everyPage((pageToken) => glacier.primaryNetwork.listDelegators({ network: fuji, nodeIds: current.map((v) => v.nodeID).join(','), pageSize: 2, pageToken }), (p) => p.delegators);
      expect(all.items.map((d) => d.txHash).sort()).toEqual(delegations.map((d) => d.txID).sort());
      for (const d of all.items) {
        const theirs = delegations.find((x) => x.txID === d.txHash);
        expect(d, d.txHash).toMatchObject({ nodeId: theirs.nodeID, amountDelegated: theirs.stakeAmount, startTimestamp: Number(theirs.startTime), endTimestamp: Number(theirs.endTime), delegationStatus: 'active' });
        expect(d.rewardAddresses.map((a) => a.replace(/^P-/, ''))).toEqual((theirs.rewardOwner.addresses as string[]).map((a) => a.replace(/^P-/, '')));
      }
      const one = all.items[0]!;
      const byReward = await glacier.primaryNetwork.listDelegators({ network: fuji, rewardAddresses: one.rewardAddresses[0]!, pageSize: 100 });
      expect(byReward.delegators.map((d) => d.txHash)).toContain(one.txHash);
      expect(byReward.delegators.every((d) => d.rewardAddresses.includes(one.rewardAddresses[0]!))).toBe(true);
      expect((await glacier.primaryNetwork.listDelegators({ network: fuji, delegationStatus: DelegationStatusType.COMPLETED })).delegators).toEqual([]);
      await expectApiError(() => glacier.primaryNetwork.listDelegators({ network: fuji, delegationStatus: 'removed' as DelegationStatusType }), 400, 'Bad Request');
    });

    it('primaryNetwork.listL1Validators: none (no subnet was converted to an L1), at the indexed P-chain height', async () => {
      const subnets = ((await node('/ext/bc/P', 'platform.getSubnets')).subnets as any[]).map((s) => s.id).filter((id) => id !== PRIMARY_NETWORK_ID);
      for (const subnetID of subnets) {
        const subnet = await node('/ext/bc/P', 'platform.getSubnet', { subnetID });
        expect(subnet.isL1 ?? false).toBe(false);
      }
      const l1 = await glacier.primaryNetwork.listL1Validators({ network: fuji });
      expect(l1.validators).toEqual([]);
      expect(BigInt(l1.blockHeight)).toBeGreaterThanOrEqual(env.heights.P);
      const inactive = await glacier.primaryNetwork.listL1Validators({ network: fuji, includeInactiveL1Validators: true, subnetId: subnets[0] });
      expect(inactive.validators).toEqual([]);
      await expectApiError(() => glacier.primaryNetwork.listL1Validators({ network: fuji, nodeId: 'not-a-node' }), 400, 'Bad Request');
    });
  });

  describe('signature aggregation (requests checked; aggregation itself answers 503 on Firn)', () => {
    /** An unsigned warp message of this network: codec 0, network id, source chain (the C-chain), payload. */
    async function warpMessage(networkId?: number): Promise<string> {
      const id = networkId ?? Number((await node('/ext/info', 'info.getNetworkID')).networkID);
      const payload = Buffer.from('firn glacier-sdk test');
      const out = Buffer.alloc(42 + payload.length);
      out.writeUInt16BE(0, 0);
      out.writeUInt32BE(id, 2);
      Buffer.from(idFromString(env.cChainId)).copy(out, 6);
      out.writeUInt32BE(payload.length, 38);
      payload.copy(out, 42);
      return out.toString('hex');
    }

    it('signatureAggregator.aggregateSignatures: a valid request is a 503, each malformed one a 400', async () => {
      const message = await warpMessage();
      const mainnetMessage = await warpMessage(1);
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message } }), 503, 'Service Unavailable', /not available/);
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message: `0x${message}`, quorumPercentage: 67, signingSubnetId: PRIMARY_NETWORK_ID } }), 503, 'Service Unavailable');
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: {} as never }), 400, 'Bad Request', /message or justification/);
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message: 'xyz' } }), 400, 'Bad Request', /hex/);
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message: mainnetMessage } }), 400, 'Bad Request', /network ID/);
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message, quorumPercentage: 90, quorumPercentageBuffer: 20 } as never }), 400, 'Bad Request');
      await expectApiError(() => glacier.signatureAggregator.aggregateSignatures({ network: fuji, requestBody: { message, signingSubnetId: 'nope' } }), 400, 'Bad Request', /signing subnet/i);
    });

    it('signatureAggregator.getAggregatedSignatures: an unknown tx is a 404, a tx without a warp message a 400', async () => {
      await expectApiError(() => glacier.signatureAggregator.getAggregatedSignatures({ network: fuji, txHash: idToString(new Uint8Array(32).fill(0xab)) }), 404, 'Not Found');
      await expectApiError(() => glacier.signatureAggregator.getAggregatedSignatures({ network: fuji, txHash: validation().txHash }), 400, 'Bad Request', /AddPermissionlessValidatorTx/);
      const xTx = env.stats.setupTxs.find((x) => x.chain === 'X')!.id;
      await expectApiError(() => glacier.signatureAggregator.getAggregatedSignatures({ network: fuji, txHash: xTx }), 400, 'Bad Request', /X-chain/);
    });
  });

  describe('beyond seed 000: the by-id methods Firn also serves', () => {
    it('evmChains.getChainInfo, evmBlocks.getBlock, primaryNetworkTransactions.getTxByHash, primaryNetworkBlocks.getBlockById, primaryNetwork.getSubnetById', async () => {
      const chain = await glacier.evmChains.getChainInfo({ chainId: '43112' });
      expect(chain).toMatchObject({ chainId: '43112', platformChainId: env.cChainId });
      const newest = cBlocks[0]!;
      expect(await glacier.evmBlocks.getBlock({ chainId: '43112', blockId: newest.hash })).toMatchObject({ blockNumber: newest.number.toString(), blockHash: newest.hash, txCount: newest.txs.length });
      const v = validation();
      expect(await glacier.primaryNetworkTransactions.getTxByHash({ blockchainId: BlockchainId.P_CHAIN, network: fuji, txHash: v.txHash })).toMatchObject({ txHash: v.txHash, txType: 'AddPermissionlessValidatorTx' });
      const { blocks } = await glacier.primaryNetworkBlocks.listLatestPrimaryNetworkBlocks({ blockchainId: BlockchainId.P_CHAIN, network: fuji, pageSize: 1 });
      expect(await glacier.primaryNetworkBlocks.getBlockById({ blockchainId: BlockchainId.P_CHAIN, network: fuji, blockId: blocks[0]!.blockHash })).toMatchObject({ blockNumber: blocks[0]!.blockNumber });
      const [chainAction] = done('p.chain');
      const subnetId = /on (\S+)$/.exec(chainAction!.detail!)![1]!;
      expect((await glacier.primaryNetwork.getSubnetById({ network: fuji, subnetId })).blockchains.map((b) => b.blockchainName)).toContain(/^(\S+) on/.exec(chainAction!.detail!)![1]);
      await expectApiError(() => glacier.evmChains.getChainInfo({ chainId: '999999' }), 404, 'Not Found');
    });
  });

  it('talked to our servers only (no hosted API)', () => {
    const hosts = new Set(fetched.map((u) => u.host));
    expect([...hosts].every((h) => h.startsWith('127.0.0.1:'))).toBe(true);
    expect(hosts).toContain(new URL(env.urls.dataApi).host);
  });
});
