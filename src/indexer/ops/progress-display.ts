import type { FollowedStream } from './indexer-status.js';

/**
 * A live progress view for a terminal: one line per chain with indexed/head, blocks/s (over the last
 * sampling window) and the time left at that rate.
 */
export class ProgressDisplay {
  private timer: NodeJS.Timeout | undefined;
  private lastLines = 0;
  private readonly samples = new Map<string, { at: number; blocks: number; txs: number }>();

  constructor(private readonly out: NodeJS.WriteStream, private readonly streams: () => readonly FollowedStream[], private readonly everyMs = 500) {}

  start(): void {
    this.timer = setInterval(() => this.render(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.render();
  }

  private render(): void {
    const now = Date.now();
    const lines: string[] = [];
    for (const s of this.streams()) {
      const m = s.metrics;
      const previous = this.samples.get(s.label) ?? { at: now, blocks: m.blocks, txs: m.transactions };
      const seconds = Math.max((now - previous.at) / 1000, 0.001);
      const bps = (m.blocks - previous.blocks) / seconds;
      const tps = (m.transactions - previous.txs) / seconds;
      if (now - previous.at >= 2000 || !this.samples.has(s.label)) this.samples.set(s.label, { at: now, blocks: m.blocks, txs: m.transactions });
      const head = m.head ?? 0n;
      const indexed = m.indexed ?? -1n;
      const done = head > 0n ? Number(((indexed + 1n) * 1000n) / (head + 1n)) / 10 : 100;
      const width = 24;
      const filled = Math.round((done / 100) * width);
      const lag = m.lag ?? 0n;
      const eta = bps > 0 && lag > 0n ? formatSeconds(Number(lag) / bps) : '—';
      lines.push(
        `${s.label.padEnd(20)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${indexed + 1n}/${head + 1n} ` +
          `${bps.toFixed(0).padStart(6)} blocks/s ${tps.toFixed(0).padStart(7)} tx/s  ETA ${eta}  ${m.state}`,
      );
    }
    if (this.lastLines > 0) this.out.write(`\x1b[${this.lastLines}A`);
    for (const line of lines) this.out.write(`\x1b[2K${line}\n`);
    this.lastLines = lines.length;
  }
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${Math.round(s % 60)}s`;
  return `${Math.floor(s / 3600)}h${Math.round((s % 3600) / 60)}m`;
}
