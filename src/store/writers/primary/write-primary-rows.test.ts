import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/hash.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing.js';
import { listPrimaryBlocks, getPrimaryBlock, getPrimaryBlockById } from '../../queries/primary/blocks.js';
import { listDelegators, grossFromNet } from '../../queries/primary/delegators.js';
import { listL1Validators } from '../../queries/primary/l1-validators.js';
import { listSubnets } from '../../queries/primary/subnets.js';
import { getPrimaryTransaction, listPrimaryTransactions } from '../../queries/primary/transactions.js';
import { listValidators, listValidatorsOfNode } from '../../queries/primary/validators.js';
import { getAssets } from '../../queries/primary/assets.js';
import { emptyPrimaryRows, type Owners, type PrimaryRows, type UtxoRow } from './rows.js';
import { writePrimaryRows } from './write-primary-rows.js';

const serverUp = await postgresAvailable();
const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);
const owners = (...a: number[]): Owners => ({ locktime: 0n, threshold: 1, addresses: a.map(addr) });
const AVAX = id(0xaa);
const P_ID = id(0);
const X_ID = id(0x58);
const C_ID = id(0x43);
const LIMITS = { maxValidatorStake: 3_000_000n * 10n ** 9n, maxValidatorWeightFactor: 5n };

function utxo(chain: ChainRef, txId: Uint8Array, outputIndex: number, owner: Owners, amount: bigint, at: { height: bigint; time: bigint }, extra: Partial<UtxoRow> = {}): UtxoRow {
  // a distinct id per (tx, index), as the decoders compute it
  const utxoId = new Uint8Array(32);
  utxoId.set(txId.subarray(0, 28));
  new DataView(utxoId.buffer).setUint32(28, outputIndex);
  return {
    utxoId, chain: chain.id, txId, outputIndex, creatingTxId: txId, createdOn: chain.blockchainId, consumableOn: chain.blockchainId,
    blockHeight: at.height, blockTimestamp: at.time, assetId: AVAX, outputType: 'transfer', amount, locktime: owner.locktime, threshold: owner.threshold,
    addresses: owner.addresses, staked: false, bytes: new Uint8Array([1, 2, 3]), ...extra,
  };
}

function tx(chain: ChainRef, txId: Uint8Array, txType: string, at: { height: bigint; time: bigint; index: number }, extra: Partial<PrimaryRows['txs'][number]> = {}): PrimaryRows['txs'][number] {
  return {
    chain: chain.id, txId, blockHeight: at.height, blockId: id(Number(at.height)), blockTimestamp: at.time, txIndex: at.index, txType, memo: new Uint8Array(0),
    bytes: new Uint8Array([9]), unsignedSize: 1, amounts: {}, details: {}, ...extra,
  };
}

function block(chain: ChainRef, height: bigint, time: bigint, txIds: Uint8Array[], blockType = 'BanffStandardBlock'): PrimaryRows['blocks'][number] {
  return { chain: chain.id, height, blockId: id(Number(height)), parentId: id(Number(height) - 1), blockType, timestamp: time, size: 100, innerSize: 90, txIds };
}

describe.each(TEST_DATABASE_KINDS)('primary-network writer and queries on %s', (kind) => {
  let t: TestDatabase;
  let P: ChainRef;
  let X: ChainRef;
  let C: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX });
    P = await ensureChain(t.db, { network, blockchainId: P_ID, subnetId: P_ID, vm: 'platform', name: 'P' });
    X = await ensureChain(t.db, { network, blockchainId: X_ID, subnetId: P_ID, vm: 'avm', name: 'X' });
    C = await ensureChain(t.db, { network, blockchainId: C_ID, subnetId: P_ID, vm: 'evm', evmChainId: 43112n, name: 'C' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const importTx = id(0x11);
  const exportTx = id(0x21);
  const baseX = id(0x22);
  const validatorTx = id(0x12);
  const delegatorTx = id(0x13);
  const rewardTx = id(0x14);
  const subnetTx = id(0x15);
  const chainTx = id(0x16);
  const convertTx = id(0x17);
  const transferTx = id(0x18);
  const validationId = id(0x71);

  run('links an import written before the export it spends, and the export written after', async () => {
    // The P-chain imports what the X-chain exported, and its batch is written first.
    const p = emptyPrimaryRows();
    const pAt = { height: 1n, time: 1000n, index: 0 };
    p.blocks.push(block(P, 1n, 1000n, [importTx]));
    p.txs.push(tx(P, importTx, 'ImportTx', pAt, { sourceChain: X_ID, amounts: { value: [{ assetId: AVAX, amount: 9n }], burned: [{ assetId: AVAX, amount: 1n }] } }));
    const exported = utxo(X, exportTx, 1, owners(0xa1), 10n, { height: 2n, time: 990n }, { consumableOn: P_ID });
    p.spends.push({
      utxoId: exported.utxoId, chain: P.id, consumingTxId: importTx, inputIndex: 0, blockHeight: 1n, blockTimestamp: 1000n, consumedOn: P_ID, createdOn: X_ID,
      txId: exportTx, outputIndex: 1, assetId: AVAX, amount: 10n,
    });
    p.utxos.push(utxo(P, importTx, 0, owners(0xb1), 9n, pAt));
    p.addressTxs.push({ chain: P.id, address: addr(0xb1), blockHeight: 1n, txIndex: 0, txId: importTx, txType: 'ImportTx', blockTimestamp: 1000n });
    await t.db.transaction((q) => writePrimaryRows(q, p));

    const x = emptyPrimaryRows();
    x.blocks.push(block(X, 1n, 980n, [baseX], 'StandardBlock'), block(X, 2n, 990n, [exportTx], 'StandardBlock'));
    x.txs.push(tx(X, baseX, 'BaseTx', { height: 1n, time: 980n, index: 0 }), tx(X, exportTx, 'ExportTx', { height: 2n, time: 990n, index: 0 }, { destinationChain: P_ID }));
    x.utxos.push(utxo(X, baseX, 0, owners(0xa1), 20n, { height: 1n, time: 980n }), utxo(X, exportTx, 0, owners(0xa1), 5n, { height: 2n, time: 990n }), exported);
    x.spends.push({
      utxoId: x.utxos[0]!.utxoId, chain: X.id, consumingTxId: exportTx, inputIndex: 0, blockHeight: 2n, blockTimestamp: 990n, consumedOn: X_ID, createdOn: X_ID,
      txId: baseX, outputIndex: 0, assetId: AVAX, amount: 20n, credentials: [{ signature: new Uint8Array(65).fill(3) }],
    });
    x.addressTxs.push(
      { chain: X.id, address: addr(0xa1), blockHeight: 1n, txIndex: 0, txId: baseX, txType: 'BaseTx', blockTimestamp: 980n },
      { chain: X.id, address: addr(0xa1), blockHeight: 2n, txIndex: 0, txId: exportTx, txType: 'ExportTx', blockTimestamp: 990n },
    );
    x.assets.push({ chain: X.id, assetId: id(0xcc), name: 'Firn', symbol: 'FIRN', denomination: 6, cap: 'variable', assetType: 'secp256k1', createTxId: id(0xcc), blockHeight: 1n, blockTimestamp: 980n, genesis: false });
    await t.db.transaction((q) => writePrimaryRows(q, x));

    const byA = await listPrimaryTransactions(t.db, { chain: P.id, addresses: [addr(0xa1)] });
    expect(byA.items.map((i) => i.txId)).toEqual([importTx]);
    const imported = byA.items[0]!;
    expect(imported.consumedUtxos).toHaveLength(1);
    expect(imported.consumedUtxos[0]!.created?.chain).toBe(X.id);
    expect(imported.consumedUtxos[0]!.created?.addresses).toEqual([addr(0xa1)]);
    expect(imported.consumedUtxos[0]!.consumed?.chain).toBe(P.id);
    expect(imported.emittedUtxos.map((u) => u.amount)).toEqual([9n]);
    expect(imported.amounts).toEqual({ value: [{ assetId: AVAX, amount: 9n }], burned: [{ assetId: AVAX, amount: 1n }] });

    // The X side: the export emitted two UTXOs, the second consumed on P.
    const xTxs = await listPrimaryTransactions(t.db, { chain: X.id, addresses: [addr(0xa1)], sortOrder: 'asc' });
    expect(xTxs.items.map((i) => i.txId)).toEqual([baseX, exportTx]);
    const exportRow = xTxs.items[1]!;
    expect(exportRow.emittedUtxos.map((u) => [u.outputIndex, u.consumed?.txId])).toEqual([[0, undefined], [1, importTx]]);
    expect(exportRow.consumedUtxos[0]!.consumed?.credentials?.[0]?.signature).toEqual(new Uint8Array(65).fill(3));
    const assets = await getAssets(t.db, P.network.id, [AVAX, id(0xcc)]);
    expect(assets.get(Buffer.from(id(0xcc)).toString('hex'))?.symbol).toBe('FIRN');
    expect(assets.get(Buffer.from(AVAX).toString('hex'))?.symbol).toBe('AVAX');
  });

  run("lists a tx's UTXOs in output and input order, whatever order they were written in", async () => {
    const spender = id(0x31);
    const source = id(0x32);
    const at = { height: 10n, time: 2000n, index: 0 };
    const rows = emptyPrimaryRows();
    rows.blocks.push(block(X, 10n, 2000n, [source, spender], 'StandardBlock'));
    rows.txs.push(tx(X, source, 'BaseTx', at), tx(X, spender, 'BaseTx', { ...at, index: 1 }));
    const sourceOutputs = [0, 1, 2].map((i) => utxo(X, source, i, owners(0xa2), 100n + BigInt(i), at));
    for (const i of [2, 0, 1]) rows.utxos.push(utxo(X, spender, i, owners(0xa3), BigInt(i + 1), at));
    rows.utxos.push(...sourceOutputs);
    for (const input of [2, 0, 1]) {
      const spent = sourceOutputs[2 - input]!;
      rows.spends.push({
        utxoId: spent.utxoId, chain: X.id, consumingTxId: spender, inputIndex: input, blockHeight: 10n, blockTimestamp: 2000n, consumedOn: X_ID, createdOn: X_ID,
        txId: source, outputIndex: spent.outputIndex, assetId: AVAX, amount: spent.amount,
      });
    }
    await t.db.transaction((q) => writePrimaryRows(q, rows));
    const got = await getPrimaryTransaction(t.db, X.id, spender);
    expect(got?.emittedUtxos.map((u) => u.outputIndex)).toEqual([0, 1, 2]);
    expect(got?.consumedUtxos.map((u) => u.outputIndex)).toEqual([2, 1, 0]);
  });

  run('reads the owners packed with a UTXO, and from primary_utxo_owners in rows written before they were', async () => {
    const owned = id(0x34);
    const at = { height: 30n, time: 4000n, index: 0 };
    const rows = emptyPrimaryRows();
    rows.blocks.push(block(X, 30n, 4000n, [owned], 'StandardBlock'));
    rows.txs.push(tx(X, owned, 'BaseTx', at));
    rows.utxos.push(
      utxo(X, owned, 0, { locktime: 0n, threshold: 2, addresses: [addr(0xc3), addr(0xc1), addr(0xc2), addr(0xc1)] }, 1n, at),
      utxo(X, owned, 1, { locktime: 0n, threshold: 0, addresses: [] }, 2n, at),
    );
    await t.db.transaction((q) => writePrimaryRows(q, rows));
    const owners = async () => (await getPrimaryTransaction(t.db, X.id, owned))?.emittedUtxos.map((u) => u.created?.addresses);
    const expected = [[addr(0xc1), addr(0xc2), addr(0xc3)], []];
    expect(await owners()).toEqual(expected);
    const { rows: packed } = await t.db.query<{ owners: Uint8Array }>('SELECT owners FROM primary_utxos WHERE creating_tx_id = $1 AND output_index = 0', [Buffer.from(owned)]);
    expect(new Uint8Array(packed[0]!.owners)).toEqual(new Uint8Array([...addr(0xc1), ...addr(0xc2), ...addr(0xc3)]));
    await t.db.query('UPDATE primary_utxos SET owners = NULL WHERE creating_tx_id = $1', [Buffer.from(owned)]);
    expect(await owners()).toEqual(expected);
  });

  run('recovers the keys of C-chain export inputs stored without them (older rows) from the tx bytes', async () => {
    const exportC = id(0x33);
    const signer = sha256(new TextEncoder().encode('export input signer'));
    const signedPart = Uint8Array.of(4, 5, 6);
    const recovered = secp256k1.sign(sha256(signedPart), signer, { prehash: false, format: 'recovered' });
    const signature = new Uint8Array([...recovered.subarray(1), recovered[0]!]);
    const at = { height: 20n, time: 3000n, index: 0 };
    const rows = emptyPrimaryRows();
    rows.txs.push(tx(C, exportC, 'ExportTx', at, {
      bytes: new Uint8Array([...signedPart, 0xee, 0xee]), unsignedSize: signedPart.length,
      details: { evmInputs: [{ address: addr(0xe1), assetId: AVAX, amount: 5n, nonce: 1n, credentials: [{ signature }] }] },
    }));
    await t.db.transaction((q) => writePrimaryRows(q, rows));
    const got = await getPrimaryTransaction(t.db, C.id, exportC);
    expect(got?.details.evmInputs?.[0]?.credentials).toEqual([{ signature, publicKey: secp256k1.getPublicKey(signer, true) }]);
  });

  run('stores stakers and ends them with their rewards', async () => {
    const rows = emptyPrimaryRows();
    rows.blocks.push(block(P, 2n, 2000n, [validatorTx, delegatorTx]));
    rows.txs.push(
      tx(P, validatorTx, 'AddPermissionlessValidatorTx', { height: 2n, time: 2000n, index: 0 }, { nodeId: addr(0x51), weight: 2000n }),
      tx(P, delegatorTx, 'AddPermissionlessDelegatorTx', { height: 2n, time: 2000n, index: 1 }, { nodeId: addr(0x51), weight: 500n }),
    );
    const common = { chain: P.id, nodeId: addr(0x51), subnetId: P_ID, blockHeight: 2n, blockTimestamp: 2000n, genesis: false };
    rows.stakers.push(
      { ...common, txId: validatorTx, txType: 'AddPermissionlessValidatorTx', kind: 'validator', startTime: 2000n, endTime: 5000n, weight: 2000n, delegationShares: 20_000,
        rewardOwner: owners(0xc1), delegationRewardOwner: owners(0xc2), bls: { publicKey: new Uint8Array(48).fill(1), proofOfPossession: new Uint8Array(96).fill(2) }, txIndex: 0 },
      { ...common, txId: delegatorTx, txType: 'AddPermissionlessDelegatorTx', kind: 'delegator', startTime: 2000n, endTime: 4000n, weight: 500n, rewardOwner: owners(0xd1), txIndex: 1 },
    );
    rows.utxos.push(utxo(P, validatorTx, 1, owners(0xc9), 2000n, { height: 2n, time: 2000n }, { staked: true, stakeStart: 2000n, stakeEnd: 5000n }));
    rows.snapshots.push({ chain: P.id, txId: validatorTx, observedAt: 2100n, uptime: 99.5, connected: true, potentialReward: 77n });
    // A genesis validator known from the node's APIs.
    rows.known.stakers.push({ ...common, txId: id(0x99), txType: 'AddValidatorTx', kind: 'validator', nodeId: addr(0x52), startTime: 10n, endTime: 9000n, weight: 100n, delegationShares: 20_000, blockHeight: 0n, blockTimestamp: 10n, txIndex: 0, genesis: true });
    await t.db.transaction((q) => writePrimaryRows(q, rows));

    const active = await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, status: 'active' });
    expect(active.items.map((v) => v.txId)).toEqual([validatorTx, id(0x99)]);
    const v = active.items[0]!;
    expect(v).toMatchObject({ delegatorCount: 1, amountDelegated: 500n, activeDelegated: 500n, uptime: 99.5, potentialReward: 77n, timeRemaining: 2000n, delegationShares: 20_000 });
    expect(v.delegationCapacity).toBe(2000n * 5n - 2000n - 500n);
    expect(active.totalActiveStake).toBe(2600n);
    expect((await listValidators(t.db, { chain: P.id, now: 1000n, limits: LIMITS, status: 'pending' })).items.map((x) => x.txId)).toEqual([validatorTx]);

    // Sorting and filters.
    const byCapacity = await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, sortBy: 'delegationCapacity', sortOrder: 'asc', pageSize: 1 });
    expect(byCapacity.items.map((x) => x.txId)).toEqual([id(0x99)]);
    const second = await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, sortBy: 'delegationCapacity', sortOrder: 'asc', pageSize: 1, cursor: byCapacity.next! });
    expect(second.items.map((x) => x.txId)).toEqual([validatorTx]);
    expect(second.next).toBeUndefined();
    expect((await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, minDelegationCapacity: 1000n })).items.map((x) => x.txId)).toEqual([validatorTx]);
    expect((await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, maxTimeRemaining: 2500n })).items.map((x) => x.txId)).toEqual([validatorTx]);
    expect((await listValidators(t.db, { chain: P.id, now: 3000n, limits: LIMITS, minUptimePerformance: 99.9 })).items.map((x) => x.txId)).toEqual([id(0x99)]);
    const nodeText = (await listValidatorsOfNode(t.db, { chain: P.id, now: 3000n, limits: LIMITS, nodeId: addr(0x51) })).items;
    expect(nodeText.map((x) => x.txId)).toEqual([validatorTx]);

    const delegators = await listDelegators(t.db, { chain: P.id, now: 3000n, rewardAddresses: [addr(0xd1)] });
    expect(delegators.items.map((d) => [d.txId, d.status, d.validatorDelegationShares])).toEqual([[delegatorTx, 'active', 20_000]]);
    expect((await listDelegators(t.db, { chain: P.id, now: 3000n, rewardAddresses: [addr(0xc1)] })).items).toEqual([]);

    // The delegator is rewarded.
    const end = emptyPrimaryRows();
    end.blocks.push(block(P, 3n, 4000n, [rewardTx], 'BanffProposalBlock'));
    end.txs.push(tx(P, rewardTx, 'RewardValidatorTx', { height: 3n, time: 4000n, index: 0 }, { stakingTxId: delegatorTx }));
    end.utxos.push(utxo(P, delegatorTx, 2, owners(0xd1), 49n, { height: 3n, time: 4000n }, { creatingTxId: rewardTx, rewardType: 'DELEGATOR' }));
    end.stakerEnds.push({ chain: P.id, stakingTxId: delegatorTx, kind: 'rewarded', txId: rewardTx, blockHeight: 3n, blockTimestamp: 4000n, delegatorReward: 49n, delegationFees: 0n, validationReward: 0n });
    await t.db.transaction((q) => writePrimaryRows(q, end));
    const done = await listDelegators(t.db, { chain: P.id, now: 4500n, status: 'completed' });
    expect(done.items.map((d) => [d.txId, d.netReward, d.grossReward])).toEqual([[delegatorTx, 49n, grossFromNet(49n, 20_000)]]);
    const reward = await getPrimaryTransaction(t.db, P.id, rewardTx);
    expect(reward?.emittedUtxos.map((u) => [u.created?.rewardType, u.amount])).toEqual([['DELEGATOR', 49n]]);
    expect(reward?.staker).toMatchObject({ stakingTxId: delegatorTx, endKind: 'rewarded', delegatorReward: 49n });

    // Ending a staker twice, or one the store does not have, fails the batch.
    await expect(t.db.transaction((q) => writePrimaryRows(q, { ...emptyPrimaryRows(), stakerEnds: end.stakerEnds }))).rejects.toThrow(/not stored, or already ended/);
    // Writing a block twice fails loudly.
    await expect(t.db.transaction((q) => writePrimaryRows(q, { ...emptyPrimaryRows(), blocks: end.blocks }))).rejects.toThrow(/duplicate key/);
  });

  run('keeps subnets, their blockchains and owner changes, L1 conversions and L1 validators', async () => {
    const rows = emptyPrimaryRows();
    rows.known.subnets.push({ chain: P.id, subnetId: P_ID, blockHeight: 0n, txIndex: 0, blockTimestamp: 10n, owner: { locktime: 0n, threshold: 0, addresses: [] } });
    rows.known.blockchains.push({ chain: P.id, blockchainId: X_ID, subnetId: P_ID, name: 'X-Chain', vmId: id(0x61), fxIds: [], genesisData: new Uint8Array(0), blockHeight: 0n, blockTimestamp: 10n, genesis: true });
    rows.blocks.push(block(P, 4n, 5000n, [subnetTx, chainTx, transferTx, convertTx]));
    const at = (index: number) => ({ height: 4n, time: 5000n, index });
    rows.txs.push(tx(P, subnetTx, 'CreateSubnetTx', at(0)), tx(P, chainTx, 'CreateChainTx', at(1)), tx(P, transferTx, 'TransferSubnetOwnershipTx', at(2)),
      tx(P, convertTx, 'ConvertSubnetToL1Tx', at(3), { details: { l1Manager: { blockchainId: chainTx, address: addr(0xee) } } }));
    rows.subnets.push({ chain: P.id, subnetId: subnetTx, blockHeight: 4n, txIndex: 0, blockTimestamp: 5000n, owner: owners(0xe1) });
    rows.blockchains.push({ chain: P.id, blockchainId: chainTx, subnetId: subnetTx, name: 'mine', vmId: id(0x62), fxIds: [id(0x63)], genesisData: new TextEncoder().encode('{"config":{"chainId":99}}'),
      genesisJson: { config: { chainId: 99 } }, evmChainId: 99n, blockHeight: 4n, blockTimestamp: 5000n, genesis: false });
    rows.subnetChanges.push(
      { chain: P.id, subnetId: subnetTx, txId: transferTx, blockHeight: 4n, blockTimestamp: 5000n, owner: owners(0xe2) },
      { chain: P.id, subnetId: subnetTx, txId: convertTx, blockHeight: 4n, blockTimestamp: 5000n, conversion: { conversionId: id(0x64), managerChainId: chainTx, managerAddress: addr(0xee) } },
    );
    rows.l1Validators.push({
      chain: P.id, validationId, subnetId: subnetTx, nodeId: addr(0x53), weight: 100n, balance: 1000n, blsPublicKey: new Uint8Array(48).fill(4),
      remainingBalanceOwner: owners(0xe3), deactivationOwner: owners(0xe4), createdTxId: convertTx, blockHeight: 4n, blockTimestamp: 5000n,
    });
    rows.l1ValidationTxs.push({ chain: P.id, validationId, blockHeight: 4n, txIndex: 3, txId: convertTx, txType: 'ConvertSubnetToL1Tx', blockTimestamp: 5000n });
    await t.db.transaction((q) => writePrimaryRows(q, rows));

    const subnets = await listSubnets(t.db, { chain: P.id });
    expect(subnets.items.map((s) => s.subnetId)).toEqual([subnetTx, P_ID]);
    const s = subnets.items[0]!;
    expect(s.owner.addresses).toEqual([addr(0xe1)]);
    expect(s.currentOwner.addresses).toEqual([addr(0xe2)]);
    expect(s).toMatchObject({ isL1: true, conversionTxId: convertTx, managerChainId: chainTx, managerAddress: addr(0xee) });
    expect(s.blockchains.map((b) => [b.name, b.evmChainId, b.genesisJson])).toEqual([['mine', 99n, { config: { chainId: 99 } }]]);
    expect(subnets.items[1]!.blockchains.map((b) => b.name)).toEqual(['X-Chain']);
    const asc = await listSubnets(t.db, { chain: P.id, sortOrder: 'asc', pageSize: 1 });
    expect(asc.items.map((x) => x.subnetId)).toEqual([P_ID]);
    expect((await listSubnets(t.db, { chain: P.id, sortOrder: 'asc', pageSize: 1, cursor: asc.next! })).items.map((x) => x.subnetId)).toEqual([subnetTx]);

    // The L1 validator gets more balance, then is disabled.
    const later = emptyPrimaryRows();
    later.blocks.push(block(P, 5n, 6000n, [id(0x19), id(0x1a)]));
    later.txs.push(tx(P, id(0x19), 'IncreaseL1ValidatorBalanceTx', { height: 5n, time: 6000n, index: 0 }), tx(P, id(0x1a), 'DisableL1ValidatorTx', { height: 5n, time: 6000n, index: 1 }));
    later.l1Changes.push(
      { chain: P.id, validationId, txId: id(0x19), blockHeight: 5n, blockTimestamp: 6000n, kind: 'balance', balanceIncrease: 500n },
      { chain: P.id, validationId, txId: id(0x1a), blockHeight: 5n, blockTimestamp: 6000n, kind: 'disable' },
    );
    later.l1ValidationTxs.push(
      { chain: P.id, validationId, blockHeight: 5n, txIndex: 0, txId: id(0x19), txType: 'IncreaseL1ValidatorBalanceTx', blockTimestamp: 6000n },
      { chain: P.id, validationId, blockHeight: 5n, txIndex: 1, txId: id(0x1a), txType: 'DisableL1ValidatorTx', blockTimestamp: 6000n },
    );
    await t.db.transaction((q) => writePrimaryRows(q, later));
    expect((await listL1Validators(t.db, { chain: P.id })).items).toEqual([]);
    const all = await listL1Validators(t.db, { chain: P.id, includeInactive: true, subnetId: subnetTx });
    expect(all.blockHeight).toBe(5n);
    expect(all.items.map((v) => [v.balance, v.active, v.disabledTxId])).toEqual([[1500n, false, id(0x1a)]]);
    const l1Txs = await listPrimaryTransactions(t.db, { chain: P.id, l1ValidationId: validationId, sortOrder: 'asc' });
    expect(l1Txs.items.map((x) => x.txType)).toEqual(['ConvertSubnetToL1Tx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx']);
    expect((await listPrimaryTransactions(t.db, { chain: P.id, l1ValidationId: validationId, txTypes: ['DisableL1ValidatorTx'] })).items.map((x) => x.txId)).toEqual([id(0x1a)]);
  });

  run('pages txs and blocks by keyset, with type and time filters', async () => {
    const page1 = await listPrimaryTransactions(t.db, { chain: P.id, pageSize: 3 });
    expect(page1.items.map((x) => [x.blockHeight, x.txIndex])).toEqual([[5n, 1], [5n, 0], [4n, 3]]);
    const page2 = await listPrimaryTransactions(t.db, { chain: P.id, pageSize: 3, cursor: page1.next! });
    expect(page2.items.map((x) => [x.blockHeight, x.txIndex])).toEqual([[4n, 2], [4n, 1], [4n, 0]]);
    const types = await listPrimaryTransactions(t.db, { chain: P.id, txTypes: ['ImportTx', 'RewardValidatorTx'] });
    expect(types.items.map((x) => x.txType)).toEqual(['RewardValidatorTx', 'ImportTx']);
    const timed = await listPrimaryTransactions(t.db, { chain: P.id, startTimestamp: 2000n, endTimestamp: 4000n, sortOrder: 'asc' });
    expect(timed.items.map((x) => x.blockHeight)).toEqual([2n, 2n, 3n]);
    expect((await listPrimaryTransactions(t.db, { chain: P.id, startTimestamp: 7000n })).items).toEqual([]);

    const blocks = await listPrimaryBlocks(t.db, { chain: P.id, pageSize: 2 });
    expect(blocks.items.map((b) => [b.height, b.txIds.length])).toEqual([[5n, 2], [4n, 4]]);
    expect((await listPrimaryBlocks(t.db, { chain: P.id, pageSize: 2, cursor: blocks.next! })).items.map((b) => b.height)).toEqual([3n, 2n]);
    expect((await listPrimaryBlocks(t.db, { chain: P.id, startTimestamp: 1500n, endTimestamp: 4500n, sortOrder: 'asc' })).items.map((b) => b.height)).toEqual([2n, 3n]);
    const second = await getPrimaryBlock(t.db, P.id, 2n);
    expect(second?.txIds).toEqual([validatorTx, delegatorTx]);
    expect(await getPrimaryBlockById(t.db, P.id, second!.blockId)).toEqual(second);
    expect(C.id).toBeGreaterThan(0);
  });
});
