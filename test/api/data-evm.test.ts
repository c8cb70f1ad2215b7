/**
 * The Data API's chain and EVM routes over a store holding every kind of EVM row (the store's sample
 * activity: an ERC-20 deployed and redeployed, an NFT made by a factory with CREATE2, ERC-721 and ERC-1155
 * transfers, internal transactions, a block that could not be traced, a Teleporter message), on PGlite and
 * on PostgreSQL. Every success body is checked against the reference OpenAPI schemas.
 */
import { referenceOpenApiDir } from '../helpers/reference.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { concat, decodeFunctionResult, encodeAbiParameters, encodeFunctionData, getAddress, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApi } from '../../src/api/data/create-data-api.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { idToString } from '../../src/lib/cb58.js';
import { EVM_ID_STRING, ZERO_ID_STRING } from '../../src/lib/networks.js';
import { advanceCheckpoint } from '../../src/store/checkpoints.js';
import { declareWriteChain } from '../../src/store/data-versions.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../src/store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../src/store/testing.js';
import {
  ALICE, BOB, blockHash, FACTORY, filled, MULTI, NFT, OTHER_CHAIN_ID, sampleBlocks, THIS_CHAIN_ID, TOKEN, txHash, writeSampleActivity,
} from '../../src/store/writers/evm/evm-batch.fixtures.js';
import { writeEvmBatch } from '../../src/store/writers/evm/write-evm-batch.js';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { contract } from '../helpers/solc.js';

const REFERENCE = referenceOpenApiDir();
const responseSchemas = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier-response-schemas.json'), 'utf8')) as Record<string, { status: number; schema: object }>;
const glacier = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier.json'), 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'glacier', components: glacier.components });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
/** The reference schema of an operation: glacier-response-schemas.json, or glacier.json for the operations outside seed 000. */
function validatorOf(operationId: string) {
  let v = validators.get(operationId);
  if (!v) {
    const outside: Record<string, string> = { getChainInfo: 'GetChainResponse', getBlock: 'GetEvmBlockResponse' };
    v = outside[operationId] ? ajv.compile({ $ref: `glacier#/components/schemas/${outside[operationId]}` }) : ajv.compile(responseSchemas[operationId]!.schema);
    validators.set(operationId, v);
  }
  return v;
}

function expectValid(operationId: string, body: unknown): void {
  const validate = validatorOf(operationId);
  if (!validate(body)) throw new Error(`${operationId} response does not match the reference schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
}

/** No key anywhere holds null: optional fields are omitted (the SDK rejects null). */
function expectNoNulls(value: unknown, path = '$'): void {
  if (value === null) throw new Error(`null at ${path}`);
  if (Array.isArray(value)) value.forEach((v, i) => expectNoNulls(v, `${path}[${i}]`));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) expectNoNulls(v, `${path}.${k}`);
}

const hex = (b: Uint8Array) => '0x' + Buffer.from(b).toString('hex');
const checksum = (b: Uint8Array) => getAddress(hex(b));
const ZERO = '0x0000000000000000000000000000000000000000';
const L1_CHAIN_ID = filled(0x1a, 32);
const L1_SUBNET = filled(0x5b, 32);
const MAINNET_C = filled(0x3c, 32);

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('Data API chain and EVM routes on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  let chain: ChainRef;
  let app: FastifyInstance;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const r = await app.inject({ method: 'GET', url, headers });
    return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined, headers: r.headers };
  };
  /** A 200 whose body matches the reference schema and holds no null. */
  const ok = async (operationId: string, url: string) => {
    const r = await get(url);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
    expectValid(operationId, r.body);
    expectNoNulls(r.body);
    return r.body;
  };

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await writeSampleActivity(t.db);
    await advanceCheckpoint(t.db, chain.id, 'blocks', undefined, { height: 11n, blockHash: blockHash(11n) });
    // an L1 of the same network (not indexed yet), the network's P-chain, and a mainnet with its C-chain
    await ensureChain(t.db, { network: chain.network, blockchainId: L1_CHAIN_ID, subnetId: L1_SUBNET, vm: 'evm', evmChainId: 777n, name: 'dispatch', rpcUrl: 'http://127.0.0.1:9650/ext/bc/l1/rpc' });
    await ensureChain(t.db, { network: chain.network, blockchainId: new Uint8Array(32), subnetId: new Uint8Array(32), vm: 'platform', name: 'P' });
    const mainnet = await ensureNetwork(t.db, { name: 'mainnet', networkId: 1, hrp: 'avax', isTestnet: false, avaxAssetId: filled(8, 32) });
    await ensureChain(t.db, { network: mainnet, blockchainId: MAINNET_C, subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43114n, name: 'C', rpcUrl: 'https://node.example/ext/bc/C/rpc', wsUrl: 'wss://node.example/ext/bc/C/ws' });
    app = await createDataApi(t.db, {
      pageTokens: { secret: 'data-evm-test-secret-0001' },
      rateLimits: { enabled: false },
      networkAliases: { fuji: 'local' },
      presentation: { chains: { '777': { networkToken: { name: 'Dispatch', symbol: 'DIS', decimals: 18 }, explorerUrl: 'https://explorer.example/dispatch' } } },
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  describe('GET /v1/chains', () => {
    run('lists the EVM chains with their status, ids and tokens (no P or X chain)', async () => {
      const { chains } = await ok('supportedChains', '/v1/chains');
      expect(chains.map((c: any) => [c.chainId, c.status])).toEqual([['43112', 'OK'], ['777', 'UNAVAILABLE'], ['43114', 'UNAVAILABLE']]);
      const c = chains[0];
      expect(c).toEqual({
        chainId: '43112',
        status: 'OK',
        chainName: 'Avalanche Local (C-Chain)',
        description: expect.stringContaining('C-Chain'),
        platformChainId: idToString(THIS_CHAIN_ID),
        subnetId: ZERO_ID_STRING,
        vmId: EVM_ID_STRING,
        vmName: 'EVM',
        rpcUrl: '',
        isTestnet: true,
        networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18, description: expect.any(String) },
        private: false,
        enabledFeatures: ['nftIndexing', 'teleporter'],
      });
      const l1 = chains[1];
      expect(l1).toMatchObject({ chainName: 'dispatch', subnetId: idToString(L1_SUBNET), rpcUrl: 'http://127.0.0.1:9650/ext/bc/l1/rpc', explorerUrl: 'https://explorer.example/dispatch', networkToken: { name: 'Dispatch', symbol: 'DIS', decimals: 18 } });
      expect('vmId' in l1).toBe(false); // its CreateChainTx is not indexed
      expect('wsUrl' in l1).toBe(false);
      expect(chains[2]).toMatchObject({ chainName: 'Avalanche (C-Chain)', isTestnet: false, wsUrl: 'wss://node.example/ext/bc/C/ws' });
    });

    run('filters by network: indexed names, fuji/testnet through the alias, mainnet', async () => {
      const ids = async (q: string) => (await ok('supportedChains', `/v1/chains?${q}`)).chains.map((c: any) => c.chainId);
      expect(await ids('network=local')).toEqual(['43112', '777']);
      expect(await ids('network=fuji')).toEqual(['43112', '777']);
      expect(await ids('network=testnet')).toEqual(['43112', '777']);
      expect(await ids('network=mainnet')).toEqual(['43114']);
      const bad = await get('/v1/chains?network=moon');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: ['network must be one of the following values: mainnet, fuji, testnet, local'], statusCode: 400, error: 'Bad Request' });
    });

    run('filters by feature', async () => {
      expect((await ok('supportedChains', '/v1/chains?feature=teleporter')).chains).toHaveLength(3);
      expect((await ok('supportedChains', '/v1/chains?feature=webhooks')).chains).toEqual([]);
      expect((await get('/v1/chains?feature=bridges')).status).toBe(400);
    });
  });

  describe('GET /v1/chains/{chainId}', () => {
    run('finds a chain by EVM chain id or blockchain id', async () => {
      const byId = await ok('getChainInfo', '/v1/chains/43112');
      expect(await ok('getChainInfo', `/v1/chains/${idToString(THIS_CHAIN_ID)}`)).toEqual(byId);
      expect(byId.platformChainId).toBe(idToString(THIS_CHAIN_ID));
      expect((await ok('getChainInfo', '/v1/chains/777')).status).toBe('UNAVAILABLE');
    });

    run('404 for chains not indexed here or not EVM, 400 for a malformed id', async () => {
      expect((await get('/v1/chains/1')).status).toBe(404);
      expect((await get(`/v1/chains/${ZERO_ID_STRING}`)).status).toBe(404); // the P-chain
      const bad = await get('/v1/chains/c-chain!');
      expect(bad.status).toBe(400);
      expect(bad.body.message[0]).toMatch(/chainId/);
    });
  });

  describe('GET /v1/chains/{chainId}/transactions', () => {
    const ALL = [[11, 1], [11, 0], [10, 0], [8, 1], [8, 0], [7, 0], [5, 1], [5, 0], [4, 0], [2, 1], [2, 0], [1, 0]];

    run('lists the latest transactions, 10 by default, newest first', async () => {
      const body = await ok('listLatestTransactions', '/v1/chains/43112/transactions');
      expect(body.transactions.map((tx: any) => [Number(tx.blockNumber), tx.blockIndex])).toEqual(ALL.slice(0, 10));
      expect(typeof body.nextPageToken).toBe('string');
      const tx = body.transactions.find((x: any) => x.blockNumber === '8' && x.blockIndex === 1);
      expect(tx).toEqual({
        blockNumber: '8', blockTimestamp: 1_700_000_016, blockTimestampMilliseconds: 1_700_000_016_005, blockMinDelayExcess: 7_970_124,
        blockHash: hex(blockHash(8n)), chainId: '43112', blockIndex: 1, txHash: hex(txHash(8n, 1)), txStatus: '1', txType: 2,
        gasLimit: '21000', gasUsed: '21000', gasPrice: '26000000000', nonce: '8',
        from: { address: checksum(ALICE) }, to: { address: checksum(BOB) },
        method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
        value: (10n ** 18n + 8n).toString(),
      });
    });

    run('walks every page with keyset tokens; the last page has no token', async () => {
      const seen: number[][] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const body: any = await ok('listLatestTransactions', `/v1/chains/43112/transactions?pageSize=5${token ? `&pageToken=${token}` : ''}`);
        seen.push(...body.transactions.map((tx: any) => [Number(tx.blockNumber), tx.blockIndex]));
        token = body.nextPageToken;
        pages++;
      } while (token);
      expect(pages).toBe(3);
      expect(seen).toEqual(ALL);
      // a page that ends exactly at the last transaction has no token
      const exact = await ok('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=12');
      expect(exact.transactions).toHaveLength(12);
      expect('nextPageToken' in exact).toBe(false);
    });

    run('filters failed and successful transactions', async () => {
      const failed = await ok('listLatestTransactions', '/v1/chains/43112/transactions?status=failed');
      expect(failed.transactions.map((tx: any) => [tx.blockNumber, tx.blockIndex, tx.txStatus])).toEqual([['10', 0, '0'], ['5', 0, '0']]);
      const success = await ok('listLatestTransactions', '/v1/chains/43112/transactions?status=success&pageSize=100');
      expect(success.transactions).toHaveLength(10);
      expect(success.transactions.every((tx: any) => tx.txStatus === '1')).toBe(true);
    });

    run('shows creations with the contract they made and labels contracts by their token names', async () => {
      const { transactions } = await ok('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=100');
      const deploy = transactions.find((tx: any) => tx.blockNumber === '1');
      expect(deploy.method).toEqual({ callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' });
      expect(deploy.to).toEqual({ name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6, address: checksum(TOKEN) });
    });

    run('rejects bad page sizes, statuses and tokens', async () => {
      for (const q of ['pageSize=0', 'pageSize=101', 'pageSize=ten', 'status=pending']) {
        const r = await get(`/v1/chains/43112/transactions?${q}`);
        expect(r.status, q).toBe(400);
        expect(Array.isArray(r.body.message)).toBe(true);
      }
      expect((await get('/v1/chains/43112/transactions?pageToken=not-a-token')).status).toBe(400);
      const { nextPageToken } = await ok('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=2');
      const other = await get(`/v1/chains/43112/transactions?pageSize=2&status=failed&pageToken=${nextPageToken}`);
      expect(other.status).toBe(400);
      expect(other.body.message[0]).toMatch(/different query/);
    });
  });

  describe('GET /v1/chains/{chainId}/transactions/{txHash}', () => {
    const detail = (n: bigint, i: number) => ok('getTransaction', `/v1/chains/43112/transactions/${hex(txHash(n, i))}`);

    run('a contract creation with an ERC-20 mint', async () => {
      const body = await detail(1n, 0);
      expect(body.nativeTransaction).toMatchObject({
        txHash: hex(txHash(1n, 0)), blockNumber: '1', input: '0xa9059cbb00', baseFeePerGas: '25000000001', maxFeePerGas: '50000000000', maxPriorityFeePerGas: '1000000000',
        method: { callType: 'CONTRACT_CREATION', methodHash: '', methodName: 'Contract Created' },
        to: { address: checksum(TOKEN), name: 'Firn Token 2' },
      });
      expect(body.erc20Transfers).toEqual([{
        from: { address: ZERO }, to: { address: checksum(ALICE) }, logIndex: 0, value: '1000',
        erc20Token: { address: checksum(TOKEN), name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6, ercType: 'ERC-20' },
      }]);
      expect(body.erc721Transfers).toEqual([]);
      expect(body.internalTransactions).toEqual([]);
      expect(body.networkTokenDetails).toEqual({ networkToken: expect.objectContaining({ symbol: 'AVAX', decimals: 18 }) });
      expect('teleporterMessageInfo' in body).toBe(false);
    });

    run('internal transactions: creations and value-moving calls, reverted ones marked', async () => {
      const body = await detail(2n, 0);
      expect(body.internalTransactions).toEqual([
        { from: { address: checksum(FACTORY) }, to: { address: checksum(NFT), name: 'Firn Collectibles', symbol: 'FCOL' }, internalTxType: 'CREATE2', value: '0', isReverted: false, gasUsed: '200000', gasLimit: '500000' },
        { from: { address: checksum(FACTORY) }, to: { address: checksum(BOB) }, internalTxType: 'CALL', value: '7', isReverted: true, gasUsed: '50000', gasLimit: '50000' },
      ]);
    });

    run('NFT transfers with their tokens and metadata status', async () => {
      const body = await detail(2n, 1);
      expect(body.erc721Transfers).toEqual([{
        from: { address: ZERO }, to: { address: checksum(ALICE) }, logIndex: 0,
        erc721Token: {
          address: checksum(NFT), name: 'Firn Collectibles', symbol: 'FCOL', ercType: 'ERC-721', tokenId: '1', tokenUri: 'ipfs://two',
          metadata: { indexStatus: 'UNINDEXED' }, ownerAddress: checksum(ALICE),
        },
      }]);
      expect(body.erc1155Transfers.map((x: any) => [x.logIndex, x.value, x.erc1155Token.tokenId, x.erc1155Token.tokenUri])).toEqual([[1, '10', '5', 'multi://{id}'], [1, '20', '6', 'multi://{id}']]);
      expect(body.erc1155Transfers[0].erc1155Token).toEqual({ address: checksum(MULTI), ercType: 'ERC-1155', tokenId: '5', tokenUri: 'multi://{id}', metadata: { indexStatus: 'UNINDEXED' } });
    });

    run('a Teleporter message sent, with the destination blockchain id', async () => {
      const body = await detail(4n, 0);
      expect(body.teleporterMessageInfo).toEqual({ teleporterMessageId: hex(filled(0x4d, 32)), direction: 'SOURCE_TRANSACTION', destinationChainId: idToString(OTHER_CHAIN_ID) });
    });

    run('no internalTransactions key when the block could not be traced', async () => {
      const body = await detail(7n, 0);
      expect('internalTransactions' in body).toBe(false);
      expect(body.erc20Transfers).toEqual([]);
    });

    run('finds a transaction by hash in any case, with an ETag', async () => {
      const url = `/v1/chains/43112/transactions/${hex(txHash(5n, 1)).toUpperCase().replace('0X', '0x')}`;
      const first = await get(url);
      expect(first.status).toBe(200);
      expect(first.body.nativeTransaction.txHash).toBe(hex(txHash(5n, 1)));
      expect(typeof first.headers.etag).toBe('string');
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.status).toBe(304);
    });

    run('answers transactions asked for together (they share statements) each with its own transaction', async () => {
      const hashes = [txHash(1n, 0), txHash(2n, 0), txHash(2n, 1), txHash(8n, 1), filled(0xed, 32), txHash(5n, 1), txHash(1n, 0)];
      const answers = await Promise.all(hashes.map((h) => get(`/v1/chains/43112/transactions/${hex(h)}`)));
      expect(answers[4]!.status).toBe(404);
      for (const [i, answer] of answers.entries()) {
        if (i === 4) continue;
        expect(answer.status).toBe(200);
        expect(answer.body.nativeTransaction.txHash).toBe(hex(hashes[i]!));
      }
    });

    run('404 for an unknown hash, 400 for a malformed one', async () => {
      const missing = await get(`/v1/chains/43112/transactions/${hex(filled(0xee, 32))}`);
      expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found', message: expect.stringContaining('not found') } });
      const bad = await get('/v1/chains/43112/transactions/0x1234');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual([expect.stringContaining('txHash')]);
    });
  });

  describe('blocks', () => {
    run('GET /v1/chains/{chainId}/blocks lists the latest blocks with every field', async () => {
      const body = await ok('getLatestBlocks', '/v1/chains/43112/blocks?pageSize=3');
      expect(body.blocks.map((b: any) => b.blockNumber)).toEqual(['11', '10', '9']);
      expect(body.blocks[0]).toEqual({
        chainId: '43112', blockNumber: '11', blockTimestamp: 1_700_000_022, blockTimestampMilliseconds: 1_700_000_022_005, blockMinDelayExcess: 7_970_124,
        blockHash: hex(blockHash(11n)), txCount: 2, baseFee: '25000000011', gasUsed: '42000', gasLimit: '15000000', gasCost: '11',
        parentHash: hex(blockHash(10n)), feesSpent: (2n * 21_000n * 26_000_000_000n).toString(), cumulativeTransactions: '12',
      });
      const rest = await ok('getLatestBlocks', `/v1/chains/43112/blocks?pageSize=100&pageToken=${body.nextPageToken}`);
      expect(rest.blocks.map((b: any) => b.blockNumber)).toEqual(['8', '7', '6', '5', '4', '3', '2', '1', '0']);
      expect('nextPageToken' in rest).toBe(false);
    });

    run('GET /v1/chains/{chainId}/blocks/{blockId} by number or hash', async () => {
      const byNumber = await ok('getBlock', '/v1/chains/43112/blocks/2');
      expect(await ok('getBlock', `/v1/chains/43112/blocks/${hex(blockHash(2n))}`)).toEqual(byNumber);
      expect(byNumber).toMatchObject({ blockNumber: '2', txCount: 2, cumulativeTransactions: '3' });
      expect((await get('/v1/chains/43112/blocks/12')).status).toBe(404);
      expect((await get('/v1/chains/43112/blocks/latest')).status).toBe(400);
    });

    run('pages stay stable while new blocks arrive', async () => {
      const latest = '/v1/chains/43112/blocks?pageSize=1';
      expect((await ok('getLatestBlocks', latest)).blocks[0].blockNumber).toBe('11');
      // the same data: the kept answer (other tests' writes to the shared server are in other databases)
      const hits = app.responseStore!.hits;
      expect((await ok('getLatestBlocks', latest)).blocks[0].blockNumber).toBe('11');
      expect(app.responseStore!.hits).toBe(hits + 1);
      const first = await ok('getLatestBlocks', '/v1/chains/43112/blocks?pageSize=4');
      const txFirst = await ok('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=4');
      await t.db.transaction((tx) => writeEvmBatch(tx, chain.id, sampleBlocks(12n, 14n)));
      const second = await ok('getLatestBlocks', `/v1/chains/43112/blocks?pageSize=4&pageToken=${first.nextPageToken}`);
      expect(second.blocks.map((b: any) => b.blockNumber)).toEqual(['7', '6', '5', '4']);
      const txSecond = await ok('listLatestTransactions', `/v1/chains/43112/transactions?pageSize=4&pageToken=${txFirst.nextPageToken}`);
      expect(txSecond.transactions.map((x: any) => `${x.blockNumber}:${x.blockIndex}`)).toEqual(['8:0', '7:0', '5:1', '5:0']);
      // a fresh first page sees the new blocks, also where an answer was kept before they were written
      expect((await ok('getLatestBlocks', latest)).blocks[0].blockNumber).toBe('14');
      await t.db.query('DELETE FROM evm_transactions WHERE chain = $1 AND block_number > 11', [chain.id]);
      await t.db.query('DELETE FROM evm_blocks WHERE chain = $1 AND number > 11', [chain.id]);
    });
  });

  describe('GET /v1/chains/{chainId}/addresses/{address}', () => {
    run('an ERC-20 as last deployed, an ERC-721 made by a factory', async () => {
      expect(await ok('getContractMetadata', `/v1/chains/43112/addresses/${hex(TOKEN)}`)).toEqual({
        address: checksum(TOKEN), name: 'Firn Token 2', ercType: 'ERC-20', symbol: 'FIRN2', decimals: 6,
        deploymentDetails: { txHash: hex(txHash(10n, 0)), deployerAddress: checksum(BOB) },
      });
      expect(await ok('getContractMetadata', `/v1/chains/43112/addresses/${checksum(NFT)}`)).toEqual({
        address: checksum(NFT), name: 'Firn Collectibles', ercType: 'ERC-721', symbol: 'FCOL',
        deploymentDetails: { txHash: hex(txHash(2n, 0)), deployerAddress: checksum(ALICE), deployerContractAddress: checksum(FACTORY) },
      });
    });

    run('404 for an account, 400 "Invalid address format"', async () => {
      expect((await get(`/v1/chains/43112/addresses/${hex(ALICE)}`)).status).toBe(404);
      const bad = await get('/v1/chains/43112/addresses/0x1234');
      expect(bad).toMatchObject({ status: 400, body: { message: ['Invalid address format'], statusCode: 400, error: 'Bad Request' } });
    });
  });

  describe('GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', () => {
    run('an ERC-721 token with its current owner and URI', async () => {
      expect(await ok('getTokenDetails', `/v1/chains/43112/nfts/collections/${hex(NFT)}/tokens/1`)).toEqual({
        address: checksum(NFT), name: 'Firn Collectibles', symbol: 'FCOL', ercType: 'ERC-721', tokenId: '1', tokenUri: 'ipfs://two',
        metadata: { indexStatus: 'UNINDEXED' }, ownerAddress: checksum(ALICE),
      });
    });

    run('an ERC-1155 token, with fetched metadata', async () => {
      await t.db.query(
        `UPDATE evm_nft_tokens SET metadata_status = 'INDEXED', metadata_updated_at = 1700000100, metadata_name = 'Six', image_uri = 'ipfs://six.png',
           properties = '{"rarity":"rare"}', metadata_decimals = 0 WHERE chain = $1 AND contract = $2 AND token_id = 6`,
        [chain.id, Buffer.from(MULTI)],
      );
      expect(await ok('getTokenDetails', `/v1/chains/43112/nfts/collections/${hex(MULTI)}/tokens/6`)).toEqual({
        address: checksum(MULTI), ercType: 'ERC-1155', tokenId: '6', tokenUri: 'multi://{id}',
        metadata: { indexStatus: 'INDEXED', metadataLastUpdatedTimestamp: 1_700_000_100, name: 'Six', imageUri: 'ipfs://six.png', decimals: 0, properties: '{"rarity":"rare"}' },
      });
    });

    run('404 for a token never transferred, 400 for a bad token id or address', async () => {
      expect((await get(`/v1/chains/43112/nfts/collections/${hex(NFT)}/tokens/99`)).status).toBe(404);
      expect((await get(`/v1/chains/43112/nfts/collections/${hex(NFT)}/tokens/0x01`)).status).toBe(400);
      expect((await get(`/v1/chains/43112/nfts/collections/${hex(NFT)}/tokens/${2n ** 256n}`)).status).toBe(400);
      expect((await get('/v1/chains/43112/nfts/collections/nft/tokens/1')).body.message).toEqual(['Invalid address format']);
    });
  });

  describe('chains whose data is not available', () => {
    run('answer 503 on every data route (and 404 when not indexed here at all)', async () => {
      for (const path of ['transactions', `transactions/${hex(txHash(1n, 0))}`, 'blocks', 'blocks/1', `addresses/${hex(TOKEN)}`, `nfts/collections/${hex(NFT)}/tokens/1`]) {
        const r = await get(`/v1/chains/777/${path}`);
        expect(r.status, path).toBe(503);
        expect(r.body).toEqual({ message: expect.stringContaining('unavailable'), statusCode: 503, error: 'Service Unavailable' });
        expect((await get(`/v1/chains/99999/${path}`)).status, path).toBe(404);
      }
    });
  });

  describe('service', () => {
    run('documents every route in an OpenAPI document titled Firn Data API, with weights', async () => {
      const doc = (await get('/api-json')).body;
      expect(doc.info.title).toBe('Firn Data API');
      for (const [path, op, weight] of [
        ['/v1/chains', 'supportedChains', 'free'], ['/v1/chains/{chainId}', 'getChainInfo', 'free'], ['/v1/chains/{chainId}/transactions', 'listLatestTransactions', 'medium'],
        ['/v1/chains/{chainId}/transactions/{txHash}', 'getTransaction', 'medium'], ['/v1/chains/{chainId}/blocks', 'getLatestBlocks', 'small'],
        ['/v1/chains/{chainId}/blocks/{blockId}', 'getBlock', 'small'], ['/v1/chains/{chainId}/addresses/{address}', 'getContractMetadata', 'medium'],
        ['/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', 'getTokenDetails', 'medium'],
      ] as const) {
        expect(doc.paths[path]?.get?.operationId, path).toBe(op);
        expect(doc.paths[path].get['x-execution-weight'], path).toBe(weight);
      }
      expect((await get('/v1/health-check')).body.status).toBe('ok');
    });
  });

  describe('kept answers and data scopes', () => {
    /** Whether the URL's answer came from the kept copy, checking it is a 200. */
    const kept = async (url: string) => {
      const hits = app.responseStore!.hits;
      expect((await get(url)).status, url).toBe(200);
      return app.responseStore!.hits === hits + 1;
    };
    /** A write in one transaction, declared as the indexer declares its chain's writes. */
    const write = (chainId: number, sql: string) =>
      t.db.transaction(async (tx) => {
        await declareWriteChain(tx, chainId);
        await tx.query(sql, [chainId]);
      });

    run('a write drops the kept answers of its scope only: its EVM chain, the primary network, or every scope for the chain list', async () => {
      const [l1, p] = await Promise.all(['dispatch', 'P'].map(async (name) => (await t.db.query<{ id: number }>('SELECT id FROM chains WHERE name = $1', [name])).rows[0]!.id));
      await advanceCheckpoint(t.db, p!, 'blocks', undefined, { height: 0n, blockHash: new Uint8Array(32) }); // the P-chain is served from now on
      const evmUrl = '/v1/chains/43112/blocks?pageSize=2';
      const primaryUrl = '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=2';
      const listUrl = '/v1/chains';
      const all = [evmUrl, primaryUrl, listUrl];
      const keptNow = async () => {
        const out: Record<string, boolean> = {};
        for (const url of all) out[url] = await kept(url);
        return out;
      };
      for (const url of all) await get(url);
      expect(await keptNow()).toEqual({ [evmUrl]: true, [primaryUrl]: true, [listUrl]: true });

      await write(l1!, 'DELETE FROM evm_logs WHERE chain = $1'); // another EVM chain's block
      expect(await keptNow()).toEqual({ [evmUrl]: true, [primaryUrl]: true, [listUrl]: false });
      await write(p!, 'DELETE FROM primary_txs WHERE chain = $1'); // a P-chain block
      expect(await keptNow()).toEqual({ [evmUrl]: true, [primaryUrl]: false, [listUrl]: false });
      await write(chain.id, 'DELETE FROM evm_logs WHERE chain = $1 AND block_number > 1000'); // this chain's block
      expect(await keptNow()).toEqual({ [evmUrl]: false, [primaryUrl]: true, [listUrl]: false });
      await t.db.query('DELETE FROM evm_logs WHERE chain = $1 AND block_number > 1000', [l1]); // an EVM write that names no chain
      expect(await keptNow()).toEqual({ [evmUrl]: false, [primaryUrl]: true, [listUrl]: false });
      await t.db.query('DELETE FROM checkpoints WHERE chain = $1', [p]); // the registry: every answer
      expect(await keptNow()).toEqual({ [evmUrl]: false, [primaryUrl]: false, [listUrl]: false });
    });
  });
});

/**
 * End to end: a real devnet runs ERC-20, ERC-721 and native transfers and a reverted call; the real indexer
 * follows its C-chain into a store; the Data API serves it over real HTTP, and its answers are compared
 * with the node's own (blocks, transactions, receipts, eth_call of the token contracts).
 */
describe('Data API over an indexed devnet', () => {
  const KEYS = [
    '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  ] as const;
  const alice = privateKeyToAccount(KEYS[0]);
  const bob = privateKeyToAccount(KEYS[1]);
  const token20 = contract('Token20');
  const nft721 = contract('Collectible721');
  let devnet: DevnetProcess;
  let rpcUrl: string;
  let cChainId: string;
  let t: TestDatabase;
  let indexer: RunningIndexer;
  let app: FastifyInstance;
  let base: string;
  let head: bigint;
  const at = {} as Record<'token' | 'nft', Hex>;
  const txs = {} as Record<'erc20' | 'reverted' | 'nftMove' | 'native', Hex>;
  const nonces = new Map<string, number>();

  async function call(method: string, params: unknown[] = []): Promise<any> {
    const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await r.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }

  async function send(from: typeof alice, to: Hex | undefined, data: Hex, opts: { value?: bigint; gas?: bigint } = {}): Promise<any> {
    const nonce = nonces.get(from.address) ?? Number(await call('eth_getTransactionCount', [from.address, 'latest']));
    nonces.set(from.address, nonce + 1);
    const raw = await from.signTransaction({
      chainId: 43112, type: 'eip1559', nonce, ...(to ? { to } : {}), data, value: opts.value ?? 0n, gas: opts.gas ?? (to ? 300_000n : 3_000_000n),
      maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1n,
    });
    const hash = (await call('eth_sendRawTransaction', [raw])) as Hex;
    for (let i = 0; i < 1000; i++) {
      const receipt = await call('eth_getTransactionReceipt', [hash]);
      if (receipt) return receipt;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${hash} was not mined`);
  }

  const fn = (c: { abi: Abi }, functionName: string, args: unknown[] = []) => encodeFunctionData({ abi: c.abi, functionName, args } as never);
  const read = async (c: { abi: Abi }, address: Hex, functionName: string, args: unknown[] = []) =>
    decodeFunctionResult({ abi: c.abi, functionName, data: await call('eth_call', [{ to: address, data: fn(c, functionName, args) }, 'latest']) } as never) as unknown;
  const api = async (path: string) => {
    const r = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
    return { status: r.status, body: (await r.json()) as any };
  };

  beforeAll(async () => {
    devnet = await startDevnet();
    const info = await fetch(`${devnet.url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getBlockchainID', params: { alias: 'C' } }) });
    cChainId = ((await info.json()) as { result: { blockchainID: string } }).result.blockchainID;
    rpcUrl = `${devnet.url}/ext/bc/C/rpc`;

    const deployed = await send(alice, undefined, concat([token20.bytecode, encodeAbiParameters([{ type: 'string' }, { type: 'string' }, { type: 'uint256' }], ['Firn Token', 'FIRN', 10n ** 24n])]));
    at.token = getAddress(deployed.contractAddress);
    txs.erc20 = (await send(alice, at.token, fn(token20, 'transfer', [bob.address, 1000n]))).transactionHash;
    txs.reverted = (await send(alice, at.token, fn(token20, 'transfer', ['0x0000000000000000000000000000000000000000', 1n]), { gas: 100_000n })).transactionHash;
    at.nft = getAddress((await send(alice, undefined, concat([nft721.bytecode, encodeAbiParameters([{ type: 'string' }, { type: 'string' }], ['Firn Collectibles', 'FCOL'])]))).contractAddress);
    await send(alice, at.nft, fn(nft721, 'mint', [alice.address, 1n]));
    txs.nftMove = (await send(alice, at.nft, fn(nft721, 'transferFrom', [alice.address, bob.address, 1n]))).transactionHash;
    txs.native = (await send(alice, bob.address, '0x', { value: 10n ** 18n, gas: 21_000n })).transactionHash;
    head = BigInt(await call('eth_blockNumber'));

    t = await openTestDatabase(serverUp ? 'postgres' : 'pglite');
    const { config } = loadIndexerConfig([`--node-url=${devnet.url}`, '--chains=C', '--metrics-port=0', '--poll-interval=50ms'], {});
    indexer = await startIndexer(config, { db: t.db });
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM chains WHERE evm_chain_id = 43112');
    let failure: unknown;
    indexer.done.catch((e: unknown) => (failure = e));
    for (let i = 0; ; i++) {
      const cp = await t.db.query<{ height: string }>(`SELECT height FROM checkpoints WHERE chain = $1 AND stream = 'blocks'`, [rows[0]!.id]);
      if (cp.rows[0] && BigInt(cp.rows[0].height) >= head) break;
      if (failure || i > 2000) throw new Error(`the indexer did not reach block ${head}: ${String(failure ?? 'still behind')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    app = await createDataApi(t.db, { pageTokens: { secret: 'data-evm-devnet-secret-01' }, networkAliases: { fuji: 'local' } });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await indexer?.stop();
    await t?.dispose();
    await devnet?.stop();
  });

  it('the indexer declares its chain: its blocks raise the C-chain\'s data version, not every EVM chain\'s', async () => {
    const { rows } = await t.db.query<{ scope: string; version: string }>(
      `SELECT v.scope, v.version FROM data_versions v ORDER BY scope`,
    );
    const { rows: c } = await t.db.query<{ id: number }>('SELECT id FROM chains WHERE evm_chain_id = 43112');
    expect(rows.map((r) => r.scope)).toEqual(['evm:' + c[0]!.id, 'registry']);
    expect(Number(rows[0]!.version)).toBeGreaterThan(0);
  });

  it('lists the devnet C-chain, also under the fuji alias', async () => {
    const { status, body } = await api('/v1/chains?network=fuji');
    expect(status).toBe(200);
    expectValid('supportedChains', body);
    const c = body.chains.find((x: any) => x.chainId === '43112');
    expect(c).toMatchObject({ status: 'OK', platformChainId: cChainId, subnetId: ZERO_ID_STRING, vmId: EVM_ID_STRING, rpcUrl: `${devnet.url}/ext/bc/${cChainId}/rpc`, isTestnet: true });
    expect((await api(`/v1/chains/${cChainId}`)).body).toEqual(c);
  });

  it('serves every block as the node has it, newest first, across pages', async () => {
    const blocks: any[] = [];
    let token: string | undefined;
    do {
      const { status, body } = await api(`/v1/chains/43112/blocks?pageSize=4${token ? `&pageToken=${token}` : ''}`);
      expect(status).toBe(200);
      expectValid('getLatestBlocks', body);
      blocks.push(...body.blocks);
      token = body.nextPageToken;
    } while (token);
    expect(blocks.map((b) => BigInt(b.blockNumber))).toEqual(Array.from({ length: Number(head) + 1 }, (_, i) => head - BigInt(i)));
    let cumulative = 0n;
    for (const b of [...blocks].reverse()) {
      const node = await call('eth_getBlockByNumber', [`0x${BigInt(b.blockNumber).toString(16)}`, false]);
      cumulative += BigInt(node.transactions.length);
      expect(b).toMatchObject({
        chainId: '43112', blockHash: node.hash, parentHash: node.parentHash, blockTimestamp: Number(node.timestamp), txCount: node.transactions.length,
        gasUsed: BigInt(node.gasUsed).toString(), gasLimit: BigInt(node.gasLimit).toString(), baseFee: BigInt(node.baseFeePerGas ?? 0).toString(),
        cumulativeTransactions: cumulative.toString(),
      });
      expect((await api(`/v1/chains/43112/blocks/${node.hash}`)).body).toEqual(b);
    }
  });

  it('serves every transaction as the node and its receipts have them', async () => {
    const { body } = await api('/v1/chains/43112/transactions?pageSize=100');
    expectValid('listLatestTransactions', body);
    const expected: any[] = [];
    for (let n = head; n >= 0n; n--) {
      const block = await call('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
      expected.push(...[...block.transactions].reverse());
    }
    expect(body.transactions.map((x: any) => x.txHash)).toEqual(expected.map((x) => x.hash));
    for (const [i, tx] of expected.entries()) {
      const receipt = await call('eth_getTransactionReceipt', [tx.hash]);
      expect(body.transactions[i]).toMatchObject({
        blockNumber: BigInt(tx.blockNumber).toString(), blockHash: tx.blockHash, blockIndex: Number(tx.transactionIndex), txStatus: String(Number(receipt.status)),
        txType: Number(tx.type), gasLimit: BigInt(tx.gas).toString(), gasUsed: BigInt(receipt.gasUsed).toString(), nonce: BigInt(tx.nonce).toString(),
        value: BigInt(tx.value).toString(), from: { address: getAddress(tx.from) }, to: { address: getAddress(tx.to ?? receipt.contractAddress) },
      });
    }
    const failed = (await api('/v1/chains/43112/transactions?status=failed')).body.transactions;
    expect(failed.map((x: any) => x.txHash)).toEqual([txs.reverted]);
  });

  it('details an ERC-20 transfer with the token the contract reports', async () => {
    const { status, body } = await api(`/v1/chains/43112/transactions/${txs.erc20}`);
    expect(status).toBe(200);
    expectValid('getTransaction', body);
    expectNoNulls(body);
    const tx = await call('eth_getTransactionByHash', [txs.erc20]);
    expect(body.nativeTransaction).toMatchObject({
      input: tx.input, maxFeePerGas: BigInt(tx.maxFeePerGas).toString(), maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas).toString(),
      method: { callType: 'CONTRACT_CALL', methodHash: tx.input.slice(0, 10), methodName: 'transfer(address,uint256)' },
      to: { address: at.token, name: await read(token20, at.token, 'name'), symbol: await read(token20, at.token, 'symbol'), decimals: Number(await read(token20, at.token, 'decimals')) },
    });
    expect(body.erc20Transfers).toEqual([{
      from: { address: alice.address }, to: { address: bob.address }, logIndex: 0, value: '1000',
      erc20Token: { address: at.token, name: 'Firn Token', symbol: 'FIRN', decimals: 18, ercType: 'ERC-20' },
    }]);
    expect(body.internalTransactions).toEqual([]);
    const native = (await api(`/v1/chains/43112/transactions/${txs.native}`)).body;
    expect(native.nativeTransaction.method).toEqual({ callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' });
    expect(native.nativeTransaction.value).toBe((10n ** 18n).toString());
  });

  it('describes the contracts and the NFT as the chain reports them', async () => {
    const token = await api(`/v1/chains/43112/addresses/${at.token.toLowerCase()}`);
    expectValid('getContractMetadata', token.body);
    expect(token.body).toMatchObject({ address: at.token, ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 18, deploymentDetails: { deployerAddress: alice.address } });
    const nft = await api(`/v1/chains/43112/nfts/collections/${at.nft}/tokens/1`);
    expectValid('getTokenDetails', nft.body);
    expect(nft.body).toMatchObject({
      address: at.nft, ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL', tokenId: '1',
      tokenUri: await read(nft721, at.nft, 'tokenURI', [1n]), ownerAddress: getAddress((await read(nft721, at.nft, 'ownerOf', [1n])) as string),
    });
    const move = (await api(`/v1/chains/43112/transactions/${txs.nftMove}`)).body;
    expect(move.erc721Transfers.map((x: any) => [x.from.address, x.to.address, x.erc721Token.tokenId])).toEqual([[alice.address, bob.address, '1']]);
  });

  it('answers 404 and 400 like the real service', async () => {
    expect((await api(`/v1/chains/43112/transactions/0x${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await api('/v1/chains/43112/addresses/0xnope')).body).toEqual({ message: ['Invalid address format'], statusCode: 400, error: 'Bad Request' });
    // the chain named by its blockchain id answers the same as by its EVM chain id
    const byBlockchainId = (await api(`/v1/chains/${cChainId}/transactions?pageSize=2`)).body;
    expect(byBlockchainId.transactions).toEqual((await api('/v1/chains/43112/transactions?pageSize=2')).body.transactions);
    expect(byBlockchainId.transactions[0].chainId).toBe('43112');
  });
});
