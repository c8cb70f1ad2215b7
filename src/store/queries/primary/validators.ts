import type { Queryable } from '../../database/database.js';
import type { BlsCredentials, Owners } from '../../writers/primary/rows.js';
import { big, bytes, clampPageSize, maybeBig, maybeBytes, maybeNumber, maybeOwners, Params, type Page, type SortOrder } from './common.js';

export type ValidationStatus = 'completed' | 'active' | 'pending' | 'removed';
export type ValidatorSortBy = 'blockIndex' | 'delegationCapacity' | 'timeRemaining' | 'delegationFee' | 'uptimePerformance';

/** Network parameters the delegation capacity depends on (mainnet: 3,000,000 AVAX and 5). */
export interface StakingLimits {
  maxValidatorStake: bigint;
  maxValidatorWeightFactor: bigint;
}

export interface ValidatorQuery {
  /** Store id of the P-chain. */
  chain: number;
  /** Unix seconds: what pending, active and time remaining are measured against. */
  now: bigint;
  limits: StakingLimits;
  /** Substrings of NodeID-… strings; a validator matches any. */
  nodeIds?: readonly string[];
  /** Exact node id (the single-validator route). */
  nodeId?: Uint8Array;
  status?: ValidationStatus;
  subnetId?: Uint8Array;
  minDelegationCapacity?: bigint;
  maxDelegationCapacity?: bigint;
  minTimeRemaining?: bigint;
  maxTimeRemaining?: bigint;
  /** Percent (2–100); setting either leaves out validations without a fee (subnet validators). */
  minFeePercentage?: number;
  maxFeePercentage?: number;
  /** Percent (0–100); applied to validators whose uptime the node reported. */
  minUptimePerformance?: number;
  maxUptimePerformance?: number;
  sortBy?: ValidatorSortBy;
  sortOrder?: SortOrder;
  pageSize?: number;
  cursor?: ValidatorCursor;
}

/** The sort key of the last row: its sort value (decimal text; absent for blockIndex), block height and tx position. */
export interface ValidatorCursor {
  sortValue?: string;
  blockHeight: bigint;
  txIndex: number;
}

export interface Validator {
  txId: Uint8Array;
  txType: string;
  kind: 'validator' | 'subnet-validator' | 'auto-renewed-validator';
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  status: ValidationStatus;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
  /** Parts per million. */
  delegationShares?: number;
  rewardOwner?: Owners;
  delegationRewardOwner?: Owners;
  bls?: BlsCredentials;
  blockHeight: bigint;
  txIndex: number;
  blockTimestamp: bigint;
  genesis: boolean;
  delegatorCount: number;
  /** All delegations in the validation period; `activeDelegated` those not yet ended. */
  amountDelegated: bigint;
  activeDelegated: bigint;
  /** Primary network validators only. */
  delegationCapacity?: bigint;
  timeRemaining: bigint;
  endTxId?: Uint8Array;
  endTimestamp?: bigint;
  validationReward?: bigint;
  delegationFees?: bigint;
  /** From the node (platform.getCurrentValidators), while active. */
  uptime?: number;
  connected?: boolean;
  potentialReward?: bigint;
  accruedDelegateeReward?: bigint;
}

export interface ValidatorPage extends Page<Validator, ValidatorCursor> {
  /** Weight of all active primary-network stakers (validators and delegators), for stakePercentage. */
  totalActiveStake: bigint;
}

const STATUS = (now: string) => `CASE
  WHEN s.end_kind = 'removed' THEN 'removed'
  WHEN s.end_kind IS NOT NULL THEN 'completed'
  WHEN s.kind = 'subnet-validator' AND s.end_time <= ${now} THEN 'completed'
  WHEN s.start_time > ${now} THEN 'pending'
  ELSE 'active' END`;

type Row = Record<string, unknown>;

/**
 * Validators with the Data API's filters and sorts. Delegation totals come from the delegators staked on the
 * same node and subnet within the validation period; capacity = min(weight × factor, max stake) − weight −
 * active delegations (primary network only).
 */
export async function listValidators(db: Queryable, q: ValidatorQuery): Promise<ValidatorPage> {
  const pageSize = clampPageSize(q.pageSize);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const now = `${p.add(q.now)}::bigint`;
  const inner: string[] = [`s.chain = ${p.add(q.chain)}`, `s.kind IN ('validator', 'subnet-validator', 'auto-renewed-validator')`];
  if (q.nodeId) inner.push(`s.node_id = ${p.add(q.nodeId)}`);
  if (q.nodeIds && q.nodeIds.length > 0) inner.push(`(${q.nodeIds.map((n) => `s.node_id_text LIKE ${p.add(`%${escapeLike(n)}%`)}`).join(' OR ')})`);
  if (q.subnetId) inner.push(`s.subnet_id = ${p.add(q.subnetId)}`);
  if (q.status === 'active' || q.status === 'pending') inner.push('s.end_kind IS NULL');
  if (q.minFeePercentage !== undefined || q.maxFeePercentage !== undefined) inner.push('s.delegation_shares IS NOT NULL');
  const factor = p.add(q.limits.maxValidatorWeightFactor);
  const maxStake = p.add(q.limits.maxValidatorStake);
  const primary = p.add(new Uint8Array(32));
  const staker = `s.*, ${STATUS(now)} AS status, GREATEST(s.end_time - ${now}, 0) AS time_remaining`;
  const delegations = (v: string) => `dl.delegator_count, dl.delegated, dl.active_delegated,
        CASE WHEN ${v}.subnet_id = ${primary} THEN GREATEST(LEAST(${v}.weight * ${factor}::numeric, ${maxStake}::numeric) - ${v}.weight - dl.active_delegated, 0) END AS capacity`;
  const delegationsOf = (v: string) => `LEFT JOIN LATERAL (
        SELECT count(*) AS delegator_count, COALESCE(sum(d.weight), 0) AS delegated,
          COALESCE(sum(d.weight) FILTER (WHERE d.end_kind IS NULL), 0) AS active_delegated
        FROM primary_stakers d
        WHERE d.chain = ${v}.chain AND d.node_id = ${v}.node_id AND d.kind = 'delegator' AND d.subnet_id = ${v}.subnet_id
          AND d.start_time >= ${v}.start_time AND d.end_time <= ${v}.end_time
      ) dl ON true`;
  // Delegation totals are summed for every validation only when the page is chosen by them (capacity); otherwise
  // the page is chosen first and only its rows get their totals.
  const byCapacity = q.sortBy === 'delegationCapacity' || q.minDelegationCapacity !== undefined || q.maxDelegationCapacity !== undefined;
  const sql = byCapacity
    ? `
    WITH v AS (
      SELECT ${staker}, ${delegations('s')}
      FROM primary_stakers s ${delegationsOf('s')}
      WHERE ${inner.join(' AND ')}
    )
    SELECT v.*, ${sortExpr(q.sortBy)} AS sort_value FROM v WHERE ${outerWhere(q, p)}
    ORDER BY ${orderBy(q.sortBy, desc)} LIMIT ${pageSize + 1}`
    : `
    WITH v AS (SELECT ${staker} FROM primary_stakers s WHERE ${inner.join(' AND ')}),
    page AS (
      SELECT v.*, ${sortExpr(q.sortBy)} AS sort_value FROM v WHERE ${outerWhere(q, p)}
      ORDER BY ${orderBy(q.sortBy, desc)} LIMIT ${pageSize + 1}
    )
    SELECT v.*, ${delegations('v')} FROM page v ${delegationsOf('v')}
    ORDER BY ${orderBy(q.sortBy, desc)}`;
  const { rows } = await db.query<Row>(sql, p.values);
  const more = rows.length > pageSize;
  const kept = more ? rows.slice(0, pageSize) : rows;
  const page: ValidatorPage = { items: kept.map(validatorOf), totalActiveStake: await totalActiveStake(db, q.chain, q.now) };
  const last = kept[kept.length - 1];
  if (more && last) {
    page.next = { blockHeight: big(last.block_height), txIndex: Number(last.tx_index), ...(q.sortBy && q.sortBy !== 'blockIndex' ? { sortValue: String(last.sort_value) } : {}) };
  }
  return page;
}

/** The validations of one node (every subnet), newest first by default. */
export function listValidatorsOfNode(db: Queryable, q: Omit<ValidatorQuery, 'nodeIds' | 'sortBy'> & { nodeId: Uint8Array }): Promise<ValidatorPage> {
  return listValidators(db, { ...q, sortBy: 'blockIndex' });
}

function sortExpr(sortBy: ValidatorSortBy | undefined): string {
  switch (sortBy) {
    case 'delegationCapacity':
      return 'COALESCE(v.capacity, -1)';
    case 'timeRemaining':
      return 'v.time_remaining';
    case 'delegationFee':
      return 'COALESCE(v.delegation_shares, -1)';
    case 'uptimePerformance':
      return 'COALESCE(v.uptime, -1)::numeric';
    default:
      return 'NULL::numeric';
  }
}

function orderBy(sortBy: ValidatorSortBy | undefined, desc: boolean): string {
  const dir = desc ? 'DESC' : 'ASC';
  const tail = `v.block_height ${dir}, v.tx_index ${dir}`;
  return !sortBy || sortBy === 'blockIndex' ? tail : `sort_value ${dir}, ${tail}`;
}

function outerWhere(q: ValidatorQuery, p: Params): string {
  const w: string[] = ['true'];
  if (q.status) w.push(`v.status = ${p.add(q.status)}`);
  if (q.minDelegationCapacity !== undefined) w.push(`v.capacity >= ${p.add(q.minDelegationCapacity)}::numeric`);
  if (q.maxDelegationCapacity !== undefined) w.push(`v.capacity <= ${p.add(q.maxDelegationCapacity)}::numeric`);
  if (q.minTimeRemaining !== undefined) w.push(`v.time_remaining >= ${p.add(q.minTimeRemaining)}::bigint`);
  if (q.maxTimeRemaining !== undefined) w.push(`v.time_remaining <= ${p.add(q.maxTimeRemaining)}::bigint`);
  if (q.minFeePercentage !== undefined) w.push(`v.delegation_shares >= ${p.add(Math.round(q.minFeePercentage * 10_000))}`);
  if (q.maxFeePercentage !== undefined) w.push(`v.delegation_shares <= ${p.add(Math.round(q.maxFeePercentage * 10_000))}`);
  if (q.minUptimePerformance !== undefined) w.push(`(v.uptime IS NULL OR v.uptime >= ${p.add(q.minUptimePerformance)}::double precision)`);
  if (q.maxUptimePerformance !== undefined) w.push(`(v.uptime IS NULL OR v.uptime <= ${p.add(q.maxUptimePerformance)}::double precision)`);
  if (q.cursor) {
    const cmp = (q.sortOrder ?? 'desc') === 'desc' ? '<' : '>';
    const keyset = `(v.block_height, v.tx_index) ${cmp} (${p.add(q.cursor.blockHeight)}::bigint, ${p.add(q.cursor.txIndex)}::integer)`;
    if (q.sortBy && q.sortBy !== 'blockIndex' && q.cursor.sortValue !== undefined) {
      const value = `${p.add(q.cursor.sortValue)}::numeric`;
      w.push(`(${sortExpr(q.sortBy)} ${cmp} ${value} OR (${sortExpr(q.sortBy)} = ${value} AND ${keyset}))`);
    } else {
      w.push(keyset);
    }
  }
  return w.join(' AND ');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function totalActiveStake(db: Queryable, chain: number, now: bigint): Promise<bigint> {
  const { rows } = await db.query<{ total: string | null }>(
    `SELECT sum(weight) AS total FROM primary_stakers
     WHERE chain = $1 AND kind IN ('validator', 'delegator', 'auto-renewed-validator') AND subnet_id = $2 AND end_kind IS NULL AND start_time <= $3`,
    [chain, new Uint8Array(32), now.toString()],
  );
  return BigInt(rows[0]?.total ?? '0');
}

function validatorOf(r: Row): Validator {
  const v: Validator = {
    txId: bytes(r.tx_id), txType: r.tx_type as string, kind: r.kind as Validator['kind'], nodeId: bytes(r.node_id), subnetId: bytes(r.subnet_id),
    status: r.status as ValidationStatus, startTime: big(r.start_time), endTime: big(r.end_time), weight: big(r.weight),
    blockHeight: big(r.block_height), txIndex: Number(r.tx_index), blockTimestamp: big(r.block_timestamp), genesis: r.genesis === true,
    delegatorCount: Number(r.delegator_count ?? 0), amountDelegated: big(r.delegated ?? '0'), activeDelegated: big(r.active_delegated ?? '0'),
    timeRemaining: big(r.time_remaining),
  };
  const set = <K extends keyof Validator>(k: K, value: Validator[K] | undefined) => {
    if (value !== undefined) v[k] = value;
  };
  set('delegationShares', maybeNumber(r.delegation_shares));
  set('rewardOwner', maybeOwners(r.reward_owner));
  set('delegationRewardOwner', maybeOwners(r.delegation_reward_owner));
  const pk = maybeBytes(r.bls_public_key);
  const pop = maybeBytes(r.bls_proof_of_possession);
  if (pk && pop) v.bls = { publicKey: pk, proofOfPossession: pop };
  set('delegationCapacity', maybeBig(r.capacity));
  set('endTxId', maybeBytes(r.end_tx_id));
  set('endTimestamp', maybeBig(r.end_timestamp));
  set('validationReward', maybeBig(r.validation_reward));
  set('delegationFees', maybeBig(r.delegation_fees));
  set('uptime', maybeNumber(r.uptime));
  if (r.connected !== null && r.connected !== undefined) v.connected = r.connected === true;
  set('potentialReward', maybeBig(r.potential_reward));
  set('accruedDelegateeReward', maybeBig(r.accrued_delegatee_reward));
  return v;
}
