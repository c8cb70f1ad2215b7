import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import type { ChainRef } from '../../registry.js';
import { ALICE, MULTI, NFT, writeSampleActivity } from '../../writers/evm/evm-batch.fixtures.js';
import { getEvmNftToken, getEvmNftTokens, nftTokenKey } from './nft-tokens.js';
import { plansOf } from './plan.fixtures.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('EVM NFT tokens on %s', (kind) => {
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

  run('gives an ERC-721 token with its owner, URI, collection and metadata columns', async () => {
    await t.db.query(
      `UPDATE evm_nft_tokens SET metadata_status = 'INDEXED', metadata_updated_at = 1700000100, metadata_attempts = 1, metadata_name = 'One',
         image_uri = 'ipfs://img', attributes = '[{"trait_type":"x","value":1}]' WHERE contract = $1`,
      [NFT],
    );
    expect(await getEvmNftToken(t.db, chain.id, NFT, 1n)).toEqual({
      contract: NFT, tokenId: 1n, ercType: 'ERC-721', tokenUri: 'ipfs://two', owner: ALICE, firstBlock: 2n, lastTransferBlock: 11n,
      contractName: 'Firn Collectibles', contractSymbol: 'FCOL',
      metadata: {
        status: 'INDEXED', updatedAt: 1_700_000_100, attempts: 1, error: undefined, name: 'One', symbol: undefined, imageUri: 'ipfs://img',
        description: undefined, animationUri: undefined, externalUrl: undefined, background: undefined, attributes: '[{"trait_type":"x","value":1}]',
        properties: undefined, decimals: undefined,
      },
    });
  });

  run('gives an ERC-1155 token without owner or collection fields', async () => {
    const token = await getEvmNftToken(t.db, chain.id, MULTI, 6n);
    expect(token).toMatchObject({ ercType: 'ERC-1155', tokenUri: 'multi://{id}', owner: undefined, contractName: undefined, metadata: { status: 'UNINDEXED' } });
  });

  run('answers undefined for a token never transferred', async () => {
    expect(await getEvmNftToken(t.db, chain.id, NFT, 2n)).toBeUndefined();
    expect(await getEvmNftToken(t.db, chain.id, NFT, 2n ** 256n - 1n)).toBeUndefined();
  });

  run('gives several tokens in one statement, leaving out the ones never transferred', async () => {
    const refs = [{ contract: NFT, tokenId: 1n }, { contract: MULTI, tokenId: 6n }, { contract: NFT, tokenId: 2n }];
    const found = await getEvmNftTokens(t.db, chain.id, refs);
    expect([...found.keys()].sort()).toEqual([nftTokenKey(refs[0]!), nftTokenKey(refs[1]!)].sort());
    expect(found.get(nftTokenKey(refs[1]!))).toEqual(await getEvmNftToken(t.db, chain.id, MULTI, 6n));
  });

  run('needs no sequential scan', async () => {
    const plans = await plansOf(t.db, (q) => getEvmNftTokens(q, chain.id, [{ contract: NFT, tokenId: 1n }, { contract: MULTI, tokenId: 6n }]));
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
