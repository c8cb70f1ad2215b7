import { describe, expect, it } from 'vitest';
import { jsonRows } from './json-rows.js';

describe('jsonRows', () => {
  it('turns the hex of bytea columns back into bytes and leaves the rest', () => {
    const rows = jsonRows([{ a: '00ff', b: null, n: '123456789012345678901234567890', i: 7 }], ['a', 'b']);
    expect(rows).toEqual([{ a: new Uint8Array([0, 255]), b: null, n: '123456789012345678901234567890', i: 7 }]);
  });

  it('reads an array given as JSON text, and none as no rows', () => {
    expect(jsonRows('[{"a":"01"}]', ['a'])).toEqual([{ a: new Uint8Array([1]) }]);
    expect(jsonRows(null, ['a'])).toEqual([]);
  });

  it('rejects what is not an array of rows, and hex that is not hex', () => {
    expect(() => jsonRows({ a: '01' }, ['a'])).toThrow(/JSON array/);
    expect(() => jsonRows([{ a: 'zz' }], ['a'])).toThrow(/invalid hex/);
  });
});
