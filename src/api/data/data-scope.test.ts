import { describe, expect, it } from 'vitest';
import { versionOf } from './data-scope.js';

describe('versionOf', () => {
  const versions = new Map([['registry', '3'], ['primary:1', '7'], ['evm:2', '11']]);

  it('names each scope with its version, 0 for a scope never written', () => {
    expect(versionOf(versions, ['registry', 'evm', 'evm:2'])).toBe('registry=3,evm=0,evm:2=11');
  });

  it('changes when any scope read changes, and only then; a scope ending in * reads every scope it begins', () => {
    const scopes = ['registry', 'primary*'];
    const before = versionOf(versions, scopes);
    expect(before).toBe('registry=3,[primary:1=7]');
    expect(versionOf(new Map([...versions, ['evm:2', '12']]), scopes)).toBe(before);
    expect(versionOf(new Map([...versions, ['primary:1', '8']]), scopes)).not.toBe(before);
    expect(versionOf(new Map([...versions, ['primary:4', '1']]), scopes)).not.toBe(before); // a new writer
    expect(versionOf(new Map([...versions, ['primary', '1']]), scopes)).not.toBe(before); // an undeclared write
  });

  it('every scope: changes with any of them, a new one included, whatever the order they are read in', () => {
    const all = versionOf(versions, undefined);
    expect(versionOf(new Map([...versions].reverse()), undefined)).toBe(all);
    expect(versionOf(new Map([...versions, ['evm:5', '1']]), undefined)).not.toBe(all);
    expect(versionOf(new Map([...versions, ['evm:2', '12']]), undefined)).not.toBe(all);
  });
});
