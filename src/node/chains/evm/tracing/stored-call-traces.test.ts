import { describe, expect, it } from 'vitest';
import { decodeCallTraces, encodeCallTraces, isMissingTrace } from './stored-call-traces.js';

const texts = (traces: Uint8Array[]) => traces.map((t) => Buffer.from(t).toString('utf8'));

describe('stored call traces', () => {
  const a = JSON.stringify({ type: 'CALL', from: '0x01', input: '0x', error: 'line\nbreak,\n"quoted" — ünïcode' });
  const b = JSON.stringify({ type: 'CREATE', calls: [{ type: 'CALL' }, { type: 'STATICCALL' }] });

  it('gives back each trace as recorded, a missing record as null', () => {
    const stored = Buffer.from(encodeCallTraces([a, undefined, b]));
    expect(JSON.parse(stored.toString())).toEqual([JSON.parse(a), null, JSON.parse(b)]);
    const traces = decodeCallTraces(stored);
    expect(texts(traces)).toEqual([a, 'null', b]);
    expect(traces.map(isMissingTrace)).toEqual([false, true, false]);
    expect(texts(decodeCallTraces(Buffer.from(encodeCallTraces([a]))))).toEqual([a]);
  });

  it('refuses a stored value whose lines are not the layout\'s', () => {
    expect(() => decodeCallTraces(Buffer.from('[\n{"a":1}\n{"b":2}\n]'))).toThrow(/does not end with a comma/);
  });

  it('reads blocks stored as a one-line array before', () => {
    expect(texts(decodeCallTraces(Buffer.from(`[${a},null,${b}]`)))).toEqual([a, 'null', b]);
  });
});
