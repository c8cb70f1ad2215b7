import type { Queryable } from '../../database/database.js';
import type { Owners } from '../../writers/primary/rows.js';
import { big, bytes, clampPageSize, maybeBig, maybeNumber, maybeOwners, pageOf, Params, type Page, type SortOrder } from './common.js';

export type DelegationStatus = 'completed' | 'active' | 'pending';

export interface DelegatorQuery {
  chain: number;
  now: bigint;
  rewardAddresses?: readonly Uint8Array[];
  nodeIds?: readonly Uint8Array[];
  status?: DelegationStatus;
  sortOrder?: SortOrder;
  pageSize?: number;
  cursor?: DelegatorCursor;
}

export interface DelegatorCursor {
  blockHeight: bigint;
  txIndex: number;
}

export interface Delegator {
  txId: Uint8Array;
  txType: string;
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  status: DelegationStatus;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
  rewardOwner?: Owners;
  /** The validator's delegation fee (parts per million) for the validation the delegation is in. */
  validatorDelegationShares?: number;
  blockHeight: bigint;
  txIndex: number;
  blockTimestamp: bigint;
  endTxId?: Uint8Array;
  /** What the delegator received (completed) and what the node expects it to earn before the fee (active). */
  netReward?: bigint;
  grossReward?: bigint;
  potentialReward?: bigint;
}

type Row = Record<string, unknown>;

/** Delegations (primary network and elastic subnets), newest first by default. */
export async function listDelegators(db: Queryable, q: DelegatorQuery): Promise<Page<Delegator, DelegatorCursor>> {
  const pageSize = clampPageSize(q.pageSize);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const now = `${p.add(q.now)}::bigint`;
  const where = [`d.chain = ${p.add(q.chain)}`, `d.kind = 'delegator'`];
  if (q.nodeIds && q.nodeIds.length > 0) where.push(`d.node_id IN (${p.list(q.nodeIds)})`);
  if (q.rewardAddresses && q.rewardAddresses.length > 0) {
    where.push(`EXISTS (SELECT 1 FROM primary_staker_reward_addresses a WHERE a.chain = d.chain AND a.tx_id = d.tx_id AND a.address IN (${p.list(q.rewardAddresses)}))`);
  }
  if (q.status === 'completed') where.push('d.end_kind IS NOT NULL');
  if (q.status === 'active') where.push(`d.end_kind IS NULL AND d.start_time <= ${now}`);
  if (q.status === 'pending') where.push(`d.end_kind IS NULL AND d.start_time > ${now}`);
  const dir = desc ? 'DESC' : 'ASC';
  if (q.cursor) where.push(`(d.block_height, d.tx_index) ${desc ? '<' : '>'} (${p.add(q.cursor.blockHeight)}::bigint, ${p.add(q.cursor.txIndex)}::integer)`);
  const { rows } = await db.query<Row>(
    `SELECT d.*, CASE WHEN d.end_kind IS NOT NULL THEN 'completed' WHEN d.start_time > ${now} THEN 'pending' ELSE 'active' END AS status,
       (SELECT v.delegation_shares FROM primary_stakers v
        WHERE v.chain = d.chain AND v.node_id = d.node_id AND v.kind IN ('validator', 'auto-renewed-validator') AND v.subnet_id = d.subnet_id
          AND v.start_time <= d.start_time AND v.end_time >= d.end_time
        ORDER BY v.start_time DESC LIMIT 1) AS validator_shares
     FROM primary_stakers d WHERE ${where.join(' AND ')}
     ORDER BY d.block_height ${dir}, d.tx_index ${dir} LIMIT ${pageSize + 1}`,
    p.values,
  );
  return pageOf(rows, pageSize, delegatorOf, (r): DelegatorCursor => ({ blockHeight: big(r.block_height), txIndex: Number(r.tx_index) }));
}

function delegatorOf(r: Row): Delegator {
  const d: Delegator = {
    txId: bytes(r.tx_id), txType: r.tx_type as string, nodeId: bytes(r.node_id), subnetId: bytes(r.subnet_id), status: r.status as DelegationStatus,
    startTime: big(r.start_time), endTime: big(r.end_time), weight: big(r.weight), blockHeight: big(r.block_height), txIndex: Number(r.tx_index),
    blockTimestamp: big(r.block_timestamp),
  };
  const owner = maybeOwners(r.reward_owner);
  if (owner) d.rewardOwner = owner;
  const shares = maybeNumber(r.validator_shares);
  if (shares !== undefined) d.validatorDelegationShares = shares;
  const endTx = r.end_tx_id ? bytes(r.end_tx_id) : undefined;
  if (endTx) d.endTxId = endTx;
  const potential = maybeBig(r.potential_reward);
  if (potential !== undefined) d.potentialReward = potential;
  const net = maybeBig(r.delegator_reward);
  if (net !== undefined) {
    d.netReward = net;
    d.grossReward = potential ?? (shares !== undefined ? grossFromNet(net, shares) : net);
  }
  return d;
}

const PERCENT_DENOMINATOR = 1_000_000n;

/**
 * The reward before the validator's cut, from what the delegator received: AvalancheGo splits a gross reward g
 * as delegator = ⌊(10⁶ − shares)·g / 10⁶⌋ (reward.Split); the smallest g that gives `net`.
 */
export function grossFromNet(net: bigint, shares: number): bigint {
  const keep = PERCENT_DENOMINATOR - BigInt(shares);
  if (keep <= 0n) return net;
  let g = (net * PERCENT_DENOMINATOR) / keep;
  while ((keep * g) / PERCENT_DENOMINATOR < net) g++;
  while (g > 0n && (keep * (g - 1n)) / PERCENT_DENOMINATOR >= net) g--;
  return g;
}
