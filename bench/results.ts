import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const FILE = resolve(import.meta.dirname, '../docs/benchmarks.md');

/** Replaces the section between `<!-- bench:NAME -->` markers in docs/benchmarks.md (appends it if new). */
export function writeSection(name: string, markdown: string): void {
  let text = '';
  try {
    text = readFileSync(FILE, 'utf8');
  } catch {
    text = '# Benchmarks\n\nEvery figure here is written by a script (`npm run bench:*`); re-run it to refresh.\n';
  }
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : text.trimEnd() + '\n\n' + block + '\n';
  writeFileSync(FILE, text);
}

export function machine(): string {
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}, CPU reference ${cpuReferenceMs().toFixed(0)} ms`;
}

/**
 * A fixed single-threaded workload (JSON, hashing, bigint and typed-array work), best of three, in ms: the
 * machines these figures come from differ (one ran the same code ~2.5× slower than another), so each section
 * says how fast its machine was. Lower is faster.
 */
export function cpuReferenceMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    let acc = 0n;
    const bytes = new Uint8Array(64);
    for (let i = 0; i < 20_000; i++) {
      const o = JSON.parse(JSON.stringify({ n: i, hex: '0x' + i.toString(16).padStart(64, '0'), list: [i, i + 1, i + 2] })) as { hex: string };
      bytes[i % 64] = i & 0xff;
      acc += BigInt(o.hex) ^ BigInt('0x' + createHash('sha256').update(bytes).digest('hex'));
    }
    if (acc === -1n) throw new Error('unreachable');
    best = Math.min(best, performance.now() - t);
  }
  return best;
}
