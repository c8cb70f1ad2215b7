import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../store/testing.js';
import { listPrimaryBlocks } from '../../store/queries/primary/blocks.js';
import { listDelegators } from '../../store/queries/primary/delegators.js';
import { listL1Validators } from '../../store/queries/primary/l1-validators.js';
import { listSubnets } from '../../store/queries/primary/subnets.js';
import { getPrimaryTransaction, listPrimaryTransactions } from '../../store/queries/primary/transactions.js';
import { listValidators } from '../../store/queries/primary/validators.js';
import { loadFixture, startFakeNode, type FakeNode } from '../../../test/fixtures/avalanchego/fake-node.js';
import {
  AVAX_ID, DELEGATOR_REWARD_OWNER, OTHER, P_CHAIN_ID, platformTxs, STAKING_CERT, T0, X_CHAIN_ID,
} from '../../../test/fixtures/avalanchego/generate.js';
import { ripemd160 } from '../../lib/hash.js';
import { PlatformBlockStream } from './platform-block-stream.js';

const serverUp = await postgresAvailable();
const LIMITS = { maxValidatorStake: 3_000_000n * 10n ** 9n, maxValidatorWeightFactor: 5n };
const txs = platformTxs();

async function pChain(db: TestDatabase['db']): Promise<ChainRef> {
  const network = await ensureNetwork(db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX_ID });
  return ensureChain(db, { network, blockchainId: P_CHAIN_ID, subnetId: P_CHAIN_ID, vm: 'platform', name: 'P' });
}

/** Runs the stream over the fixture chain in the given ranges, each batch in its own transaction, as the follower would. */
async function index(t: TestDatabase, node: FakeNode, ranges: [bigint, bigint][], mode?: 'by-height'): Promise<ChainRef> {
  const chain = await pChain(t.db);
  const stream = new PlatformBlockStream(chain, { nodeUrl: node.url, now: () => T0 + 4000n, ...(mode ? { mode } : {}), rpc: { retries: 0 } });
  expect(await stream.head()).toBe(8n);
  let previous: Uint8Array | undefined;
  for (const [from, to] of ranges) {
    const batch = await stream.fetch(from, to);
    const summary = stream.summarize(batch);
    expect([summary.firstHeight, summary.lastHeight]).toEqual([from, to]);
    if (previous) expect(summary.firstParentHash).toEqual(previous);
    previous = summary.lastHash;
    await t.db.transaction((q) => stream.write(q, batch));
  }
  return chain;
}

describe.each(TEST_DATABASE_KINDS)('PlatformBlockStream into %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let node: FakeNode;
  beforeAll(async () => {
    node = await startFakeNode(loadFixture('p-chain.avalanchego.json'));
  });
  afterAll(async () => {
    await node?.close();
  });

  run('indexes every block, tx, UTXO, staker, subnet and L1 validator of the chain', async () => {
    const t = await openTestDatabase(kind);
    try {
      const P = await index(t, node, [[1n, 3n], [4n, 8n]]);
      const blocks = await listPrimaryBlocks(t.db, { chain: P.id, pageSize: 10, sortOrder: 'asc' });
      expect(blocks.items.map((b) => [b.height, b.blockType, b.timestamp, b.txCount])).toEqual([
        [1n, 'BanffStandardBlock', T0 + 10n, 2], [2n, 'BanffStandardBlock', T0 + 20n, 2], [3n, 'BanffProposalBlock', T0 + 1820n, 2], [4n, 'BanffCommitBlock', T0 + 1820n, 0],
        [5n, 'BanffStandardBlock', T0 + 1830n, 3], [6n, 'BanffStandardBlock', T0 + 1840n, 4], [7n, 'BanffProposalBlock', T0 + 3620n, 1], [8n, 'BanffAbortBlock', T0 + 3620n, 0],
      ]);
      expect(blocks.items[2]!).toMatchObject({ proposerNodeId: ripemd160(sha256(STAKING_CERT)), proposerPChainHeight: 2n, proposerTimestamp: T0 + 1820n });
      expect(blocks.items[2]!.txIds).toEqual([sha256(txs.importTx), blocks.items[2]!.txIds[1]]);

      const all = await listPrimaryTransactions(t.db, { chain: P.id, pageSize: 100, sortOrder: 'asc' });
      expect(all.items.map((x) => x.txType)).toEqual([
        'BaseTx', 'CreateSubnetTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'ImportTx', 'RewardValidatorTx', 'CreateChainTx',
        'TransferSubnetOwnershipTx', 'ExportTx', 'ConvertSubnetToL1Tx', 'IncreaseL1ValidatorBalanceTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx', 'RewardValidatorTx',
      ]);
      const base = all.items[0]!;
      expect(new TextDecoder().decode(base.memo)).toBe('firn fixture');
      expect(base.amounts.burned).toEqual([{ assetId: AVAX_ID, amount: 1_000_000_000n }]);
      expect(base.emittedUtxos.map((u) => [u.outputIndex, u.amount, u.created?.addresses])).toEqual([[0, 40_000_000_000n, [OTHER]], [1, 59_000_000_000n, [base.emittedUtxos[1]!.created!.addresses[0]]]]);
      const validator = all.items[2]!;
      expect(validator.amounts.staked).toEqual([{ assetId: AVAX_ID, amount: 2_000_000_000_000n }]);
      expect(validator.emittedUtxos.map((u) => [u.outputIndex, u.created?.staked, u.created?.stakeStart, u.created?.stakeEnd])).toEqual([[0, false, undefined, undefined], [1, true, T0 + 20n, T0 + 3620n]]);
      expect(validator.details.bls?.publicKey).toHaveLength(48);
      expect(validator.staker).toMatchObject({ endKind: 'not-rewarded' });
      const imported = all.items[4]!;
      expect(imported.sourceChain).toEqual(X_CHAIN_ID);
      expect(imported.consumedUtxos.map((u) => [u.createdOn, u.outputIndex, u.amount, u.created])).toEqual([[X_CHAIN_ID, 1, 10_000_000_000n, undefined]]);
      const reward = all.items[5]!;
      expect(reward.stakingTxId).toEqual(sha256(txs.delegator));
      expect(reward.emittedUtxos.map((u) => [u.txId, u.outputIndex, u.amount, u.created?.rewardType, u.created?.addresses])).toEqual([
        [sha256(txs.delegator), 2, 5_000_000n, 'DELEGATOR', [DELEGATOR_REWARD_OWNER]],
      ]);
      const exported = all.items[8]!;
      expect(exported.emittedUtxos.map((u) => [u.outputIndex, u.created?.consumableOn])).toEqual([[0, P_CHAIN_ID], [1, X_CHAIN_ID]]);
      expect(all.items[9]!.amounts.l1Burned).toEqual([{ assetId: AVAX_ID, amount: 5_000_000_000n }]);
      expect(all.items[11]!.details.l1Validators?.[0]).toMatchObject({ weight: 250n, nonce: 1n });

      const byOther = await listPrimaryTransactions(t.db, { chain: P.id, addresses: [OTHER] });
      expect(byOther.items.map((x) => x.txType)).toEqual(['ConvertSubnetToL1Tx', 'ExportTx', 'TransferSubnetOwnershipTx', 'BaseTx']);

      const validators = await listValidators(t.db, { chain: P.id, now: T0 + 4000n, limits: LIMITS });
      expect(validators.items.map((v) => [v.status, v.delegatorCount, v.amountDelegated, v.endTxId !== undefined])).toEqual([['completed', 1, 25_000_000_000n, true]]);
      const delegators = await listDelegators(t.db, { chain: P.id, now: T0 + 4000n });
      expect(delegators.items.map((d) => [d.status, d.netReward, d.validatorDelegationShares])).toEqual([['completed', 5_000_000n, 20_000]]);

      const subnets = await listSubnets(t.db, { chain: P.id });
      expect(subnets.items.map((s) => [idToString(s.subnetId), s.isL1, s.blockchains.map((b) => [b.name, b.evmChainId ?? null])])).toEqual([
        [idToString(sha256(txs.createSubnet)), true, [['fixture-evm', 99999n]]],
        [idToString(P_CHAIN_ID), false, [['X-Chain', null]]],
      ]);
      expect(subnets.items[0]!.currentOwner.addresses).toEqual([OTHER]);
      const l1 = await listL1Validators(t.db, { chain: P.id, includeInactive: true });
      expect(l1.items.map((v) => [v.weight, v.balance, v.active])).toEqual([[250n, 6_000_000_000n, false]]);
      expect((await getPrimaryTransaction(t.db, P.id, sha256(txs.increase)))?.details.l1Validators?.[0]?.balance).toBe(1_000_000_000n);
    } finally {
      await t.dispose();
    }
  });

  run('stores the same rows from getBlockByHeight (without proposer details) as from the index, in one batch', async () => {
    const bare = await startFakeNode(loadFixture('p-chain.avalanchego.json'), { noIndex: true });
    const a = await openTestDatabase(kind);
    const b = await openTestDatabase(kind);
    try {
      const P1 = await index(a, node, [[1n, 8n]]);
      const P2 = await index(b, bare, [[1n, 2n], [3n, 3n], [4n, 8n]], 'by-height');
      const dump = async (t: TestDatabase, chain: number) => (await t.db.query(
        `SELECT tx_id, block_height, tx_type, amounts, details FROM primary_txs WHERE chain = $1 ORDER BY block_height, tx_index`, [chain])).rows;
      expect(await dump(b, P2.id)).toEqual(await dump(a, P1.id));
      const utxos = async (t: TestDatabase) => (await t.db.query('SELECT utxo_id, amount, reward_type, staked FROM primary_utxos ORDER BY utxo_id')).rows;
      expect(await utxos(b)).toEqual(await utxos(a));
      const proposers = async (t: TestDatabase, chain: number) => (await t.db.query('SELECT count(proposer_id) AS n FROM primary_blocks WHERE chain = $1', [chain])).rows[0]!.n;
      expect(Number(await proposers(a, P1.id))).toBe(8);
      expect(Number(await proposers(b, P2.id))).toBe(0);
    } finally {
      await a.dispose();
      await b.dispose();
      await bare.close();
    }
  });
});
