import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import { emptyPrimaryRows, type Owners } from '../../writers/primary/rows.js';
import { writePrimaryRows } from '../../writers/primary/write-primary-rows.js';
import { hexOf } from '../../../lib/hex.js';
import { plansOf } from '../evm/plan.fixtures.js';
import { getPrimaryBlock, getPrimaryBlockById, getPrimaryBlocksByHeight, getPrimaryBlocksById } from '../primary/blocks.js';
import { activeStakeBySubnet } from './active-stake.js';
import { nodeHasValidations } from './node-validations.js';
import { getSubnet, getSubnets } from './subnet-by-id.js';

const serverUp = await postgresAvailable();
const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);
const owners = (...a: number[]): Owners => ({ locktime: 0n, threshold: 1, addresses: a.map(addr) });

describe.each(TEST_DATABASE_KINDS)('primary-api lookups on %s', (kind) => {
  let t: TestDatabase;
  let P: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: id(0xaa) });
    P = await ensureChain(t.db, { network, blockchainId: id(0), subnetId: id(0), vm: 'platform', name: 'P' });
    const rows = emptyPrimaryRows();
    rows.blocks.push(
      { chain: P.id, height: 1n, blockId: id(0x61), parentId: id(0x60), blockType: 'BanffStandardBlock', timestamp: 100n, size: 10, innerSize: 10, txIds: [] },
      { chain: P.id, height: 2n, blockId: id(0x63), parentId: id(0x61), blockType: 'BanffStandardBlock', timestamp: 101n, size: 10, innerSize: 10, txIds: [] },
    );
    const staker = (txId: Uint8Array, kind: 'validator' | 'delegator' | 'subnet-validator', node: number, subnet: Uint8Array, weight: bigint, start: bigint, end: bigint, txIndex: number) => ({
      chain: P.id, txId, txType: 'AddPermissionlessValidatorTx', kind, nodeId: addr(node), subnetId: subnet, startTime: start, endTime: end, weight, blockHeight: 1n, txIndex,
      blockTimestamp: 100n, genesis: false,
    });
    rows.stakers.push(
      staker(id(1), 'validator', 0x66, id(0), 100n, 100n, 1000n, 0),
      staker(id(2), 'delegator', 0x66, id(0), 30n, 100n, 500n, 1),
      staker(id(3), 'validator', 0x67, id(0), 50n, 600n, 900n, 2),
      staker(id(4), 'subnet-validator', 0x66, id(0x15), 7n, 100n, 1000n, 3),
    );
    rows.subnets.push({ chain: P.id, subnetId: id(0x15), blockHeight: 1n, txIndex: 4, blockTimestamp: 100n, owner: owners(1) });
    rows.subnetChanges.push({ chain: P.id, subnetId: id(0x15), txId: id(0x18), blockHeight: 1n, blockTimestamp: 100n, owner: owners(2, 3) });
    rows.blockchains.push({ chain: P.id, blockchainId: id(0x16), subnetId: id(0x15), name: 'indexed', vmId: id(5), fxIds: [], genesisData: new Uint8Array([123, 125]), genesisJson: {}, blockHeight: 1n, blockTimestamp: 100n, genesis: false });
    rows.l1Validators.push({
      chain: P.id, validationId: id(0x71), subnetId: id(0x15), nodeId: addr(0x33), weight: 20n, balance: 500n, blsPublicKey: Uint8Array.of(1), proofOfPossession: Uint8Array.of(2),
      remainingBalanceOwner: owners(4), deactivationOwner: owners(5), createdTxId: id(0x17), blockHeight: 1n, blockTimestamp: 100n,
    });
    rows.l1Changes.push({ chain: P.id, validationId: id(0x71), txId: id(0x19), blockHeight: 1n, blockTimestamp: 100n, kind: 'balance', balanceIncrease: 200n });
    await t.db.transaction((q) => writePrimaryRows(q, rows));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('finds blocks by id', async () => {
    expect((await getPrimaryBlockById(t.db, P.id, id(0x61)))?.height).toBe(1n);
    expect(await getPrimaryBlockById(t.db, P.id, id(0x62))).toBeUndefined();
  });

  run('finds several blocks in one statement, by height or by id, leaving out the ones it does not have', async () => {
    const byId = await getPrimaryBlocksById(t.db, P.id, [id(0x61), id(0x62), id(0x63)]);
    expect([...byId].map(([key, b]) => [key, b.height])).toEqual(expect.arrayContaining([[hexOf(id(0x61)), 1n], [hexOf(id(0x63)), 2n]]));
    expect(byId.size).toBe(2);
    const byHeight = await getPrimaryBlocksByHeight(t.db, P.id, [1n, 2n, 5n]);
    expect([...byHeight.keys()].sort()).toEqual(['1', '2']);
    expect(byHeight.get('2')?.blockId).toEqual(id(0x63));
    expect(await getPrimaryBlock(t.db, P.id, 2n)).toEqual(byHeight.get('2'));
    const plans = await plansOf(t.db, async (q) => {
      await getPrimaryBlocksById(q, P.id, [id(0x61), id(0x63)]);
      await getPrimaryBlocksByHeight(q, P.id, [1n, 2n]);
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });

  run('knows which nodes validated', async () => {
    expect(await nodeHasValidations(t.db, P.id, addr(0x66))).toBe(true);
    expect(await nodeHasValidations(t.db, P.id, addr(0x68))).toBe(false);
  });

  run('finds one subnet with its current owner and blockchains', async () => {
    const s = await getSubnet(t.db, P.id, id(0x15));
    expect(s).toMatchObject({ owner: owners(1), currentOwner: owners(2, 3), isL1: false, blockHeight: 1n, txIndex: 4 });
    expect(s!.blockchains.map((b) => b.name)).toEqual(['indexed']);
    expect(await getSubnet(t.db, P.id, id(0x14))).toBeUndefined();
    const several = await getSubnets(t.db, P.id, [id(0x14), id(0x15)]);
    expect([...several.keys()]).toEqual([hexOf(id(0x15))]);
    expect(several.get(hexOf(id(0x15)))).toEqual(s);
    const plans = await plansOf(t.db, (q) => getSubnets(q, P.id, [id(0x14), id(0x15)]));
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });

  run('sums the weight staking at an instant per subnet', async () => {
    const at = async (now: bigint) => Object.fromEntries([...(await activeStakeBySubnet(t.db, P.id, now, [id(0), id(0x15)])).entries()].map(([k, v]) => [k.slice(0, 4), v]));
    expect(await at(200n)).toEqual({ '0000': 130n, '1515': 7n });
    expect(await at(700n)).toEqual({ '0000': 150n, '1515': 7n });
    expect(await at(1000n)).toEqual({});
  });
});
