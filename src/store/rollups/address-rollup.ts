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
 * from `memberships` (kept by the rollup stream; misses are read in one query unless it holds every member). The
 * counting is done here; the bucket deltas and the last-hour histogram are written at once, the changed address
 * rows when `memberships` flushes them (`flushAddresses`).
 */
const EVENTS_SQL = `
SELECT encode(e.address, 'hex') AS key, e.ts - ((e.ts % 3600) + 3600) % 3600 AS hour, bool_or(e.sent) AS sent
FROM (
  SELECT v.address, t.block_timestamp AS ts, v.sent FROM evm_transactions t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND v.address IS NOT NULL
  UNION ALL
  SELECT v.address, t.block_timestamp, v.sent FROM evm_token_transfers t
  CROSS JOIN LATERAL (VALUES (t.from_address, true), (t.to_address, false)) AS v(address, sent)
  WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3
) e
GROUP BY e.address, 2`;

// Rows changed since the last flush: a stored row keeps its first hour.
const UPSERT_SQL = `
INSERT INTO metrics_addresses AS m (chain, address, first_hour, last_active_hour, last_sent_hour)
SELECT $1, x.address, x.first_hour, x.last_active_hour, x.last_sent_hour
FROM unnest($2::bytea[], $3::bigint[], $4::bigint[], $5::bigint[]) AS x(address, first_hour, last_active_hour, last_sent_hour)
ON CONFLICT (chain, address) DO UPDATE SET last_active_hour = EXCLUDED.last_active_hour, last_sent_hour = EXCLUDED.last_sent_hour`;

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
  /** Hour starts with whether the address sent in that hour, packed as hour × 2 + sent (one number each: less garbage). */
  hours: number[];
}

const hourOf = (packed: number) => (packed - (packed % 2)) / 2;
const sentIn = (packed: number) => packed % 2 === 1;

interface Counts {
  active: number;
  senders: number;
  newcomers: number;
}

const keyOf = (address: Uint8Array) => Buffer.from(address.buffer, address.byteOffset, address.byteLength).toString('hex');
const addressOf = (key: string) => new Uint8Array(Buffer.from(key, 'hex'));

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
  const changed: { before: Membership | undefined; membership: Membership }[] = [];

  for (const [key, { hours }] of seen) {
    hours.sort((a, b) => a - b);
    const before = known.get(key);
    let lastActive = before?.lastActiveHour ?? null;
    let lastSent = before?.lastSentHour ?? null;
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
        if (!before && i === 0) bump(u, start, 'newcomers');
      }
      if (lastActive === null || hour > lastActive) [lastActive, activeStarts] = [hour, starts];
      if (sent && (lastSent === null || hour > lastSent)) [lastSent, sentStarts] = [hour, starts];
    }
    const after: Membership = { lastActiveHour: lastActive!, lastSentHour: lastSent };
    if (!before || after.lastActiveHour !== before.lastActiveHour || after.lastSentHour !== before.lastSentHour) {
      memberships.set(key, { address: addressOf(key), firstHour: hourOf(hours[0]!), lastActiveHour: after.lastActiveHour, lastSentHour: after.lastSentHour });
      changed.push({ before, membership: after });
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

/** The batch's addresses, each with the hours it was active in. */
async function readEvents(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<Map<string, Seen>> {
  // Addresses come as hex (the map's keys): parsing 100,000 bytea values and hex-encoding them again cost more.
  const { rows } = await tx.query<{ key: string; hour: string; sent: boolean }>(EVENTS_SQL, [chain, from.toString(), to.toString()]);
  const seen = new Map<string, Seen>();
  for (const row of rows) {
    const key = row.key;
    let s = seen.get(key);
    if (!s) seen.set(key, (s = { hours: [] }));
    s.hours.push(Number(row.hour) * 2 + (row.sent ? 1 : 0));
  }
  return seen;
}

/** What is remembered of the batch's addresses before it: from the cache, the rest in one read. */
async function recall(tx: Queryable, chain: number, seen: Map<string, Seen>, memberships: AddressMemberships): Promise<Map<string, Membership>> {
  const known = new Map<string, Membership>();
  const misses: Uint8Array[] = [];
  for (const key of seen.keys()) {
    const m = memberships.get(key);
    if (m) known.set(key, m);
    else if (!memberships.isNew(key)) misses.push(addressOf(key));
  }
  if (misses.length === 0) return known;
  const { rows } = await tx.query<{ address: Uint8Array; last_active_hour: string; last_sent_hour: string | null }>(
    'SELECT address, last_active_hour, last_sent_hour FROM metrics_addresses WHERE chain = $1 AND address = ANY($2::bytea[])',
    [chain, misses],
  );
  for (const row of rows) {
    const key = keyOf(row.address);
    const membership = { lastActiveHour: Number(row.last_active_hour), lastSentHour: row.last_sent_hour === null ? null : Number(row.last_sent_hour) };
    known.set(key, membership);
    memberships.remember(key, membership);
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
      const { rows } = await tx.query<{ address: Uint8Array; last_active_hour: string; last_sent_hour: string | null }>(
        'SELECT address, last_active_hour, last_sent_hour FROM metrics_addresses WHERE chain = $1', [chain],
      );
      for (const row of rows) {
        memberships.remember(keyOf(row.address), {
          lastActiveHour: Number(row.last_active_hour), lastSentHour: row.last_sent_hour === null ? null : Number(row.last_sent_hour),
        });
      }
      whole = true;
    }
  }
  memberships.loadedFrom(whole);
  if (!watermark || watermark.addressesBlock >= watermark.blockNumber) return;
  const seen = await readEvents(tx, chain, watermark.addressesBlock + 1n, watermark.blockNumber);
  const known = await recall(tx, chain, seen, memberships);
  for (const [key, { hours }] of seen) {
    const before = known.get(key);
    let lastActive = before?.lastActiveHour ?? null;
    let lastSent = before?.lastSentHour ?? null;
    let firstHour = Infinity;
    for (const packed of hours) {
      const hour = hourOf(packed);
      const sent = sentIn(packed);
      firstHour = Math.min(firstHour, hour);
      if (lastActive === null || hour > lastActive) lastActive = hour;
      if (sent && (lastSent === null || hour > lastSent)) lastSent = hour;
    }
    if (!before || lastActive !== before.lastActiveHour || lastSent !== before.lastSentHour) {
      memberships.set(key, { address: addressOf(key), firstHour, lastActiveHour: lastActive!, lastSentHour: lastSent });
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
      chain, part.map((r) => r.address), part.map((r) => r.firstHour), part.map((r) => r.lastActiveHour), part.map((r) => r.lastSentHour),
    ]);
  }
  return true;
}
