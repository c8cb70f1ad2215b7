/**
 * A block's recorded callTracer results as stored (`C<hash>`): a JSON array with one trace per line, so a
 * reply can carry each trace's text without parsing it. JSON.stringify never writes a raw newline, so `,\n`
 * only ever separates two traces. 'null' stands for a tx without a record.
 */
export function encodeCallTraces(traces: readonly (string | undefined)[]): string {
  return `[\n${traces.map((t) => t ?? 'null').join(',\n')}\n]`;
}

/** Each trace's JSON text. Blocks stored before the one-per-line layout (the array on one line) are parsed and written again. */
export function decodeCallTraces(text: string): string[] {
  if (text.startsWith('[\n') && text.endsWith('\n]')) return text.slice(2, -2).split(',\n');
  return (JSON.parse(text) as unknown[]).map((t) => JSON.stringify(t));
}
