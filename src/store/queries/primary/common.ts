import { hexToBytes } from '../../../lib/hex.js';
import type { Queryable } from '../../database/database.js';
import { amountsFromJson, ownersFromJson, type OwnersJson } from '../../writers/primary/json-values.js';
import type { EvmTransfer, L1ValidatorDetail, Owners, TxAmounts, TxDetails } from '../../writers/primary/rows.js';

export type SortOrder = 'asc' | 'desc';

/** A keyset page: the rows, and the cursor of the last one when more rows follow. */
export interface Page<T, C> {
  items: T[];
  next?: C;
}

export function bytes(value: unknown): Uint8Array {
  return new Uint8Array(value as Uint8Array);
}

/**
 * A bytea column's bytes as a view of the buffer pg decoded them into, not a copy: for values that live only while
 * one answer is built (a transaction's UTXOs, say). A view keeps pg's whole decode buffer reachable, so anything
 * kept for long (a cache) takes `bytes`.
 */
export function bytesView(value: unknown): Uint8Array {
  const b = value as Uint8Array;
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export function maybeBytesView(value: unknown): Uint8Array | undefined {
  return value === null || value === undefined ? undefined : bytesView(value);
}

export function maybeBytes(value: unknown): Uint8Array | undefined {
  return value === null || value === undefined ? undefined : new Uint8Array(value as Uint8Array);
}

export function big(value: unknown): bigint {
  return BigInt(value as string);
}

export function maybeBig(value: unknown): bigint | undefined {
  return value === null || value === undefined ? undefined : BigInt(value as string);
}

export function maybeNumber(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

export function maybeOwners(value: unknown): Owners | undefined {
  return value === null || value === undefined ? undefined : ownersFromJson(value as OwnersJson);
}

/** Builds `$n` placeholders while collecting parameters (bigint as text, bytes as bytes). */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array && !(value instanceof Buffer) ? Buffer.from(value) : value);
    return `$${this.values.length}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((v) => this.add(v)).join(', ');
  }
}

export function clampPageSize(size: number | undefined, fallback = 10, max = 100): number {
  if (size === undefined || !Number.isFinite(size)) return fallback;
  return Math.min(Math.max(1, Math.floor(size)), max);
}

/** Cuts the extra row a query fetched to learn whether another page follows. */
export function pageOf<R, T, C>(rows: R[], pageSize: number, map: (r: R) => T, cursorOf: (r: R) => C): Page<T, C> {
  const more = rows.length > pageSize;
  const kept = more ? rows.slice(0, pageSize) : rows;
  const page: Page<T, C> = { items: kept.map(map) };
  if (more && kept.length > 0) page.next = cursorOf(kept[kept.length - 1]!);
  return page;
}

export function amountsOf(value: unknown): TxAmounts {
  return amountsFromJson((value ?? {}) as Parameters<typeof amountsFromJson>[0]);
}

type J = Record<string, unknown>;
const hex = (v: unknown) => hexToBytes(v as string);
const optBig = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string));

function evmTransfer(j: J): EvmTransfer {
  const credentials = j.credentials as J[] | undefined;
  return {
    address: hex(j.address), assetId: hex(j.assetId), amount: BigInt(j.amount as string),
    ...(j.nonce !== undefined ? { nonce: BigInt(j.nonce as string) } : {}),
    ...(credentials ? { credentials: credentials.map((c) => ({ signature: hex(c.signature), ...(c.publicKey ? { publicKey: hex(c.publicKey) } : {}) })) } : {}),
  };
}

function l1Detail(j: J): L1ValidatorDetail {
  const out: L1ValidatorDetail = { validationId: hex(j.validationId), nodeId: hex(j.nodeId), subnetId: hex(j.subnetId) };
  if (j.weight !== undefined) out.weight = BigInt(j.weight as string);
  if (j.balance !== undefined) out.balance = BigInt(j.balance as string);
  if (j.nonce !== undefined) out.nonce = BigInt(j.nonce as string);
  if (j.blsPublicKey) out.blsPublicKey = hex(j.blsPublicKey);
  if (j.proofOfPossession) out.proofOfPossession = hex(j.proofOfPossession);
  if (j.remainingBalanceOwner) out.remainingBalanceOwner = ownersFromJson(j.remainingBalanceOwner as OwnersJson);
  if (j.deactivationOwner) out.deactivationOwner = ownersFromJson(j.deactivationOwner as OwnersJson);
  return out;
}

/** The details column back as domain values. */
export function detailsOf(value: unknown): TxDetails {
  const j = (value ?? {}) as J;
  const d: TxDetails = {};
  if (j.rewardOwner) d.rewardOwner = ownersFromJson(j.rewardOwner as OwnersJson);
  if (j.delegationRewardOwner) d.delegationRewardOwner = ownersFromJson(j.delegationRewardOwner as OwnersJson);
  if (j.subnetOwner) d.subnetOwner = ownersFromJson(j.subnetOwner as OwnersJson);
  if (j.bls) {
    const b = j.bls as J;
    d.bls = { publicKey: hex(b.publicKey), proofOfPossession: hex(b.proofOfPossession) };
  }
  if (j.blockchain) {
    const b = j.blockchain as J;
    d.blockchain = { blockchainId: hex(b.blockchainId), subnetId: hex(b.subnetId), name: b.name as string, vmId: hex(b.vmId), fxIds: (b.fxIds as string[]).map(hexToBytes) };
  }
  if (j.l1Manager) {
    const m = j.l1Manager as J;
    d.l1Manager = { blockchainId: hex(m.blockchainId), address: hex(m.address) };
  }
  if (j.l1Validators) d.l1Validators = (j.l1Validators as J[]).map(l1Detail);
  if (j.asset) d.asset = j.asset as TxDetails['asset'];
  if (j.evmInputs) d.evmInputs = (j.evmInputs as J[]).map(evmTransfer);
  if (j.evmOutputs) d.evmOutputs = (j.evmOutputs as J[]).map(evmTransfer);
  const time = optBig(j.time);
  if (time !== undefined) d.time = time;
  if (j.assetId) d.assetId = hex(j.assetId);
  const expiry = optBig(j.expiry);
  if (expiry !== undefined) d.expiry = expiry;
  if (j.aborted === true) d.aborted = true;
  return d;
}

/** Heights of the first and last tx of a chain within a time range (txs' times never decrease with height). */
export async function heightBoundsForTime(db: Queryable, table: 'primary_txs' | 'primary_blocks', chain: number, start?: bigint, end?: bigint): Promise<{ from?: bigint; to?: bigint }> {
  const heightColumn = table === 'primary_txs' ? 'block_height' : 'height';
  const out: { from?: bigint; to?: bigint } = {};
  if (start !== undefined) {
    const { rows } = await db.query<{ h: string }>(
      `SELECT ${heightColumn} AS h FROM ${table} WHERE chain = $1 AND block_timestamp >= $2 ORDER BY block_timestamp, ${heightColumn} LIMIT 1`, [chain, start.toString()]);
    out.from = rows[0] ? BigInt(rows[0].h) : (1n << 62n);
  }
  if (end !== undefined) {
    const { rows } = await db.query<{ h: string }>(
      `SELECT ${heightColumn} AS h FROM ${table} WHERE chain = $1 AND block_timestamp <= $2 ORDER BY block_timestamp DESC, ${heightColumn} DESC LIMIT 1`, [chain, end.toString()]);
    out.to = rows[0] ? BigInt(rows[0].h) : -1n;
  }
  return out;
}
