/** Prometheus-style histogram of node RPC round trips, per node URL host. */
export class RpcLatency {
  static readonly BUCKETS_MS = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];
  private readonly series = new Map<string, { buckets: number[]; sum: number; count: number; errors: number; calls: number }>();

  observe(info: { url: string; calls: number; ms: number; ok: boolean }): void {
    const key = new URL(info.url).pathname;
    let s = this.series.get(key);
    if (!s) {
      s = { buckets: RpcLatency.BUCKETS_MS.map(() => 0), sum: 0, count: 0, errors: 0, calls: 0 };
      this.series.set(key, s);
    }
    RpcLatency.BUCKETS_MS.forEach((limit, i) => {
      if (info.ms <= limit) s.buckets[i]!++;
    });
    s.sum += info.ms / 1000;
    s.count++;
    s.calls += info.calls;
    if (!info.ok) s.errors++;
  }

  /** Prometheus text exposition lines. */
  render(): string[] {
    const lines = [
      '# HELP firn_indexer_rpc_request_seconds Node RPC round trips (one HTTP request, possibly a batch).',
      '# TYPE firn_indexer_rpc_request_seconds histogram',
    ];
    for (const [path, s] of this.series) {
      const label = `endpoint="${path}"`;
      RpcLatency.BUCKETS_MS.forEach((limit, i) => lines.push(`firn_indexer_rpc_request_seconds_bucket{${label},le="${limit / 1000}"} ${s.buckets[i]}`));
      lines.push(`firn_indexer_rpc_request_seconds_bucket{${label},le="+Inf"} ${s.count}`);
      lines.push(`firn_indexer_rpc_request_seconds_sum{${label}} ${s.sum}`);
      lines.push(`firn_indexer_rpc_request_seconds_count{${label}} ${s.count}`);
    }
    lines.push('# HELP firn_indexer_rpc_errors_total Node RPC requests that failed at the transport level.', '# TYPE firn_indexer_rpc_errors_total counter');
    for (const [path, s] of this.series) lines.push(`firn_indexer_rpc_errors_total{endpoint="${path}"} ${s.errors}`);
    lines.push('# HELP firn_indexer_rpc_calls_total JSON-RPC calls sent (batch items counted one by one).', '# TYPE firn_indexer_rpc_calls_total counter');
    for (const [path, s] of this.series) lines.push(`firn_indexer_rpc_calls_total{endpoint="${path}"} ${s.calls}`);
    return lines;
  }
}
