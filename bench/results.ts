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
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}`;
}
