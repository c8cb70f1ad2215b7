import { describe, expect, it } from 'vitest';
import { bytes, bytesView, maybeBytesView } from './common.js';

describe('bytea columns', () => {
  // pg hands small bytea values back as Buffers sliced from a shared pool.
  const pool = Buffer.alloc(64, 0xee);
  const column = pool.subarray(8, 12).fill(7);

  it('bytesView: a plain Uint8Array over the same memory, at the slice offset', () => {
    const view = bytesView(column);
    expect(Buffer.isBuffer(view)).toBe(false);
    expect(view).toEqual(new Uint8Array([7, 7, 7, 7]));
    column[0] = 1;
    expect(view[0]).toBe(1);
    column[0] = 7;
  });

  it('bytes: a copy that a change to the column does not reach', () => {
    const copy = bytes(column);
    column[1] = 2;
    expect(copy).toEqual(new Uint8Array([7, 7, 7, 7]));
    column[1] = 7;
  });

  it('maybeBytesView: undefined for SQL NULL', () => {
    expect(maybeBytesView(null)).toBeUndefined();
    expect(maybeBytesView(undefined)).toBeUndefined();
    expect(maybeBytesView(column)).toEqual(new Uint8Array([7, 7, 7, 7]));
  });
});
