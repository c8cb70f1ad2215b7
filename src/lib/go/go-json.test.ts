import { describe, expect, it } from 'vitest';
import { goJson } from './go-json.js';

describe('goJson', () => {
  it('sorts object keys like a Go map and keeps array order', () => {
    expect(goJson({ b: 1, a: [3, 1, 2], c: { z: null, y: true } })).toBe('{"a":[3,1,2],"b":1,"c":{"y":true,"z":null}}');
  });

  it('writes bigints as integers and undefined as null', () => {
    expect(goJson({ h: 18446744073709551615n, u: undefined })).toBe('{"h":18446744073709551615,"u":null}');
  });

  it('escapes HTML characters as json.Encoder does', () => {
    expect(goJson('requests 5 > 3 & <x>\u2028')).toBe('"requests 5 \\u003e 3 \\u0026 \\u003cx\\u003e\\u2028"');
    expect(goJson('plain')).toBe('"plain"');
  });

  it('formats floats as Go does for common values', () => {
    expect(goJson(1)).toBe('1');
    expect(goJson(0.9999592612587486)).toBe('0.9999592612587486');
    expect(goJson(1e-7)).toBe('1e-7');
  });
});
