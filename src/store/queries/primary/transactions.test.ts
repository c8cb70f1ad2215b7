import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexOf } from '../../../lib/hex.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import { emptyPrimaryRows, type Owners, type PrimaryRows } from '../../writers/primary/rows.js';
import { writePrimaryRows } from '../../writers/primary/write-primary-rows.js';
import { plansOf } from '../evm/plan.fixtures.js';
import { getPrimaryTransactions } from './transactions.js';

const serverUp = await postgresAvailable();
const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);
const owners = (...a: number[]): Owners => ({ locktime: 0n, threshold: 1, addresses: a.map(addr) });
const none = new Uint8Array(0);

describe.each(TEST_DATABASE_KINDS)('txs with the L1 validators and blockchains they name, on %s', (kind) => {
  let t: TestDatabase;
  let P: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: id(0xaa) });
    P = await ensureChain(t.db, { network, blockchainId: id(0), subnetId: id(0), vm: 'platform', name: 'P' });
    const rows = emptyPrimaryRows();
    const tx = (txId: Uint8Array, txType: string, index: number, details: PrimaryRows['txs'][number]['details']): PrimaryRows['txs'][number] => ({
      chain: P.id, txId, blockHeight: 1n, blockId: id(0x61), blockTimestamp: 100n, txIndex: index, txType, memo: none, bytes: new Uint8Array([9]), unsignedSize: 1,
      amounts: {}, details,
    });
    rows.blocks.push({ chain: P.id, height: 1n, blockId: id(0x61), parentId: id(0x60), blockType: 'BanffStandardBlock', timestamp: 100n, size: 10, innerSize: 10, txIds: [] });
    rows.txs.push(
      tx(id(0x31), 'IncreaseL1ValidatorBalanceTx', 0, { l1Validators: [{ validationId: id(0x71), nodeId: none, subnetId: none, balance: 200n }] }),
      tx(id(0x32), 'SetL1ValidatorWeightTx', 1, { l1Validators: [{ validationId: id(0x72), nodeId: none, subnetId: none, weight: 9n }] }),
      tx(id(0x33), 'ConvertSubnetToL1Tx', 2, {
        l1Validators: [
          { validationId: id(0x71), nodeId: addr(0x33), subnetId: id(0x15), weight: 20n, balance: 500n },
          { validationId: id(0x73), nodeId: addr(0x34), subnetId: id(0x15), weight: 30n, balance: 600n },
        ],
      }),
      tx(id(0x34), 'CreateChainTx', 3, { blockchain: { blockchainId: id(0x16), subnetId: id(0x15), name: 'indexed', vmId: id(5), fxIds: [] } }),
      tx(id(0x35), 'CreateChainTx', 4, { blockchain: { blockchainId: id(0x17), subnetId: id(0x15), name: 'not indexed', vmId: id(5), fxIds: [] } }),
      tx(id(0x36), 'BaseTx', 5, {}),
    );
    rows.blockchains.push({
      chain: P.id, blockchainId: id(0x16), subnetId: id(0x15), name: 'indexed', vmId: id(5), fxIds: [], genesisData: new Uint8Array([123, 125]), genesisJson: { config: { chainId: 7 } },
      blockHeight: 1n, blockTimestamp: 100n, genesis: false,
    });
    const validator = (validationId: Uint8Array, node: number, weight: bigint, balance: bigint, proofOfPossession?: Uint8Array) => ({
      chain: P.id, validationId, subnetId: id(0x15), nodeId: addr(node), weight, balance, blsPublicKey: Uint8Array.of(1), ...(proofOfPossession ? { proofOfPossession } : {}),
      remainingBalanceOwner: owners(4), deactivationOwner: owners(5), createdTxId: id(0x33), blockHeight: 1n, blockTimestamp: 100n,
    });
    rows.l1Validators.push(validator(id(0x71), 0x33, 20n, 500n, Uint8Array.of(2)), validator(id(0x73), 0x34, 30n, 600n));
    rows.l1Changes.push({ chain: P.id, validationId: id(0x71), txId: id(0x31), blockHeight: 1n, blockTimestamp: 100n, kind: 'balance', balanceIncrease: 200n });
    await t.db.transaction((q) => writePrimaryRows(q, rows));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('reads the current record of each L1 validator a tx names, with its paid-in balance', async () => {
    const [increase, setWeight, convert] = await getPrimaryTransactions(t.db, P.id, [id(0x31), id(0x32), id(0x33)]);
    expect([...increase!.l1ValidatorStates!.keys()]).toEqual([hexOf(id(0x71))]);
    expect(increase!.l1ValidatorStates!.get(hexOf(id(0x71)))).toEqual({
      validationId: id(0x71), nodeId: addr(0x33), subnetId: id(0x15), weight: 20n, balance: 700n, blsPublicKey: Uint8Array.of(1), proofOfPossession: Uint8Array.of(2), disabled: false,
    });
    // A validator the store does not have is left out.
    expect(setWeight!.l1ValidatorStates).toBeUndefined();
    expect([...convert!.l1ValidatorStates!.keys()].sort()).toEqual([hexOf(id(0x71)), hexOf(id(0x73))]);
    expect(convert!.l1ValidatorStates!.get(hexOf(id(0x73)))).not.toHaveProperty('proofOfPossession');
  });

  run('reads the genesis of the blockchain a CreateChainTx created', async () => {
    const [created, unknown, base] = await getPrimaryTransactions(t.db, P.id, [id(0x34), id(0x35), id(0x36)]);
    expect(created!.createdBlockchain).toEqual({ genesisData: new Uint8Array([123, 125]), genesisJson: { config: { chainId: 7 } } });
    expect(unknown!.createdBlockchain).toBeUndefined();
    expect(base).not.toHaveProperty('createdBlockchain');
    expect(base).not.toHaveProperty('l1ValidatorStates');
  });

  run('reads them in the tx rows\' statement, through indexes', async () => {
    const plans = await plansOf(t.db, (q) => getPrimaryTransactions(q, P.id, [id(0x31), id(0x33), id(0x34)]));
    // The tx rows (with the validators and blockchains) and their UTXOs: two statements, not four.
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
