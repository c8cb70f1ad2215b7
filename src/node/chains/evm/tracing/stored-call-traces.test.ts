import { describe, expect, it } from 'vitest';
import { decodeCallTraces, encodeCallTraces } from './stored-call-traces.js';

describe('stored call traces', () => {
  const a = JSON.stringify({ type: 'CALL', from: '0x01', input: '0x', error: 'line\nbreak,\n"quoted"' });
  const b = JSON.stringify({ type: 'CREATE', calls: [{ type: 'CALL' }, { type: 'STATICCALL' }] });

  it('gives back each trace text as recorded, a missing record as null', () => {
    const stored = encodeCallTraces([a, undefined, b]);
    expect(JSON.parse(stored)).toEqual([JSON.parse(a), null, JSON.parse(b)]);
    expect(decodeCallTraces(stored)).toEqual([a, 'null', b]);
    expect(decodeCallTraces(encodeCallTraces([a]))).toEqual([a]);
  });

  it('reads blocks stored as a one-line array before', () => {
    expect(decodeCallTraces(`[${a},null,${b}]`)).toEqual([a, 'null', b]);
  });
});
