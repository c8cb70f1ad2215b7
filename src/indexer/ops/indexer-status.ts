import type { FollowerMetrics } from '../pipeline/follower-metrics.js';

/** A follower as operators see it. */
export interface FollowedStream {
  label: string;
  metrics: FollowerMetrics;
  /** Gap ranges recorded in the store for this stream. */
  gaps: () => Promise<{ from: bigint; to: bigint; reason: string }[]>;
}

export interface StreamStatus {
  chain: string;
  state: FollowerMetrics['state'];
  head: string | null;
  indexed: string | null;
  lag: string | null;
  gaps: { from: string; to: string; reason: string }[];
  lastError?: string;
}

/** Ready when every stream is following (not failed) within `maxLag` blocks of its node, with no open gap. */
export async function readiness(streams: readonly FollowedStream[], maxLag = 5n): Promise<{ ready: boolean; streams: StreamStatus[] }> {
  const statuses: StreamStatus[] = [];
  let ready = true;
  for (const s of streams) {
    const m = s.metrics;
    const gaps = await s.gaps();
    const lag = m.lag;
    const ok = m.state !== 'failed' && lag !== undefined && lag <= maxLag && gaps.length === 0;
    if (!ok) ready = false;
    statuses.push({
      chain: s.label,
      state: m.state,
      head: m.head?.toString() ?? null,
      indexed: m.indexed?.toString() ?? null,
      lag: lag?.toString() ?? null,
      gaps: gaps.map((g) => ({ from: g.from.toString(), to: g.to.toString(), reason: g.reason })),
      ...(m.lastError ? { lastError: m.lastError } : {}),
    });
  }
  return { ready, streams: statuses };
}

/** Prometheus text lines for the followers. */
export function renderFollowerMetrics(streams: readonly FollowedStream[]): string[] {
  const metric = (name: string, type: string, help: string, value: (m: FollowerMetrics) => number | bigint | undefined) => {
    const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
    for (const s of streams) {
      const v = value(s.metrics);
      if (v !== undefined) lines.push(`${name}{chain="${s.label}"} ${v}`);
    }
    return lines;
  };
  return [
    ...metric('firn_indexer_head_height', 'gauge', 'Last accepted height at the node.', (m) => m.head),
    ...metric('firn_indexer_indexed_height', 'gauge', 'Highest height committed to the store.', (m) => m.indexed),
    ...metric('firn_indexer_lag_blocks', 'gauge', 'Blocks accepted by the node and not yet indexed.', (m) => m.lag),
    ...metric('firn_indexer_blocks_total', 'counter', 'Blocks indexed by this process.', (m) => m.blocks),
    ...metric('firn_indexer_transactions_total', 'counter', 'Transactions indexed by this process.', (m) => m.transactions),
    ...metric('firn_indexer_rows_total', 'counter', 'Rows written by this process.', (m) => m.rows),
    ...metric('firn_indexer_errors_total', 'counter', 'Errors (node unreachable, retried).', (m) => m.errors),
    ...metric('firn_indexer_last_commit_seconds', 'gauge', 'Duration of the last batch transaction.', (m) => m.lastWriteMs / 1000),
  ];
}
