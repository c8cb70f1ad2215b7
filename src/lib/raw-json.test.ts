import { describe, expect, it } from 'vitest';
import { RawJson } from './raw-json.js';

describe('RawJson', () => {
  it('stringifies as the value its text holds wherever a writer does not know it', () => {
    expect(JSON.stringify({ a: RawJson.text('[{"b":"0x1"},null]') })).toBe('{"a":[{"b":"0x1"},null]}');
  });

  it('does the same for JSON it writes as bytes', () => {
    const raw = new RawJson((out) => out.text('{"b":').utf8('"é"').text('}'));
    expect(raw.text).toBe('{"b":"é"}');
    expect(JSON.stringify([raw, raw])).toBe('[{"b":"é"},{"b":"é"}]');
  });
});
