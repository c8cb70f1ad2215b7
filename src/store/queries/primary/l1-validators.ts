import type { Queryable } from '../../database/database.js';
import type { Owners } from '../../writers/primary/rows.js';
import { big, bytes, clampPageSize, maybeBig, maybeBytes, maybeOwners, pageOf, Params, type Page } from './common.js';

export interface L1ValidatorQuery {
  chain: number;
  validationId?: Uint8Array;
  /** Also validators that were disabled or whose weight went to zero. */
  includeInactive?: boolean;
  nodeId?: Uint8Array;
  subnetId?: Uint8Array;
  pageSize?: number;
  cursor?: L1ValidatorCursor;
}

export interface L1ValidatorCursor {
  blockHeight: bigint;
  validationId: Uint8Array;
}

export interface L1Validator {
  validationId: Uint8Array;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  weight: bigint;
  /** Balance paid in (registration plus increases); the continuous fee it pays is not deducted. */
  balance: bigint;
  blsPublicKey: Uint8Array;
  proofOfPossession?: Uint8Array;
  remainingBalanceOwner: Owners;
  deactivationOwner: Owners;
  createdTxId: Uint8Array;
  blockHeight: bigint;
  creationTimestamp: bigint;
  disabledTxId?: Uint8Array;
  disabledAt?: bigint;
  active: boolean;
}

export interface L1ValidatorPage extends Page<L1Validator, L1ValidatorCursor> {
  /** Height of the last indexed P-chain block: the state the page describes. */
  blockHeight: bigint;
}

type Row = Record<string, unknown>;

/** L1 validators (from ConvertSubnetToL1Tx and RegisterL1ValidatorTx), newest first; active ones unless asked otherwise. */
export async function listL1Validators(db: Queryable, q: L1ValidatorQuery): Promise<L1ValidatorPage> {
  const pageSize = clampPageSize(q.pageSize);
  const p = new Params();
  const where = [`chain = ${p.add(q.chain)}`];
  if (!q.includeInactive) where.push('disabled_at IS NULL AND weight > 0');
  if (q.validationId) where.push(`validation_id = ${p.add(q.validationId)}`);
  if (q.nodeId) where.push(`node_id = ${p.add(q.nodeId)}`);
  if (q.subnetId) where.push(`subnet_id = ${p.add(q.subnetId)}`);
  if (q.cursor) where.push(`(block_height, validation_id) < (${p.add(q.cursor.blockHeight)}::bigint, ${p.add(q.cursor.validationId)}::bytea)`);
  const { rows } = await db.query<Row>(
    `SELECT * FROM primary_l1_validators WHERE ${where.join(' AND ')} ORDER BY block_height DESC, validation_id DESC LIMIT ${pageSize + 1}`, p.values);
  const page = pageOf(rows, pageSize, l1ValidatorOf, (r): L1ValidatorCursor => ({ blockHeight: big(r.block_height), validationId: bytes(r.validation_id) }));
  const { rows: head } = await db.query<{ h: string | null }>('SELECT max(height) AS h FROM primary_blocks WHERE chain = $1', [q.chain]);
  return { ...page, blockHeight: BigInt(head[0]?.h ?? '0') };
}

function l1ValidatorOf(r: Row): L1Validator {
  const v: L1Validator = {
    validationId: bytes(r.validation_id), subnetId: bytes(r.subnet_id), nodeId: bytes(r.node_id), weight: big(r.weight),
    balance: big(r.initial_balance) + big(r.balance_added), blsPublicKey: bytes(r.bls_public_key),
    remainingBalanceOwner: maybeOwners(r.remaining_balance_owner)!, deactivationOwner: maybeOwners(r.deactivation_owner)!,
    createdTxId: bytes(r.created_tx_id), blockHeight: big(r.block_height), creationTimestamp: big(r.block_timestamp),
    active: (r.disabled_at === null || r.disabled_at === undefined) && big(r.weight) > 0n,
  };
  const pop = maybeBytes(r.bls_proof_of_possession);
  if (pop) v.proofOfPossession = pop;
  const disabledTx = maybeBytes(r.disabled_tx_id);
  if (disabledTx) v.disabledTxId = disabledTx;
  const disabledAt = maybeBig(r.disabled_at);
  if (disabledAt !== undefined) v.disabledAt = disabledAt;
  return v;
}
