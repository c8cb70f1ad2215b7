import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash.js';
import { ensureChain, ensureNetwork } from '../../store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS } from '../../store/testing.js';
import { getAssets } from '../../store/queries/primary/assets.js';
import { listPrimaryBlocks } from '../../store/queries/primary/blocks.js';
import { listPrimaryTransactions } from '../../store/queries/primary/transactions.js';
import { loadFixture, startFakeNode, type FakeNode } from '../../../test/fixtures/avalanchego/fake-node.js';
import { AVAX_ID, OTHER, OWNER, P_CHAIN_ID, T0, X_CHAIN_ID } from '../../../test/fixtures/avalanchego/generate.js';
import { AvmBlockStream } from './avm-block-stream.js';

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('AvmBlockStream into %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let node: FakeNode;
  beforeAll(async () => {
    node = await startFakeNode(loadFixture('x-chain.avalanchego.json'), {
      extra: { 'avm.getAssetDescription': () => ({ assetID: 'x', name: 'Avalanche', symbol: 'AVAX', denomination: '9' }) },
    });
  });
  afterAll(async () => {
    await node?.close();
  });

  run('indexes blocks, txs, UTXOs, exports on the destination side and assets', async () => {
    const t = await openTestDatabase(kind);
    try {
      const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX_ID });
      const X = await ensureChain(t.db, { network, blockchainId: X_CHAIN_ID, subnetId: P_CHAIN_ID, vm: 'avm', name: 'X' });
      const stream = new AvmBlockStream(X, { nodeUrl: node.url, rpc: { retries: 0 } });
      expect(await stream.head()).toBe(3n);
      for (const [from, to] of [[1n, 2n], [3n, 3n]] as const) {
        const batch = await stream.fetch(from, to);
        await t.db.transaction((q) => stream.write(q, batch));
      }
      const blocks = await listPrimaryBlocks(t.db, { chain: X.id, sortOrder: 'asc' });
      expect(blocks.items.map((b) => [b.height, b.blockType, b.timestamp, b.txCount, b.proposerNodeId !== undefined])).toEqual([
        [1n, 'StandardBlock', T0 + 5n, 2, true], [2n, 'StandardBlock', T0 + 6n, 1, true], [3n, 'StandardBlock', T0 + 7n, 1, true],
      ]);
      const txs = await listPrimaryTransactions(t.db, { chain: X.id, sortOrder: 'asc' });
      expect(txs.items.map((x) => x.txType)).toEqual(['BaseTx', 'CreateAssetTx', 'ExportTx', 'ImportTx']);
      const [base, create, exp, imp] = txs.items;
      expect(new TextDecoder().decode(base!.memo)).toBe('x fixture');
      expect(base!.amounts).toEqual({ unlocked: [{ assetId: AVAX_ID, amount: 50_000_000_000n }], created: [{ assetId: AVAX_ID, amount: 49_000_000_000n }] });
      expect(base!.consumedUtxos[0]!.consumed?.credentials?.[0]?.publicKey).toHaveLength(33);
      expect(create!.details.asset).toEqual({ name: 'Fixture Token', symbol: 'FXT', denomination: 4, cap: 'variable', type: 'secp256k1' });
      expect(create!.emittedUtxos.map((u) => [u.outputIndex, u.created?.outputType, u.assetId])).toEqual([
        [0, 'transfer', AVAX_ID], [1, 'mint', create!.txId], [2, 'transfer', create!.txId],
      ]);
      expect(exp!.destinationChain).toEqual(P_CHAIN_ID);
      expect(exp!.emittedUtxos.map((u) => [u.outputIndex, u.created?.consumableOn])).toEqual([[0, X_CHAIN_ID], [1, P_CHAIN_ID]]);
      expect(imp!.consumedUtxos.map((u) => [u.createdOn, u.outputIndex])).toEqual([[X_CHAIN_ID, 0], [P_CHAIN_ID, 1]]);
      expect((await listPrimaryTransactions(t.db, { chain: X.id, addresses: [OTHER] })).items.map((x) => x.txType)).toEqual(['BaseTx']);
      expect((await listPrimaryTransactions(t.db, { chain: X.id, addresses: [OWNER] })).items).toHaveLength(4);
      const assets = await getAssets(t.db, network.id, [AVAX_ID, create!.txId]);
      expect([...assets.values()].map((a) => [a.symbol, a.cap, a.createdAt])).toEqual(expect.arrayContaining([['AVAX', 'fixed', T0 + 5n], ['FXT', 'variable', T0 + 5n]]));
      const { rows: stored } = await t.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM primary_txs WHERE chain = $1 AND tx_id = $2', [X.id, Buffer.from(create!.txId)]);
      expect(sha256(new Uint8Array(stored[0]!.bytes))).toEqual(create!.txId);
    } finally {
      await t.dispose();
    }
  });
});
