import type { Queryable } from '../database/database.js';
import { AddressMemberships, type Membership } from './address-memberships.js';
import { periodStart, PERIOD_UNITS } from './periods.js';

/**
 * Active addresses and senders per bucket, exact: an address counts in a period when it appears there and the
 * hour it was last active (or sent) before lies in an earlier period. Addresses are the from/to of
 * transactions (a creation has no `to`) and of token transfers; senders are the `from` side only. New addresses
 * (first seen ever) feed cumulativeAddresses.
 *
 * One read per table gives the batch's (address, hour) pairs; the last hours remembered for those addresses come
 * from `memberships` (a cache kept by the rollup stream; misses are read in one query). The counting is done
 * here, and only the address rows that changed and the bucket deltas are written back.
 */
const EVENTS_SQL = `
SELECT e.address, e.ts - ((e.ts % 3600) + 3600) % 3600 AS hour, bool_or(e.sent) AS sent
FROM (
  SELECT v.address, t.block_timestamp AS ts, v.sent FROM evm_transactions t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND v.address IS NOT NULL
  UNION ALL
  SELECT v.address, t.block_timestamp, v.sent FROM evm_token_transfers t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3
) e
GROUP BY 1, 2`;

// The batch computed each address's new last hours from what was stored, so known rows are set, new ones inserted.
const INSERT_SQL = `
INSERT INTO metrics_addresses (chain, address, first_hour, last_active_hour, last_sent_hour)
SELECT $1, x.address, x.first_hour, x.last_active_hour, x.last_sent_hour
FROM unnest($2::bytea[], $3::bigint[], $4::bigint[], $5::bigint[]) AS x(address, first_hour, last_active_hour, last_sent_hour)`;

const UPDATE_SQL = `
UPDATE metrics_addresses AS m SET last_active_hour = x.last_active_hour, last_sent_hour = x.last_sent_hour
FROM unnest($2::bytea[], $3::bigint[], $4::bigint[]) AS x(address, last_active_hour, last_sent_hour)
WHERE m.chain = $1 AND m.address = x.address`;

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

interface Seen {
  address: Uint8Array;
  /** Hour starts with whether the address sent in that hour. */
  hours: { hour: number; sent: boolean }[];
}

interface Counts {
  active: number;
  senders: number;
  newcomers: number;
}

const keyOf = (address: Uint8Array) => Buffer.from(address.buffer, address.byteOffset, address.byteLength).toString('hex');

export async function rollUpAddresses(
  tx: Queryable, chain: number, from: bigint, to: bigint, memberships: AddressMemberships = new AddressMemberships(),
): Promise<void> {
  const seen = await readEvents(tx, chain, from, to);
  if (seen.size === 0) return;
  const known = await recall(tx, chain, seen, memberships);

  // Per unit (PERIOD_UNITS order): period start → counts.
  const buckets = PERIOD_UNITS.map(() => new Map<number, Counts>());
  const bump = (unit: number, start: number, field: keyof Counts) => {
    let c = buckets[unit]!.get(start);
    if (!c) buckets[unit]!.set(start, (c = { active: 0, senders: 0, newcomers: 0 }));
    c[field]++;
  };
  const changed: { address: Uint8Array; firstHour: number; before: Membership | undefined; membership: Membership }[] = [];

  for (const [key, { address, hours }] of seen) {
    hours.sort((a, b) => a.hour - b.hour);
    const before = known.get(key);
    let lastActive = before?.lastActiveHour ?? null;
    let lastSent = before?.lastSentHour ?? null;
    let activeStarts = lastActive === null ? undefined : periodStarts(lastActive);
    let sentStarts = lastSent === null ? undefined : periodStarts(lastSent);
    for (const [i, { hour, sent }] of hours.entries()) {
      const starts = periodStarts(hour);
      for (let u = 0; u < starts.length; u++) {
        const start = starts[u]!;
        if (!activeStarts || start > activeStarts[u]!) bump(u, start, 'active');
        if (sent && (!sentStarts || start > sentStarts[u]!)) bump(u, start, 'senders');
        if (!before && i === 0) bump(u, start, 'newcomers');
      }
      if (lastActive === null || hour > lastActive) [lastActive, activeStarts] = [hour, starts];
      if (sent && (lastSent === null || hour > lastSent)) [lastSent, sentStarts] = [hour, starts];
    }
    const after: Membership = { lastActiveHour: lastActive!, lastSentHour: lastSent };
    memberships.set(key, after);
    if (!before || after.lastActiveHour !== before.lastActiveHour || after.lastSentHour !== before.lastSentHour) {
      changed.push({ address, firstHour: hours[0]!.hour, before, membership: after });
    }
  }

  const moves = new Map<number, { active: number; sent: number }>();
  const move = (hour: number | null | undefined, field: 'active' | 'sent', by: number) => {
    if (hour === null || hour === undefined) return;
    let m = moves.get(hour);
    if (!m) moves.set(hour, (m = { active: 0, sent: 0 }));
    m[field] += by;
  };
  for (const { before, membership } of changed) {
    if (before?.lastActiveHour !== membership.lastActiveHour) {
      move(before?.lastActiveHour, 'active', -1);
      move(membership.lastActiveHour, 'active', 1);
    }
    if ((before?.lastSentHour ?? null) !== membership.lastSentHour) {
      move(before?.lastSentHour, 'sent', -1);
      move(membership.lastSentHour, 'sent', 1);
    }
  }
  const hourMoves = [...moves].filter(([, m]) => m.active !== 0 || m.sent !== 0);
  if (hourMoves.length > 0) {
    await tx.query(HOURS_SQL, [chain, hourMoves.map(([h]) => h), hourMoves.map(([, m]) => m.active), hourMoves.map(([, m]) => m.sent)]);
  }
  const added = changed.filter((c) => !c.before);
  if (added.length > 0) {
    await tx.query(INSERT_SQL, [
      chain, added.map((c) => c.address), added.map((c) => c.firstHour),
      added.map((c) => c.membership.lastActiveHour), added.map((c) => c.membership.lastSentHour),
    ]);
  }
  const updated = changed.filter((c) => c.before);
  if (updated.length > 0) {
    await tx.query(UPDATE_SQL, [
      chain, updated.map((c) => c.address), updated.map((c) => c.membership.lastActiveHour), updated.map((c) => c.membership.lastSentHour),
    ]);
  }
  if (buckets.every((b) => b.size === 0)) return;
  const entries = buckets.flatMap((byStart, u) => [...byStart].map(([start, counts]) => ({ unit: PERIOD_UNITS[u]!, start, counts })));
  await tx.query(BUCKETS_SQL, [
    chain, entries.map((e) => e.unit), entries.map((e) => e.start),
    entries.map((e) => e.counts.active), entries.map((e) => e.counts.senders), entries.map((e) => e.counts.newcomers),
  ]);
}

const monthOfDay = new Map<number, number>();

/** Starts of the hour's periods, in PERIOD_UNITS order (months memoised by day: the Date arithmetic is the slow part). */
function periodStarts(hour: number): number[] {
  const day = periodStart(hour, 'day');
  let month = monthOfDay.get(day);
  if (month === undefined) {
    if (monthOfDay.size > 10_000) monthOfDay.clear();
    monthOfDay.set(day, (month = periodStart(day, 'month')));
  }
  return PERIOD_UNITS.map((unit) => (unit === 'hour' ? hour : unit === 'day' ? day : unit === 'week' ? periodStart(hour, 'week') : month));
}

/** The batch's addresses, each with the hours it was active in. */
async function readEvents(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<Map<string, Seen>> {
  const { rows } = await tx.query<{ address: Uint8Array; hour: string; sent: boolean }>(EVENTS_SQL, [chain, from.toString(), to.toString()]);
  const seen = new Map<string, Seen>();
  for (const row of rows) {
    const key = keyOf(row.address);
    let s = seen.get(key);
    if (!s) seen.set(key, (s = { address: new Uint8Array(row.address), hours: [] }));
    s.hours.push({ hour: Number(row.hour), sent: row.sent });
  }
  return seen;
}

/** What is remembered of the batch's addresses before it: from the cache, the rest in one read. */
async function recall(tx: Queryable, chain: number, seen: Map<string, Seen>, memberships: AddressMemberships): Promise<Map<string, Membership>> {
  const known = new Map<string, Membership>();
  const misses: Uint8Array[] = [];
  for (const [key, { address }] of seen) {
    const m = memberships.get(key);
    if (m) known.set(key, m);
    else misses.push(address);
  }
  if (misses.length === 0) return known;
  const { rows } = await tx.query<{ address: Uint8Array; last_active_hour: string; last_sent_hour: string | null }>(
    'SELECT address, last_active_hour, last_sent_hour FROM metrics_addresses WHERE chain = $1 AND address = ANY($2::bytea[])',
    [chain, misses],
  );
  for (const row of rows) {
    known.set(keyOf(row.address), {
      lastActiveHour: Number(row.last_active_hour),
      lastSentHour: row.last_sent_hour === null ? null : Number(row.last_sent_hour),
    });
  }
  return known;
}
