import { describe, expect, it } from 'vitest';
import { RawJson } from './raw-json.js';

describe('RawJson', () => {
  it('stringifies as the value its text holds wherever a writer does not know it', () => {
    expect(JSON.stringify({ a: new RawJson('[{"b":"0x1"},null]') })).toBe('{"a":[{"b":"0x1"},null]}');
  });
});
