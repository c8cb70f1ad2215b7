import type { Queryable } from '../database/database.js';
import { AddressMemberships, type CachedMembership } from './address-memberships.js';
import { periodStart, PERIOD_UNITS } from './periods.js';

/**
 * Active addresses and senders per bucket, exact: an address counts in a period when it appears there and the
 * hour it was last active (or sent) before lies in an earlier period. Addresses are the from/to of
 * transactions (a creation has no `to`) and of token transfers; senders are the `from` side only. New addresses
 * (first seen ever) feed cumulativeAddresses.
 *
 * One read gives each address of the batch with the hours it was active in; the last hours remembered for them come
 * from `memberships` (kept by the rollup stream; misses are read in one query unless it holds every member). The
 * counting is done here; the bucket deltas and the last-hour histogram are written at once, the changed address
 * rows when `memberships` flushes them (`flushAddresses`).
 */
// One row per address with its events as `hourIndex × 2 + sent`, unsorted and repeated: one hash aggregate (sorting
// or de-duplicating per address here cost the database more than it saves; the rollup sorts the few per address).
const EVENTS_SQL = `
SELECT encode(e.address, 'hex') AS key, string_agg(((e.ts - ((e.ts % 3600) + 3600) % 3600) / 1800 + e.sent::int)::text, ',') AS hours
FROM (
  SELECT v.address, t.block_timestamp AS ts, v.sent FROM evm_transactions t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND v.address IS NOT NULL
  UNION ALL
  SELECT v.address, t.block_timestamp, v.sent FROM evm_token_transfers t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3
) e
GROUP BY e.address`;

// Rows changed since the last flush: a stored row keeps its first hour.
const UPSERT_SQL = `
INSERT INTO metrics_addresses AS m (chain, address, first_hour, last_active_hour, last_sent_hour)
SELECT $1, decode(x.key, 'hex'), x.first_hour, x.last_active_hour, x.last_sent_hour
FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[]) AS x(key, first_hour, last_active_hour, last_sent_hour)
ON CONFLICT (chain, address) DO UPDATE SET last_active_hour = EXCLUDED.last_active_hour, last_sent_hour = EXCLUDED.last_sent_hour`;

const RECALL_SQL = `
SELECT encode(address, 'hex') AS key, last_active_hour, last_sent_hour FROM metrics_addresses
WHERE chain = $1 AND address = ANY(ARRAY(SELECT decode(k, 'hex') FROM unnest($2::text[]) AS k))`;

/** Moves in the histogram of last active (sent) hours: addresses leave their old last hour for the new one. */
const HOURS_SQL = `
INSERT INTO metrics_address_hours AS h (chain, hour, last_active, last_sent)
SELECT $1, x.hour, x.active, x.sent FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS x(hour, active, sent)
ON CONFLICT (chain, hour) DO UPDATE SET last_active = h.last_active + EXCLUDED.last_active, last_sent = h.last_sent + EXCLUDED.last_sent`;

const BUCKETS_SQL = `
INSERT INTO metrics_chain_buckets AS b (chain, unit, period_start, active_addresses, active_senders, new_addresses)
SELECT $1, x.unit, x.period_start, x.active, x.senders, x.newcomers
FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) AS x(unit, period_start, active, senders, newcomers)
ON CONFLICT (chain, unit, period_start) DO UPDATE SET
  active_addresses = b.active_addresses + EXCLUDED.active_addresses,
  active_senders = b.active_senders + EXCLUDED.active_senders,
  new_addresses = b.new_addresses + EXCLUDED.new_addresses`;

/**
 * One address of a batch: hex key, and its events as `hourIndex × 2 + sent`, in no order: comma-separated as the
 * database aggregates them, or as numbers when they come from memory (the indexer's RollupInputLog).
 */
export type AddressEvents = {
  key: string;
  hours: string | number[];
};

interface Counts {
  active: number;
  senders: number;
  newcomers: number;
}

let scratch = new Float64Array(1024);

/**
 * The packed hours of `events`, ascending (repeats kept: counting takes an hour once however often it comes), in a
 * buffer reused from address to address: valid until the next call.
 */
function unpackHours(events: string | number[]): Float64Array {
  if (typeof events !== 'string') {
    if (scratch.length < events.length) scratch = new Float64Array(events.length * 2);
    scratch.set(events);
    const hours = scratch.subarray(0, events.length);
    return events.length > 1 ? hours.sort() : hours;
  }
  const text = events;
  let n = 0;
  let value = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c !== 44) {
      value = value * 10 + (c - 48);
      continue;
    }
    if (n === scratch.length) {
      const grown = new Float64Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    scratch[n++] = value;
    value = 0;
  }
  const hours = scratch.subarray(0, n);
  return n > 1 ? hours.sort() : hours;
}

/** An event packed as EVENTS_SQL packs it: the hour of `timestamp` (Unix seconds) times two, plus one for a sender. */
export const packEvent = (timestamp: number, sent: boolean): number => Math.floor(timestamp / 3600) * 2 + (sent ? 1 : 0);
const hourOf = (packed: number) => ((packed - (packed % 2)) / 2) * 3600;
const sentIn = (packed: number) => packed % 2 === 1;

export async function rollUpAddresses(
  tx: Queryable, chain: number, from: bigint, to: bigint, memberships: AddressMemberships = new AddressMemberships(), events?: AddressEvents[],
): Promise<void> {
  const batch = events ?? (await readEvents(tx, chain, from, to));
  if (batch.length === 0) return;
  const known = await recall(tx, chain, batch, memberships);

  // Per unit (PERIOD_UNITS order): period start → counts.
  const buckets = PERIOD_UNITS.map(() => new Map<number, Counts>());
  const bump = (unit: number, start: number, field: keyof Counts) => {
    let c = buckets[unit]!.get(start);
    if (!c) buckets[unit]!.set(start, (c = { active: 0, senders: 0, newcomers: 0 }));
    c[field]++;
  };
  // Moves in the histogram of last hours: hour → [active, sent].
  const moves = new Map<number, [number, number]>();
  const move = (hour: number | null, field: 0 | 1, by: number) => {
    if (hour === null) return;
    let m = moves.get(hour);
    if (!m) moves.set(hour, (m = [0, 0]));
    m[field] += by;
  };

  for (let b = 0; b < batch.length; b++) {
    const { key, hours: text } = batch[b]!;
    const hours = unpackHours(text);
    // The cached membership is a live object that `set` updates: read it first.
    const before = known[b];
    const beforeActive = before?.lastActiveHour ?? null;
    const beforeSent = before?.lastSentHour ?? null;
    let lastActive = beforeActive;
    let lastSent = beforeSent;
    let activeStarts = lastActive === null ? undefined : periodStarts(lastActive);
    let sentStarts = lastSent === null ? undefined : periodStarts(lastSent);
    for (let i = 0; i < hours.length; i++) {
      const hour = hourOf(hours[i]!);
      const sent = sentIn(hours[i]!);
      const starts = periodStarts(hour);
      for (let u = 0; u < starts.length; u++) {
        const start = starts[u]!;
        if (!activeStarts || start > activeStarts[u]!) bump(u, start, 'active');
        if (sent && (!sentStarts || start > sentStarts[u]!)) bump(u, start, 'senders');
        if (before === undefined && i === 0) bump(u, start, 'newcomers');
      }
      if (lastActive === null || hour > lastActive) [lastActive, activeStarts] = [hour, starts];
      if (sent && (lastSent === null || hour > lastSent)) [lastSent, sentStarts] = [hour, starts];
    }
    if (lastActive === beforeActive && lastSent === beforeSent) continue;
    if (lastActive !== beforeActive) {
      move(beforeActive, 0, -1);
      move(lastActive, 0, 1);
    }
    if (lastSent !== beforeSent) {
      move(beforeSent, 1, -1);
      move(lastSent, 1, 1);
    }
    memberships.set(key, hourOf(hours[0]!), lastActive!, lastSent, before);
  }

  const hourMoves = [...moves].filter(([, [active, sent]]) => active !== 0 || sent !== 0);
  if (hourMoves.length > 0) {
    await tx.query(HOURS_SQL, [chain, hourMoves.map(([h]) => h), hourMoves.map(([, m]) => m[0]), hourMoves.map(([, m]) => m[1])]);
  }
  if (buckets.every((b) => b.size === 0)) return;
  const entries = buckets.flatMap((byStart, u) => [...byStart].map(([start, counts]) => ({ unit: PERIOD_UNITS[u]!, start, counts })));
  await tx.query(BUCKETS_SQL, [
    chain, entries.map((e) => e.unit), entries.map((e) => e.start),
    entries.map((e) => e.counts.active), entries.map((e) => e.counts.senders), entries.map((e) => e.counts.newcomers),
  ]);
}

const startsOfHour = new Map<number, readonly number[]>();

/** Starts of the hour's periods, in PERIOD_UNITS order (memoised: a batch asks for the same few hours again and again). */
function periodStarts(hour: number): readonly number[] {
  let starts = startsOfHour.get(hour);
  if (starts === undefined) {
    if (startsOfHour.size > 50_000) startsOfHour.clear();
    starts = PERIOD_UNITS.map((unit) => periodStart(hour, unit));
    startsOfHour.set(hour, starts);
  }
  return starts;
}

/**
 * The batch's addresses, one row each with the hours it was active in: grouping by address in the database halves
 * the rows to parse, and keys come as hex (parsing bytea values and hex-encoding them again cost more).
 */
async function readEvents(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<AddressEvents[]> {
  const { rows } = await tx.query<AddressEvents>(EVENTS_SQL, [chain, from.toString(), to.toString()]);
  return rows;
}

/**
 * What is remembered of each of the batch's addresses (aligned with `batch`; undefined for a new one): from
 * `memberships`, the rest read in one query and added to it.
 */
async function recall(
  tx: Queryable, chain: number, batch: readonly AddressEvents[], memberships: AddressMemberships,
): Promise<(CachedMembership | undefined)[]> {
  const known = new Array<CachedMembership | undefined>(batch.length);
  const misses = new Map<string, number>();
  for (let i = 0; i < batch.length; i++) {
    const key = batch[i]!.key;
    const cached = memberships.get(key);
    known[i] = cached;
    if (cached === undefined && !memberships.isNew(key)) misses.set(key, i);
  }
  if (misses.size === 0) return known;
  const { rows } = await tx.query<{ key: string; last_active_hour: string; last_sent_hour: string | null }>(RECALL_SQL, [chain, [...misses.keys()]]);
  for (const row of rows) {
    memberships.remember(row.key, { lastActiveHour: Number(row.last_active_hour), lastSentHour: row.last_sent_hour === null ? null : Number(row.last_sent_hour) });
    known[misses.get(row.key)!] = memberships.get(row.key);
  }
  return known;
}

/**
 * Makes a discarded `memberships` usable for the batch after `watermark`: every stored row when they fit (then a
 * miss means a new address), and the rows of the blocks after `addressesBlock` rebuilt from their transactions
 * (kept in memory by a writer that stopped before flushing them). Buckets and histogram already count those blocks.
 */
export async function loadMemberships(
  tx: Queryable, chain: number, memberships: AddressMemberships, watermark: { blockNumber: bigint; addressesBlock: bigint } | undefined,
): Promise<void> {
  let whole = watermark === undefined;
  if (memberships.preload && watermark !== undefined) {
    const { rows: counted } = await tx.query<{ n: string }>('SELECT count(*) AS n FROM metrics_addresses WHERE chain = $1', [chain]);
    if (Number(counted[0]!.n) <= memberships.capacity) {
      const { rows } = await tx.query<{ key: string; last_active_hour: string; last_sent_hour: string | null }>(
        `SELECT encode(address, 'hex') AS key, last_active_hour, last_sent_hour FROM metrics_addresses WHERE chain = $1`, [chain],
      );
      for (const row of rows) {
        memberships.remember(row.key, {
          lastActiveHour: Number(row.last_active_hour), lastSentHour: row.last_sent_hour === null ? null : Number(row.last_sent_hour),
        });
      }
      whole = true;
    }
  }
  memberships.loadedFrom(whole);
  if (!watermark || watermark.addressesBlock >= watermark.blockNumber) return;
  const batch = await readEvents(tx, chain, watermark.addressesBlock + 1n, watermark.blockNumber);
  const known = await recall(tx, chain, batch, memberships);
  for (let b = 0; b < batch.length; b++) {
    const { key, hours: text } = batch[b]!;
    const hours = unpackHours(text);
    const before = known[b];
    const beforeActive = before?.lastActiveHour ?? null;
    const beforeSent = before?.lastSentHour ?? null;
    let lastActive = beforeActive;
    let lastSent = beforeSent;
    for (let i = 0; i < hours.length; i++) {
      const hour = hourOf(hours[i]!);
      if (lastActive === null || hour > lastActive) lastActive = hour;
      if (sentIn(hours[i]!) && (lastSent === null || hour > lastSent)) lastSent = hour;
    }
    if (before === undefined || lastActive !== beforeActive || lastSent !== beforeSent) {
      memberships.set(key, hourOf(hours[0]!), lastActive!, lastSent, before);
    }
  }
}

/** Writes the address rows `memberships` holds back, when due (or `force`); returns whether it wrote them. */
export async function flushAddresses(tx: Queryable, chain: number, memberships: AddressMemberships, force = false): Promise<boolean> {
  if (!force && !memberships.dueForFlush()) return false;
  const rows = memberships.takeDirty();
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000);
    await tx.query(UPSERT_SQL, [
      chain, part.map((r) => r.key), part.map((r) => r.firstHour), part.map((r) => r.lastActiveHour), part.map((r) => r.lastSentHour),
    ]);
  }
  return true;
}
