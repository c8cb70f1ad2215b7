import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import type { RewardType } from '../../writers/primary/rows.js';
import { unpackOwners } from '../../writers/primary/packed-owners.js';
import { hexOf } from '../../../lib/hex.js';
import { big, bytesView, maybeBig, maybeBytesView, maybeNumber } from './common.js';
import { withPublicKeys, type CredentialSignature } from './credentials.js';

/** How a UTXO was created (absent for UTXOs the store only saw spent, e.g. genesis UTXOs). */
export interface UtxoCreation {
  chain: number;
  creatingTxId: Uint8Array;
  consumableOn: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  outputType: string;
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
  stakeableLocktime?: bigint;
  staked: boolean;
  stakeStart?: bigint;
  stakeEnd?: bigint;
  rewardType?: RewardType;
  groupId?: number;
  payload?: Uint8Array;
  bytes: Uint8Array;
}

export interface UtxoConsumption {
  chain: number;
  txId: Uint8Array;
  inputIndex: number;
  consumedOn: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  /** X and C-chain: the signatures that unlocked it, with the keys that made them. */
  credentials?: CredentialSignature[];
}

export interface PrimaryUtxo {
  utxoId: Uint8Array;
  /** UTXOID.TxID. */
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  createdOn: Uint8Array;
  created?: UtxoCreation;
  consumed?: UtxoConsumption;
}

/**
 * A UTXO's creation (u) and spend (s) side by side, either of which may be absent, with the owners of a created
 * one (read in the same statement: a second query was a second round trip for every page). A spend whose
 * credentials lack their keys (rows an older Firn wrote) gets its tx's signed part from another query, made only then.
 */
const COLUMNS = `
  COALESCE(u.utxo_id, s.utxo_id) AS utxo_id, COALESCE(u.tx_id, s.tx_id) AS tx_id, COALESCE(u.output_index, s.output_index) AS output_index,
  COALESCE(u.asset_id, s.asset_id) AS asset_id, COALESCE(u.amount, s.amount) AS amount, COALESCE(u.created_on, s.created_on) AS created_on,
  u.chain AS u_chain, u.creating_tx_id, u.consumable_on, u.block_height AS u_height, u.block_timestamp AS u_time, u.output_type, u.locktime,
  u.threshold, u.stakeable_locktime AS u_stakeable, u.staked, u.stake_start, u.stake_end, u.reward_type, u.group_id, u.payload, u.bytes,
  s.chain AS s_chain, s.consuming_tx_id, s.input_index, s.consumed_on, s.block_height AS s_height, s.block_timestamp AS s_time, s.credentials,
  u.owners AS packed_owners,
  CASE WHEN u.utxo_id IS NOT NULL AND u.owners IS NULL THEN ARRAY(SELECT o.address FROM primary_utxo_owners o WHERE o.utxo_id = u.utxo_id ORDER BY o.address) END AS owners`;

type Row = Record<string, unknown>;

type StoredCredential = { signature: string; publicKey?: string };

function utxoOf(r: Row, signedParts: ReadonlyMap<string, Uint8Array>): PrimaryUtxo {
  const utxoId = bytesView(r.utxo_id);
  const out: PrimaryUtxo = {
    utxoId, txId: bytesView(r.tx_id), outputIndex: Number(r.output_index), assetId: bytesView(r.asset_id), amount: big(r.amount), createdOn: bytesView(r.created_on),
  };
  if (r.u_chain !== null && r.u_chain !== undefined) {
    const created: UtxoCreation = {
      chain: Number(r.u_chain), creatingTxId: bytesView(r.creating_tx_id), consumableOn: bytesView(r.consumable_on), blockHeight: big(r.u_height),
      blockTimestamp: big(r.u_time), outputType: r.output_type as string, locktime: big(r.locktime), threshold: Number(r.threshold),
      addresses: ownersOf(r), staked: r.staked === true, bytes: bytesView(r.bytes),
    };
    const stakeable = maybeBig(r.u_stakeable);
    if (stakeable !== undefined) created.stakeableLocktime = stakeable;
    const start = maybeBig(r.stake_start);
    if (start !== undefined) created.stakeStart = start;
    const end = maybeBig(r.stake_end);
    if (end !== undefined) created.stakeEnd = end;
    if (r.reward_type) created.rewardType = r.reward_type as RewardType;
    const group = maybeNumber(r.group_id);
    if (group !== undefined) created.groupId = group;
    const payload = maybeBytesView(r.payload);
    if (payload) created.payload = payload;
    out.created = created;
  }
  if (r.s_chain !== null && r.s_chain !== undefined) {
    const consumed: UtxoConsumption = {
      chain: Number(r.s_chain), txId: bytesView(r.consuming_tx_id), inputIndex: Number(r.input_index), consumedOn: bytesView(r.consumed_on),
      blockHeight: big(r.s_height), blockTimestamp: big(r.s_time),
    };
    if (r.credentials) {
      const signatures = (r.credentials as StoredCredential[])
        .map((c) => (c.publicKey ? { signature: hexBytes(c.signature), publicKey: hexBytes(c.publicKey) } : { signature: hexBytes(c.signature) }));
      consumed.credentials = withPublicKeys(signedParts.get(signedPartKey(consumed.chain, consumed.txId)), signatures);
    }
    out.consumed = consumed;
  }
  return out;
}

/** A created UTXO's owners: packed with the UTXO, or, in rows written before that, from primary_utxo_owners. */
function ownersOf(r: Row): Uint8Array[] {
  const packed = r.packed_owners as Uint8Array | null;
  return packed === null || packed === undefined ? ((r.owners as Uint8Array[] | null) ?? []).map(bytesView) : unpackOwners(packed);
}

function hexBytes(h: string): Uint8Array {
  return new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'));
}

const signedPartKey = (chain: number, txId: Uint8Array): string => `${chain}:${hexOf(txId)}`;

/** The signed part of each spending tx whose stored credentials lack a key (older rows), to recover the keys from. */
async function signedPartsFor(db: Queryable, rows: readonly Row[]): Promise<Map<string, Uint8Array>> {
  const wanted = new Map<string, [number, Uint8Array]>();
  for (const r of rows) {
    const credentials = r.credentials as StoredCredential[] | null | undefined;
    if (!credentials || credentials.every((c) => c.publicKey)) continue;
    const chain = Number(r.s_chain);
    const txId = r.consuming_tx_id as Uint8Array;
    wanted.set(signedPartKey(chain, txId), [chain, txId]);
  }
  const out = new Map<string, Uint8Array>();
  if (wanted.size === 0) return out;
  const pairs = [...wanted.values()];
  const { rows: found } = await db.query<{ chain: number; tx_id: Uint8Array; signed_part: Uint8Array }>(
    `SELECT t.chain, t.tx_id, substring(t.bytes from 1 for t.unsigned_size) AS signed_part
     FROM unnest($1::integer[], $2::bytea[]) AS k(chain, tx_id) JOIN primary_txs t ON t.chain = k.chain AND t.tx_id = k.tx_id`,
    [pairs.map(([chain]) => chain), pairs.map(([, txId]) => txId)], KEY_LOOKUP);
  for (const r of found) out.set(signedPartKey(Number(r.chain), r.tx_id), bytesView(r.signed_part));
  return out;
}

/** The UTXOs each tx emitted and consumed, keyed by hex tx id, in output / input order. */
export async function utxosOfTxs(db: Queryable, txIds: readonly Uint8Array[]): Promise<{ emitted: Map<string, PrimaryUtxo[]>; consumed: Map<string, PrimaryUtxo[]> }> {
  const emitted = new Map<string, PrimaryUtxo[]>();
  const consumed = new Map<string, PrimaryUtxo[]>();
  if (txIds.length === 0) return { emitted, consumed };
  // Ids as one array parameter: a list of 100 parameters costs more to parse and plan than the lookups do. Both
  // sides in one statement: one round trip for a transaction's whole UTXO view. Unordered: each tx's lists are put
  // in output / input order below, which costs less than the database sorting the wide rows.
  const { rows: sides } = await db.query<Row>(
    `SELECT ${COLUMNS}, true AS emitted
     FROM primary_utxos u LEFT JOIN primary_utxo_spends s ON s.utxo_id = u.utxo_id WHERE u.creating_tx_id = ANY($1::bytea[])
     UNION ALL
     SELECT ${COLUMNS}, false AS emitted
     FROM primary_utxo_spends s LEFT JOIN primary_utxos u ON u.utxo_id = s.utxo_id WHERE s.consuming_tx_id = ANY($1::bytea[])`, [txIds], KEY_LOOKUP);
  const signedParts = await signedPartsFor(db, sides);
  const placed = { emitted: new Map<string, [number, PrimaryUtxo][]>(), consumed: new Map<string, [number, PrimaryUtxo][]>() };
  for (const r of sides) {
    const side = r.emitted === true;
    const key = hexOf((side ? r.creating_tx_id : r.consuming_tx_id) as Uint8Array);
    const entry: [number, PrimaryUtxo] = [Number(side ? r.output_index : r.input_index), utxoOf(r, signedParts)];
    const into = side ? placed.emitted : placed.consumed;
    const list = into.get(key);
    if (list) list.push(entry);
    else into.set(key, [entry]);
  }
  for (const [from, into] of [[placed.emitted, emitted], [placed.consumed, consumed]] as const) {
    for (const [key, list] of from) into.set(key, list.sort((a, b) => a[0] - b[0]).map(([, utxo]) => utxo));
  }
  return { emitted, consumed };
}
