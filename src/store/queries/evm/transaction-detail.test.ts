import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import {
  ALICE, BOB, FACTORY, filled, MESSENGER, MULTI, NFT, OTHER_CHAIN_ID, THIS_CHAIN_ID, TOKEN, txHash, writeSampleActivity,
} from '../../writers/evm/evm-batch.fixtures.js';
import { labelKey } from '../evm-api/contract-labels.js';
import { plansOf } from './plan.fixtures.js';
import { getEvmTransactionDetail, getEvmTransactionDetails } from './transaction-detail.js';

const serverUp = await postgresAvailable();
const ZERO = new Uint8Array(20);

describe.each(TEST_DATABASE_KINDS)('EVM transaction detail on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await writeSampleActivity(t.db);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('gives ERC-20 transfers with their token', async () => {
    const d = await getEvmTransactionDetail(t.db, chain.id, txHash(1n, 0));
    expect(d!.transaction.contractAddress).toEqual(TOKEN);
    expect(d!.erc20Transfers).toEqual([{
      logIndex: 0, from: ZERO, to: ALICE, value: 1000n,
      // the address was deployed again later: the token is what lives there now
      token: { address: TOKEN, ercType: 'ERC-20', name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6 },
    }]);
    expect(d!.erc721Transfers).toEqual([]);
    expect(d!.internalTransactions).toEqual([]);
    expect(d!.teleporterMessages).toEqual([]);
  });

  run('gives ERC-721 and ERC-1155 transfers with the NFT and its metadata state', async () => {
    const d = await getEvmTransactionDetail(t.db, chain.id, txHash(2n, 1));
    expect(d!.erc721Transfers).toHaveLength(1);
    const [nft] = d!.erc721Transfers;
    expect(nft).toMatchObject({ logIndex: 0, from: ZERO, to: ALICE, tokenId: 1n, token: { address: NFT, ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL' } });
    expect(nft!.nft).toMatchObject({
      contract: NFT, tokenId: 1n, ercType: 'ERC-721', tokenUri: 'ipfs://two', owner: ALICE, firstBlock: 2n, lastTransferBlock: 11n,
      contractName: 'Firn Collectibles', contractSymbol: 'FCOL', metadata: { status: 'UNINDEXED', attempts: 0 },
    });
    expect(d!.erc1155Transfers.map((x) => [x.logIndex, x.batchIndex, x.tokenId, x.value, x.nft?.tokenUri, x.nft?.owner])).toEqual([
      [1, 0, 5n, 10n, 'multi://{id}', undefined],
      [1, 1, 6n, 20n, 'multi://{id}', undefined],
    ]);
    expect(d!.erc1155Transfers[0]!.operator).toEqual(ALICE);
    expect(d!.erc1155Transfers[0]!.to).toEqual(BOB);
    // MULTI's creation was not indexed: the token is known by address only
    expect(d!.erc1155Transfers[0]!.token).toEqual({ address: MULTI, ercType: undefined, name: undefined, symbol: undefined, decimals: undefined });
  });

  run('gives internal transactions in pre-order', async () => {
    const d = await getEvmTransactionDetail(t.db, chain.id, txHash(2n, 0));
    expect(d!.internalTransactions).toEqual([
      { traceIndex: 1, depth: 1, callType: 'CREATE2', from: FACTORY, to: NFT, value: 0n, gas: 500_000n, gasUsed: 200_000n, reverted: false, error: undefined },
      { traceIndex: 2, depth: 1, callType: 'CALL', from: FACTORY, to: BOB, value: 7n, gas: 50_000n, gasUsed: 50_000n, reverted: true, error: 'execution reverted' },
    ]);
  });

  run('says when internal transactions are unknown (the node could not trace the block)', async () => {
    const d = await getEvmTransactionDetail(t.db, chain.id, txHash(7n, 0));
    expect(d!.transaction.blockNumber).toBe(7n);
    expect(d!.internalTransactions).toBeUndefined();
  });

  run('gives Teleporter messages', async () => {
    const d = await getEvmTransactionDetail(t.db, chain.id, txHash(4n, 0));
    expect(d!.teleporterMessages).toEqual([{
      logIndex: 0, messageId: filled(0x4d, 32), direction: 'SOURCE_TRANSACTION', sourceBlockchainId: THIS_CHAIN_ID, destinationBlockchainId: OTHER_CHAIN_ID,
      messenger: MESSENGER, messageNonce: 1n, originSender: ALICE, destinationAddress: BOB, requiredGasLimit: 100_000n, feeToken: TOKEN, feeAmount: 0n,
      deliverer: undefined, rewardRedeemer: undefined,
    }]);
  });

  run('answers undefined for an unknown hash', async () => {
    expect(await getEvmTransactionDetail(t.db, chain.id, filled(0xee, 32))).toBeUndefined();
  });

  run('labels the contracts among the addresses it shows', async () => {
    const created = await getEvmTransactionDetail(t.db, chain.id, txHash(1n, 0));
    // a creation shows the contract it made as its recipient
    expect(created!.labels.get(labelKey(TOKEN))).toEqual({ ercType: 'ERC-20', name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6 });
    expect(created!.labels.has(labelKey(ALICE))).toBe(false);
    const internal = await getEvmTransactionDetail(t.db, chain.id, txHash(2n, 0));
    expect(internal!.labels.get(labelKey(NFT))).toMatchObject({ ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL' });
    expect(internal!.labels.has(labelKey(BOB))).toBe(false);
  });

  run('gives several details at once, each with its own rows', async () => {
    const hashes = [txHash(1n, 0), txHash(2n, 0), txHash(2n, 1), txHash(4n, 0), txHash(7n, 0), txHash(999n, 0)];
    const many = await getEvmTransactionDetails(t.db, chain.id, hashes);
    expect(many.size).toBe(5);
    for (const hash of hashes.slice(0, 5)) expect(many.get(labelKey(hash))).toEqual(await getEvmTransactionDetail(t.db, chain.id, hash));
    expect(many.has(labelKey(txHash(999n, 0)))).toBe(false);
  });

  run('needs no sequential scan', async () => {
    const plans = await plansOf(t.db, (q) => getEvmTransactionDetail(q, chain.id, txHash(2n, 1)));
    expect(plans).toHaveLength(1);
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan/);
      // the plan made once for any hash (a key lookup's), which the server reuses
      expect(plan).toMatch(/hash = ANY \(\$2\)/);
    }
  });
});
