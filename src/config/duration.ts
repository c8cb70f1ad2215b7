/** Parses Go duration strings (`30s`, `1m30s`, `500ms`, `2h`) into milliseconds; a bare number means seconds. */
export function parseDuration(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const n = Number(m[1]);
    const unit = m[2]!;
    total += n * { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!;
    consumed = re.lastIndex;
  }
  if (consumed !== t.length || t.length === 0) throw new Error(`invalid duration "${text}"`);
  return total;
}
