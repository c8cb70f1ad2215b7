import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../store/testing.js';
import { DEFAULT_METADATA_FETCH } from './fetch-token-metadata.js';
import { MetadataWorker } from './metadata-worker.js';

const serverUp = await postgresAvailable();
let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/1.json') return res.end(JSON.stringify({ name: 'One', image: 'ipfs://QmX' }));
    if (req.url === '/busy.json') return res.writeHead(429).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe.each(TEST_DATABASE_KINDS)('metadata worker on %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  beforeEach(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32) });
    chain = await ensureChain(t.db, { network, blockchainId: new Uint8Array(32).fill(3), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
  });
  afterEach(async () => {
    await t?.dispose();
  });

  const token = (id: number, uri: string | null) => [chain.id, new Uint8Array(20).fill(7), BigInt(id), 'ERC-721', uri, null, 1n, 1n];
  const columns = ['chain', 'contract', 'token_id', 'erc_type', 'token_uri', 'owner', 'first_block', 'last_transfer_block'];
  const status = async (id: number) =>
    (await t.db.query<{ metadata_status: string; metadata_name: string | null; image_uri: string | null; metadata_attempts: number }>(
      'SELECT metadata_status, metadata_name, image_uri, metadata_attempts FROM evm_nft_tokens WHERE token_id = $1', [id],
    )).rows[0]!;

  run('fetches what is due, records each outcome, and retries throttled ones only after their backoff', async () => {
    await t.db.copyRows('evm_nft_tokens', columns, [token(1, `${base}/1.json`), token(2, `${base}/busy.json`), token(3, null), token(4, 'ftp://x/4')]);
    let now = 1_000_000;
    const worker = new MetadataWorker(t.db, { fetch: { ...DEFAULT_METADATA_FETCH, allowPrivateAddresses: true, timeoutMs: 2000 }, now: () => now });
    expect(await worker.runOnce()).toBe(4);
    expect(await status(1)).toMatchObject({ metadata_status: 'INDEXED', metadata_name: 'One', image_uri: 'https://ipfs.io/ipfs/QmX' });
    expect(await status(2)).toMatchObject({ metadata_status: 'THROTTLED_TOKEN_URI', metadata_attempts: 1 });
    expect((await status(3)).metadata_status).toBe('MISSING_TOKEN');
    expect((await status(4)).metadata_status).toBe('INVALID_TOKEN_URI_SCHEME');
    const before = hits;
    expect(await worker.runOnce()).toBe(0);
    now += 121; // 2^1 minutes later the throttled token is due again
    expect(await worker.runOnce()).toBe(1);
    expect(hits).toBe(before + 1);
    expect((await status(2)).metadata_attempts).toBe(2);
  });
});
