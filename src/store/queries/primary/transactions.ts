import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import type { TxAmounts, TxDetails } from '../../writers/primary/rows.js';
import {
  amountsOf, big, bytesView, clampPageSize, detailsOf, heightBoundsForTime, maybeBig, maybeBytesView, maybeNumber, pageOf, Params, type Page, type SortOrder,
} from './common.js';
import { hexOf } from '../../../lib/hex.js';
import { withPublicKeys } from './credentials.js';
import { createdBlockchainOf, l1StatesOf, TX_NAMED_RECORD_COLUMNS, type CreatedBlockchain, type L1ValidatorState } from './tx-named-records.js';
import { utxosOfTxs, type PrimaryUtxo } from './utxos.js';

export interface TxCursor {
  blockHeight: bigint;
  txIndex: number;
}

export interface PrimaryTxQuery {
  /** Store id of the P-, X- or C-chain. */
  chain: number;
  /** Owners / EVM addresses (20 bytes): txs that emitted or consumed their UTXOs, or name them (reward, subnet owners). */
  addresses?: readonly Uint8Array[];
  txTypes?: readonly string[];
  startTimestamp?: bigint;
  endTimestamp?: bigint;
  /** P-chain: the txs about one L1 validator. */
  l1ValidationId?: Uint8Array;
  sortOrder?: SortOrder;
  pageSize?: number;
  cursor?: TxCursor;
}

/** What the store knows about the staker a tx adds or ends (for estimatedReward, rewardTxHash). */
export interface TxStakerInfo {
  stakingTxId: Uint8Array;
  endKind?: 'rewarded' | 'not-rewarded' | 'removed';
  endTxId?: Uint8Array;
  potentialReward?: bigint;
  validationReward?: bigint;
  delegationFees?: bigint;
  delegatorReward?: bigint;
}

export interface PrimaryTransaction {
  chain: number;
  txId: Uint8Array;
  blockHeight: bigint;
  blockId: Uint8Array;
  blockTimestamp: bigint;
  txIndex: number;
  txType: string;
  memo: Uint8Array;
  sourceChain?: Uint8Array;
  destinationChain?: Uint8Array;
  nodeId?: Uint8Array;
  subnetId?: Uint8Array;
  startTime?: bigint;
  endTime?: bigint;
  weight?: bigint;
  delegationShares?: number;
  stakingTxId?: Uint8Array;
  amounts: TxAmounts;
  details: TxDetails;
  consumedUtxos: PrimaryUtxo[];
  emittedUtxos: PrimaryUtxo[];
  staker?: TxStakerInfo;
  /** The current records of the L1 validators the tx names (its details' l1Validators), by hex validation id. */
  l1ValidatorStates?: ReadonlyMap<string, L1ValidatorState>;
  /** CreateChainTx: the genesis of the blockchain it created. */
  createdBlockchain?: CreatedBlockchain;
}

type Row = Record<string, unknown>;

/**
 * A page of a chain's primary-network txs, newest first by default, keyed by (block height, position). The
 * address, type, time and L1 validation filters combine; addresses go through primary_address_txs and L1
 * validations through primary_l1_validation_txs, so every filter walks an index in page order.
 */
export async function listPrimaryTransactions(db: Queryable, q: PrimaryTxQuery): Promise<Page<PrimaryTransaction, TxCursor>> {
  const pageSize = clampPageSize(q.pageSize);
  const desc = (q.sortOrder ?? 'desc') === 'desc';
  const p = new Params();
  const where: string[] = [`x.chain = ${p.add(q.chain)}`];
  let from = 'primary_txs x';
  if (q.addresses && q.addresses.length > 0) {
    from = 'primary_address_txs x';
    where.push(`x.address IN (${p.list(q.addresses)})`);
  } else if (q.l1ValidationId) {
    from = 'primary_l1_validation_txs x';
  }
  if (q.l1ValidationId) {
    if (from === 'primary_l1_validation_txs x') where.push(`x.validation_id = ${p.add(q.l1ValidationId)}`);
    else where.push(`EXISTS (SELECT 1 FROM primary_l1_validation_txs l WHERE l.chain = x.chain AND l.validation_id = ${p.add(q.l1ValidationId)} AND l.block_height = x.block_height AND l.tx_index = x.tx_index)`);
  }
  if (q.txTypes && q.txTypes.length > 0) where.push(`x.tx_type IN (${p.list(q.txTypes)})`);
  if (q.startTimestamp !== undefined || q.endTimestamp !== undefined) {
    const bounds = await heightBoundsForTime(db, 'primary_txs', q.chain, q.startTimestamp, q.endTimestamp);
    if (bounds.from !== undefined) where.push(`x.block_height >= ${p.add(bounds.from)}`);
    if (bounds.to !== undefined) where.push(`x.block_height <= ${p.add(bounds.to)}`);
    if (q.startTimestamp !== undefined) where.push(`x.block_timestamp >= ${p.add(q.startTimestamp)}`);
    if (q.endTimestamp !== undefined) where.push(`x.block_timestamp <= ${p.add(q.endTimestamp)}`);
  }
  if (q.cursor) where.push(`(x.block_height, x.tx_index) ${desc ? '<' : '>'} (${p.add(q.cursor.blockHeight)}, ${p.add(q.cursor.txIndex)})`);
  const dir = desc ? 'DESC' : 'ASC';
  const { rows: keys } = await db.query<{ block_height: string; tx_index: number; tx_id: Uint8Array }>(
    `SELECT DISTINCT ON (x.block_height, x.tx_index) x.block_height, x.tx_index, x.tx_id FROM ${from} WHERE ${where.join(' AND ')}
     ORDER BY x.block_height ${dir}, x.tx_index ${dir} LIMIT ${pageSize + 1}`,
    p.values,
  );
  const page = pageOf(keys, pageSize, (k) => k, (k): TxCursor => ({ blockHeight: BigInt(k.block_height), txIndex: Number(k.tx_index) }));
  const txs = await getPrimaryTransactions(db, q.chain, page.items.map((k) => k.tx_id));
  return { items: txs, ...(page.next ? { next: page.next } : {}) };
}

/** One tx by id, with its UTXOs. */
export async function getPrimaryTransaction(db: Queryable, chain: number, txId: Uint8Array): Promise<PrimaryTransaction | undefined> {
  return (await getPrimaryTransactions(db, chain, [txId]))[0];
}

const STAKER_COLUMNS = 'st.tx_id AS st_tx_id, st.end_kind AS st_end_kind, st.end_tx_id AS st_end_tx_id, st.potential_reward AS st_potential_reward, '
  + 'st.validation_reward AS st_validation_reward, st.delegation_fees AS st_delegation_fees, st.delegator_reward AS st_delegator_reward';

/** Every primary_txs column but the tx bytes: no answer shows them, and they were a fifth of a page's rows. */
const TX_COLUMNS = ['chain', 'tx_id', 'block_height', 'block_id', 'block_timestamp', 'tx_index', 'tx_type', 'memo', 'source_chain', 'destination_chain',
  'node_id', 'subnet_id', 'start_time', 'end_time', 'weight', 'delegation_shares', 'staking_tx_id', 'amounts', 'details'].map((c) => `t.${c}`).join(', ');

/**
 * Txs by id, in the order given (ids the chain does not have are left out), with the staker each adds or ends
 * and their UTXOs, and the L1 validators and blockchain they name (tx-named-records.ts). The tx rows and the UTXOs are asked for at once, on two connections when the pool has them.
 * (UTXOs nested as JSON in the tx rows' statement, one statement instead of two, cost PostgreSQL more CPU per
 * answer and gained no throughput: docs/architecture.md.)
 */
export async function getPrimaryTransactions(db: Queryable, chain: number, txIds: readonly Uint8Array[]): Promise<PrimaryTransaction[]> {
  if (txIds.length === 0) return [];
  const [{ rows }, { emitted, consumed }] = await Promise.all([
    db.query<Row>(
      `SELECT ${TX_COLUMNS}, ${STAKER_COLUMNS}, ${TX_NAMED_RECORD_COLUMNS} FROM unnest($2::bytea[]) AS k(tx_id) JOIN primary_txs t ON t.chain = $1 AND t.tx_id = k.tx_id
       LEFT JOIN primary_stakers st ON st.chain = t.chain AND st.tx_id = COALESCE(t.staking_tx_id, t.tx_id)`, [chain, txIds], KEY_LOOKUP),
    utxosOfTxs(db, txIds),
  ]);
  const byId = new Map(rows.map((r) => [hexOf(r.tx_id as Uint8Array), r]));
  const details = new Map([...byId].map(([key, r]) => [key, detailsOf(r.details)]));
  const signedParts = await signedPartsLackingKeys(db, chain, details);
  const out: PrimaryTransaction[] = [];
  for (const id of txIds) {
    const key = hexOf(id);
    const r = byId.get(key);
    if (!r) continue;
    const tx: PrimaryTransaction = {
      chain: Number(r.chain), txId: bytesView(r.tx_id), blockHeight: big(r.block_height), blockId: bytesView(r.block_id), blockTimestamp: big(r.block_timestamp),
      txIndex: Number(r.tx_index), txType: r.tx_type as string, memo: bytesView(r.memo),
      amounts: amountsOf(r.amounts), details: withSigners(details.get(key)!, signedParts.get(key)),
      consumedUtxos: consumed.get(key) ?? [], emittedUtxos: emitted.get(key) ?? [],
    };
    const set = <K extends keyof PrimaryTransaction>(k: K, v: PrimaryTransaction[K] | undefined) => {
      if (v !== undefined) tx[k] = v;
    };
    set('sourceChain', maybeBytesView(r.source_chain));
    set('destinationChain', maybeBytesView(r.destination_chain));
    set('nodeId', maybeBytesView(r.node_id));
    set('subnetId', maybeBytesView(r.subnet_id));
    set('startTime', maybeBig(r.start_time));
    set('endTime', maybeBig(r.end_time));
    set('weight', maybeBig(r.weight));
    set('delegationShares', maybeNumber(r.delegation_shares));
    set('stakingTxId', maybeBytesView(r.staking_tx_id));
    set('staker', stakerOf(r));
    set('l1ValidatorStates', l1StatesOf(r.l1_states));
    set('createdBlockchain', createdBlockchainOf(r.created_blockchain));
    out.push(tx);
  }
  return out;
}

const lacksKeys = (d: TxDetails): boolean => d.evmInputs?.some((i) => i.credentials?.some((c) => !c.publicKey)) === true;

/**
 * The signed part of each tx (by hex id) whose C-chain export inputs carry signatures without their keys (rows an
 * older Firn wrote), to recover the keys from; read only for those txs.
 */
async function signedPartsLackingKeys(db: Queryable, chain: number, details: ReadonlyMap<string, TxDetails>): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const wanted = [...details].filter(([, d]) => lacksKeys(d)).map(([key]) => Buffer.from(key, 'hex'));
  if (wanted.length === 0) return out;
  const { rows } = await db.query<{ tx_id: Uint8Array; signed_part: Uint8Array }>(
    `SELECT t.tx_id, substring(t.bytes from 1 for t.unsigned_size) AS signed_part
     FROM unnest($2::bytea[]) AS k(tx_id) JOIN primary_txs t ON t.chain = $1 AND t.tx_id = k.tx_id`, [chain, wanted], KEY_LOOKUP);
  for (const r of rows) out.set(hexOf(r.tx_id), bytesView(r.signed_part));
  return out;
}

/** C-chain export inputs: the keys behind their signatures. */
function withSigners(details: TxDetails, signedPart: Uint8Array | undefined): TxDetails {
  if (details.evmInputs && signedPart) details.evmInputs = details.evmInputs.map((i) => (i.credentials ? { ...i, credentials: withPublicKeys(signedPart, i.credentials) } : i));
  return details;
}

/** The joined primary_stakers columns (st_…), when the tx adds or ends a staker the store knows. */
function stakerOf(r: Row): TxStakerInfo | undefined {
  if (r.st_tx_id === null || r.st_tx_id === undefined) return undefined;
  const info: TxStakerInfo = { stakingTxId: bytesView(r.st_tx_id) };
  if (r.st_end_kind) info.endKind = r.st_end_kind as TxStakerInfo['endKind'];
  const endTx = maybeBytesView(r.st_end_tx_id);
  if (endTx) info.endTxId = endTx;
  for (const [k, col] of [['potentialReward', 'st_potential_reward'], ['validationReward', 'st_validation_reward'], ['delegationFees', 'st_delegation_fees'], ['delegatorReward', 'st_delegator_reward']] as const) {
    const v = maybeBig(r[col]);
    if (v !== undefined) info[k] = v;
  }
  return info;
}
