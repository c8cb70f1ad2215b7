import { lockContentionReport } from '../../lib/mutex.js';

interface ProcessReport {
  header?: { nodejsVersion?: string; processId?: number };
  javascriptStack?: { message?: string; stack?: string[] };
  nativeStack?: { pc?: string; symbol?: string }[];
}

/**
 * A text dump for `admin.stacktrace` (AvalancheGo dumps every goroutine). A Node process has one JS
 * thread, so this shows that stack, the native stack, the async work that is parked on node mutexes
 * (our closest thing to blocked goroutines) and the kinds of pending I/O. Environment variables from
 * the process report are deliberately left out.
 */
export function formatStacktrace(): string {
  const report = process.report.getReport() as ProcessReport;
  const out: string[] = [];
  out.push(`stack trace at ${new Date().toISOString()} (pid ${process.pid}, node ${process.version})`, '');

  out.push('== JavaScript stack ==');
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error('stacktrace').stack ?? '';
  Error.stackTraceLimit = limit;
  out.push(...stack.split('\n').slice(1).map((l) => l.trim()), '');

  out.push('== native stack ==');
  for (const f of report.nativeStack ?? []) out.push(`${f.pc ?? ''} ${f.symbol ?? ''}`.trim());
  out.push('');

  out.push('== waiting on locks ==');
  const waiting = lockContentionReport().filter((l) => l.waitingNow.length > 0);
  if (waiting.length === 0) out.push('(none)', '');
  for (const l of waiting) {
    for (const w of l.waitingNow) out.push(`lock ${l.name}, waiting ${w.waitingMs} ms:`, ...w.stack.split('\n').map((f) => `    ${f}`), '');
  }

  out.push('== pending async resources ==');
  const counts = new Map<string, number>();
  for (const r of process.getActiveResourcesInfo()) counts.set(r, (counts.get(r) ?? 0) + 1);
  for (const [kind, n] of [...counts].sort()) out.push(`${kind}: ${n}`);
  return out.join('\n') + '\n';
}
