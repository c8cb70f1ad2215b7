import { nodeIdToString } from '../../../lib/cb58.js';
import type { Queryable } from '../../database/database.js';
import { toJson } from './json-values.js';
import type {
  AddressTxRow, AssetRow, BlockchainRow, PrimaryRows, StakerRow, SubnetRow, UtxoRow,
} from './rows.js';
import { copyIgnoringDuplicates, lockAtomicLinks, withValues } from './sql-values.js';
import { sameBytes } from '../../../lib/bytes.js';
import { packOwners } from './packed-owners.js';

/**
 * Writes one batch of primary-network rows inside the caller's transaction: bulk COPY for new rows, set-based
 * UPDATEs for state that changes (stakers ending, subnet owners, L1 validators), and the cross-chain links
 * between atomic exports and the imports that spend them (whichever side is written second makes the link).
 */
export async function writePrimaryRows(db: Queryable, rows: PrimaryRows): Promise<void> {
  await db.copyRows('primary_blocks', BLOCK_COLUMNS, rows.blocks.map((b) => [
    b.chain, b.height, b.blockId, b.parentId, b.blockType, b.timestamp, b.size, b.innerSize, b.txIds.length,
    b.proposerId, b.proposerParentId, b.proposerNodeId, b.proposerPChainHeight, b.proposerTimestamp, b.acceptedAt, b.currentSupply,
  ]));
  await db.copyRows('primary_txs', TX_COLUMNS, rows.txs.map((t) => [
    t.chain, t.txId, t.blockHeight, t.blockId, t.blockTimestamp, t.txIndex, t.txType, t.memo, t.bytes, t.unsignedSize, t.sourceChain, t.destinationChain,
    t.nodeId, t.subnetId, t.startTime, t.endTime, t.weight, t.delegationShares, t.stakingTxId, toJson(t.amounts), toJson(t.details),
  ]));
  await copyUtxos(db, rows.utxos, false);
  await copyUtxos(db, rows.known.utxos, true);
  await db.copyRows('primary_utxo_spends', SPEND_COLUMNS, rows.spends.map((s) => [
    s.utxoId, s.chain, s.consumingTxId, s.inputIndex, s.blockHeight, s.blockTimestamp, s.consumedOn, s.createdOn, s.txId, s.outputIndex,
    s.assetId, s.amount, s.stakeableLocktime, s.credentials ? toJson(s.credentials) : null,
  ]));
  await db.copyRows('primary_address_txs', ADDRESS_TX_COLUMNS, uniqueAddressTxs(rows.addressTxs).map(addressTxValues));
  await linkAtomicAddresses(db, rows);

  await copyStakers(db, rows.stakers, false);
  await copyStakers(db, rows.known.stakers, true);
  await endStakers(db, rows);
  await applySnapshots(db, rows);

  await copySubnets(db, rows.subnets, false);
  await copySubnets(db, rows.known.subnets, true);
  await changeSubnets(db, rows);
  await copyBlockchains(db, rows.blockchains, false);
  await copyBlockchains(db, rows.known.blockchains, true);

  await db.copyRows('primary_l1_validators', L1_COLUMNS, rows.l1Validators.map((v) => [
    v.chain, v.validationId, v.subnetId, v.nodeId, v.weight, v.balance, v.blsPublicKey, v.proofOfPossession,
    toJson(v.remainingBalanceOwner), toJson(v.deactivationOwner), v.createdTxId, v.blockHeight, v.blockTimestamp, v.blockHeight,
  ]));
  await changeL1Validators(db, rows);
  await db.copyRows('primary_l1_validation_txs', ['chain', 'validation_id', 'block_height', 'tx_index', 'tx_id', 'tx_type', 'block_timestamp'],
    rows.l1ValidationTxs.map((r) => [r.chain, r.validationId, r.blockHeight, r.txIndex, r.txId, r.txType, r.blockTimestamp]));

  await copyAssets(db, rows.assets, false);
  await copyAssets(db, rows.known.assets, true);
}

const BLOCK_COLUMNS = [
  'chain', 'height', 'block_id', 'parent_id', 'block_type', 'block_timestamp', 'size', 'inner_size', 'tx_count',
  'proposer_id', 'proposer_parent_id', 'proposer_node_id', 'proposer_p_chain_height', 'proposer_timestamp', 'accepted_at', 'current_supply',
];
const TX_COLUMNS = [
  'chain', 'tx_id', 'block_height', 'block_id', 'block_timestamp', 'tx_index', 'tx_type', 'memo', 'bytes', 'unsigned_size', 'source_chain', 'destination_chain',
  'node_id', 'subnet_id', 'start_time', 'end_time', 'weight', 'delegation_shares', 'staking_tx_id', 'amounts', 'details',
];
const UTXO_COLUMNS = [
  'utxo_id', 'chain', 'tx_id', 'output_index', 'creating_tx_id', 'created_on', 'consumable_on', 'block_height', 'block_timestamp', 'asset_id',
  'output_type', 'amount', 'locktime', 'threshold', 'stakeable_locktime', 'staked', 'stake_start', 'stake_end', 'reward_type', 'group_id',
  'payload', 'bytes', 'owners',
];
const SPEND_COLUMNS = [
  'utxo_id', 'chain', 'consuming_tx_id', 'input_index', 'block_height', 'block_timestamp', 'consumed_on', 'created_on', 'tx_id', 'output_index',
  'asset_id', 'amount', 'stakeable_locktime', 'credentials',
];
const ADDRESS_TX_COLUMNS = ['chain', 'address', 'block_height', 'tx_index', 'tx_id', 'tx_type', 'block_timestamp'];
const STAKER_COLUMNS = [
  'chain', 'tx_id', 'tx_type', 'kind', 'node_id', 'node_id_text', 'subnet_id', 'start_time', 'end_time', 'weight', 'delegation_shares',
  'reward_owner', 'delegation_reward_owner', 'bls_public_key', 'bls_proof_of_possession', 'block_height', 'tx_index', 'block_timestamp', 'genesis',
];
const SUBNET_COLUMNS = ['chain', 'subnet_id', 'block_height', 'tx_index', 'block_timestamp', 'owner', 'current_owner'];
const BLOCKCHAIN_COLUMNS = [
  'chain', 'blockchain_id', 'subnet_id', 'name', 'vm_id', 'fx_ids', 'genesis_data', 'genesis_json', 'evm_chain_id', 'block_height',
  'block_timestamp', 'genesis',
];
const L1_COLUMNS = [
  'chain', 'validation_id', 'subnet_id', 'node_id', 'weight', 'initial_balance', 'bls_public_key', 'bls_proof_of_possession',
  'remaining_balance_owner', 'deactivation_owner', 'created_tx_id', 'block_height', 'block_timestamp', 'updated_height',
];
const ASSET_COLUMNS = ['chain', 'asset_id', 'name', 'symbol', 'denomination', 'cap', 'asset_type', 'create_tx_id', 'block_height', 'block_timestamp', 'genesis'];

async function copyUtxos(db: Queryable, utxos: readonly UtxoRow[], known: boolean): Promise<void> {
  const values = utxos.map((u) => [
    u.utxoId, u.chain, u.txId, u.outputIndex, u.creatingTxId, u.createdOn, u.consumableOn, u.blockHeight, u.blockTimestamp, u.assetId,
    u.outputType, u.amount, u.locktime, u.threshold, u.stakeableLocktime, u.staked, u.stakeStart, u.stakeEnd, u.rewardType, u.groupId,
    u.payload, u.bytes, packOwners(u.addresses),
  ]);
  const owners: unknown[][] = [];
  for (const u of utxos) {
    const seen = new Set<string>();
    for (const a of u.addresses) {
      const key = Buffer.from(a).toString('hex');
      if (seen.has(key)) continue;
      seen.add(key);
      owners.push([u.utxoId, a, u.chain]);
    }
  }
  if (known) {
    await copyIgnoringDuplicates(db, 'primary_utxos', UTXO_COLUMNS, values);
    await copyIgnoringDuplicates(db, 'primary_utxo_owners', ['utxo_id', 'address', 'chain'], owners);
  } else {
    await db.copyRows('primary_utxos', UTXO_COLUMNS, values);
    await db.copyRows('primary_utxo_owners', ['utxo_id', 'address', 'chain'], owners);
  }
}

function uniqueAddressTxs(rows: readonly AddressTxRow[]): AddressTxRow[] {
  const seen = new Set<string>();
  const out: AddressTxRow[] = [];
  for (const r of rows) {
    const key = `${r.chain}:${Buffer.from(r.address).toString('hex')}:${r.blockHeight}:${r.txIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

function addressTxValues(r: AddressTxRow): unknown[] {
  return [r.chain, r.address, r.blockHeight, r.txIndex, r.txId, r.txType, r.blockTimestamp];
}

function heightRange(list: readonly { chain: number; blockHeight: bigint }[]): { chain: number; from: bigint; to: bigint }[] {
  const byChain = new Map<number, { chain: number; from: bigint; to: bigint }>();
  for (const r of list) {
    const range = byChain.get(r.chain);
    if (!range) byChain.set(r.chain, { chain: r.chain, from: r.blockHeight, to: r.blockHeight });
    else {
      if (r.blockHeight < range.from) range.from = r.blockHeight;
      if (r.blockHeight > range.to) range.to = r.blockHeight;
    }
  }
  return [...byChain.values()];
}

/**
 * A tx involves the owners of the UTXOs it consumes. Those UTXOs may come from another chain (imports) that is
 * indexed before or after this one, so both directions are linked: this batch's spends to UTXOs already stored,
 * and this batch's exported UTXOs to spends already stored.
 */
async function linkAtomicAddresses(db: Queryable, rows: PrimaryRows): Promise<void> {
  const exported = rows.utxos.filter((u) => !sameBytes(u.createdOn, u.consumableOn));
  if (rows.spends.length === 0 && exported.length === 0) return;
  await lockAtomicLinks(db);
  for (const r of heightRange(rows.spends)) {
    await db.query(
      `INSERT INTO primary_address_txs (chain, address, block_height, tx_index, tx_id, tx_type, block_timestamp)
       SELECT DISTINCT t.chain, o.address, t.block_height, t.tx_index, t.tx_id, t.tx_type, t.block_timestamp
       FROM primary_utxo_spends s
       JOIN primary_utxo_owners o ON o.utxo_id = s.utxo_id
       JOIN primary_txs t ON t.chain = s.chain AND t.tx_id = s.consuming_tx_id
       WHERE s.chain = $1 AND s.block_height BETWEEN $2 AND $3
       ON CONFLICT DO NOTHING`,
      [r.chain, r.from.toString(), r.to.toString()],
    );
  }
  for (const r of heightRange(exported)) {
    await db.query(
      `INSERT INTO primary_address_txs (chain, address, block_height, tx_index, tx_id, tx_type, block_timestamp)
       SELECT DISTINCT t.chain, o.address, t.block_height, t.tx_index, t.tx_id, t.tx_type, t.block_timestamp
       FROM primary_utxos u
       JOIN primary_utxo_spends s ON s.utxo_id = u.utxo_id
       JOIN primary_utxo_owners o ON o.utxo_id = u.utxo_id
       JOIN primary_txs t ON t.chain = s.chain AND t.tx_id = s.consuming_tx_id
       WHERE u.chain = $1 AND u.block_height BETWEEN $2 AND $3 AND u.consumable_on <> u.created_on
       ON CONFLICT DO NOTHING`,
      [r.chain, r.from.toString(), r.to.toString()],
    );
  }
}

async function copyStakers(db: Queryable, stakers: readonly StakerRow[], known: boolean): Promise<void> {
  const values = stakers.map((s) => [
    s.chain, s.txId, s.txType, s.kind, s.nodeId, nodeIdToString(s.nodeId), s.subnetId, s.startTime, s.endTime, s.weight, s.delegationShares,
    s.rewardOwner ? toJson(s.rewardOwner) : null, s.delegationRewardOwner ? toJson(s.delegationRewardOwner) : null,
    s.bls?.publicKey, s.bls?.proofOfPossession, s.blockHeight, s.txIndex, s.blockTimestamp, s.genesis,
  ]);
  const addresses: unknown[][] = [];
  for (const s of stakers) {
    const seen = new Set<string>();
    for (const a of [...(s.rewardOwner?.addresses ?? []), ...(s.delegationRewardOwner?.addresses ?? [])]) {
      const key = Buffer.from(a).toString('hex');
      if (seen.has(key)) continue;
      seen.add(key);
      addresses.push([s.chain, a, s.txId]);
    }
  }
  if (known) {
    await copyIgnoringDuplicates(db, 'primary_stakers', STAKER_COLUMNS, values);
    await copyIgnoringDuplicates(db, 'primary_staker_reward_addresses', ['chain', 'address', 'tx_id'], addresses);
  } else {
    await db.copyRows('primary_stakers', STAKER_COLUMNS, values);
    await db.copyRows('primary_staker_reward_addresses', ['chain', 'address', 'tx_id'], addresses);
  }
}

async function endStakers(db: Queryable, rows: PrimaryRows): Promise<void> {
  const byTx = rows.stakerEnds.filter((e) => e.stakingTxId);
  if (byTx.length > 0) {
    const updated = await withValues(
      db,
      byTx.map((e) => [e.chain, e.stakingTxId, e.kind, e.txId, e.blockHeight, e.blockTimestamp, e.validationReward, e.delegationFees, e.delegatorReward]),
      ['integer', 'bytea', 'text', 'bytea', 'bigint', 'bigint', 'numeric', 'numeric', 'numeric'],
      (values) => `UPDATE primary_stakers p SET end_kind = v.kind, end_tx_id = v.tx_id, end_height = v.height, end_timestamp = v.ts,
         validation_reward = v.vr, delegation_fees = v.df, delegator_reward = v.dr
         FROM ${values} AS v(chain, staking_tx_id, kind, tx_id, height, ts, vr, df, dr)
         WHERE p.chain = v.chain AND p.tx_id = v.staking_tx_id AND p.end_kind IS NULL`,
    );
    // Every staker a reward ends must be stored, unless the node could not show its staking tx (then it may never have been).
    const required = byTx.filter((e) => !e.stakerUnknown).length;
    if (updated < required) {
      throw new Error(`${byTx.length - updated} of ${byTx.length} stakers ended in this batch are not stored, or already ended`);
    }
  }
  // RemoveSubnetValidatorTx names a node and subnet: it ends that node's open permissioned validation there.
  for (const e of rows.stakerEnds) {
    if (!e.removed) continue;
    await db.query(
      `UPDATE primary_stakers SET end_kind = 'removed', end_tx_id = $4, end_height = $5, end_timestamp = $6
       WHERE chain = $1 AND node_id = $2 AND subnet_id = $3 AND kind = 'subnet-validator' AND end_kind IS NULL`,
      [e.chain, e.removed.nodeId, e.removed.subnetId, e.txId, e.blockHeight.toString(), e.blockTimestamp.toString()],
    );
  }
}

async function applySnapshots(db: Queryable, rows: PrimaryRows): Promise<void> {
  if (rows.snapshots.length === 0) return;
  await withValues(
    db,
    rows.snapshots.map((s) => [s.chain, s.txId, s.observedAt, s.startTime, s.uptime, s.connected, s.potentialReward, s.accruedDelegateeReward]),
    ['integer', 'bytea', 'bigint', 'bigint', 'double precision', 'boolean', 'numeric', 'numeric'],
    (values) => `UPDATE primary_stakers p SET snapshot_at = v.at, start_time = COALESCE(v.start_time, p.start_time),
       uptime = COALESCE(v.uptime, p.uptime), connected = COALESCE(v.connected, p.connected),
       potential_reward = COALESCE(v.potential_reward, p.potential_reward),
       accrued_delegatee_reward = COALESCE(v.accrued, p.accrued_delegatee_reward)
       FROM ${values} AS v(chain, tx_id, at, start_time, uptime, connected, potential_reward, accrued)
       WHERE p.chain = v.chain AND p.tx_id = v.tx_id AND p.end_kind IS NULL`,
  );
}

async function copySubnets(db: Queryable, subnets: readonly SubnetRow[], known: boolean): Promise<void> {
  const values = subnets.map((s) => [s.chain, s.subnetId, s.blockHeight, s.txIndex, s.blockTimestamp, toJson(s.owner), toJson(s.owner)]);
  if (known) await copyIgnoringDuplicates(db, 'primary_subnets', SUBNET_COLUMNS, values);
  else await db.copyRows('primary_subnets', SUBNET_COLUMNS, values);
}

async function changeSubnets(db: Queryable, rows: PrimaryRows): Promise<void> {
  // In order: a batch may transfer a subnet twice.
  for (const c of rows.subnetChanges) {
    const result = c.owner
      ? await db.query('UPDATE primary_subnets SET current_owner = $3, owner_tx_id = $4 WHERE chain = $1 AND subnet_id = $2',
        [c.chain, c.subnetId, JSON.stringify(toJson(c.owner)), c.txId])
      : await db.query(
        `UPDATE primary_subnets SET conversion_tx_id = $3, conversion_id = $4, manager_chain_id = $5, manager_address = $6, converted_at = $7
         WHERE chain = $1 AND subnet_id = $2`,
        [c.chain, c.subnetId, c.txId, c.conversion?.conversionId, c.conversion?.managerChainId, c.conversion?.managerAddress, c.blockTimestamp.toString()],
      );
    if (result.rowCount !== 1) throw new Error(`subnet changed by tx at height ${c.blockHeight} is not stored`);
  }
}

async function copyBlockchains(db: Queryable, chains: readonly BlockchainRow[], known: boolean): Promise<void> {
  const values = chains.map((b) => [
    b.chain, b.blockchainId, b.subnetId, b.name, b.vmId, toJson(b.fxIds), b.genesisData, b.genesisJson ?? null,
    b.evmChainId, b.blockHeight, b.blockTimestamp, b.genesis,
  ]);
  if (known) await copyIgnoringDuplicates(db, 'primary_blockchains', BLOCKCHAIN_COLUMNS, values);
  else await db.copyRows('primary_blockchains', BLOCKCHAIN_COLUMNS, values);
}

async function changeL1Validators(db: Queryable, rows: PrimaryRows): Promise<void> {
  for (const c of rows.l1Changes) {
    const h = c.blockHeight.toString();
    let result;
    if (c.kind === 'weight') {
      result = await db.query(
        `UPDATE primary_l1_validators SET weight = $3, weight_nonce = $4, updated_height = $5,
           disabled_at = CASE WHEN $3::numeric = 0 THEN $6::bigint ELSE disabled_at END,
           disabled_tx_id = CASE WHEN $3::numeric = 0 THEN $7::bytea ELSE disabled_tx_id END
         WHERE chain = $1 AND validation_id = $2`,
        [c.chain, c.validationId, (c.weight ?? 0n).toString(), c.nonce?.toString() ?? null, h, c.blockTimestamp.toString(), c.txId],
      );
    } else if (c.kind === 'balance') {
      result = await db.query('UPDATE primary_l1_validators SET balance_added = balance_added + $3, updated_height = $4 WHERE chain = $1 AND validation_id = $2',
        [c.chain, c.validationId, (c.balanceIncrease ?? 0n).toString(), h]);
    } else {
      result = await db.query('UPDATE primary_l1_validators SET disabled_tx_id = $3, disabled_at = $4, updated_height = $5 WHERE chain = $1 AND validation_id = $2',
        [c.chain, c.validationId, c.txId, c.blockTimestamp.toString(), h]);
    }
    // A change to a validator registered before the indexed range (or on a network whose conversion we missed) has nothing to update.
    void result;
  }
}

async function copyAssets(db: Queryable, assets: readonly AssetRow[], known: boolean): Promise<void> {
  const values = assets.map((a) => [a.chain, a.assetId, a.name, a.symbol, a.denomination, a.cap, a.assetType, a.createTxId, a.blockHeight, a.blockTimestamp, a.genesis]);
  if (known) await copyIgnoringDuplicates(db, 'primary_assets', ASSET_COLUMNS, values);
  else await db.copyRows('primary_assets', ASSET_COLUMNS, values);
}

