/**
 * A block's recorded callTracer results as stored (`C<hash>`): a JSON array with one trace per line, so a
 * reply can carry each trace's bytes without parsing them. JSON.stringify never writes a raw newline (and no
 * byte of a multi-byte UTF-8 character is one), so `,\n` only ever separates two traces. 'null' stands for a
 * tx without a record.
 */
export function encodeCallTraces(traces: readonly (string | undefined)[]): string {
  return `[\n${traces.map((t) => t ?? 'null').join(',\n')}\n]`;
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/** Each trace's JSON, as views of `stored`. Blocks stored before the one-per-line layout (the array on one line) are parsed and written again. */
export function decodeCallTraces(stored: Uint8Array): Uint8Array[] {
  const n = stored.length;
  if (n < 4 || stored[0] !== OPEN || stored[1] !== NEWLINE || stored[n - 2] !== NEWLINE || stored[n - 1] !== CLOSE) {
    const text = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString('utf8');
    return (JSON.parse(text) as unknown[]).map((t) => Buffer.from(JSON.stringify(t)));
  }
  // the only raw newlines are the layout's own (`[\n`, each `,\n`, `\n]`): TypedArray's native indexOf finds them
  const traces: Uint8Array[] = [];
  let start = 2;
  for (let nl = stored.indexOf(NEWLINE, start); nl !== -1 && nl < n - 2; nl = stored.indexOf(NEWLINE, start)) {
    if (stored[nl - 1] !== COMMA) throw new Error('stored call traces: a line that does not end with a comma');
    traces.push(stored.subarray(start, nl - 1));
    start = nl + 1;
  }
  traces.push(stored.subarray(start, n - 2));
  return traces;
}

/** Whether a stored trace is the record of a tx without one. */
export function isMissingTrace(trace: Uint8Array): boolean {
  return trace.length === 4 && trace[0] === 0x6e && trace[1] === 0x75 && trace[2] === 0x6c && trace[3] === 0x6c;
}
