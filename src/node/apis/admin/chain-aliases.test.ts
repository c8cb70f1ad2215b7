import { describe, it, expect } from 'vitest';
import { idToString } from '../../../lib/cb58.js';
import { ChainAliasRegistry } from './chain-aliases.js';

const P = new Uint8Array(32);
const X = new Uint8Array(32).fill(7);

describe('ChainAliasRegistry', () => {
  it('keeps genesis aliases, then the self-ID alias, then added ones', () => {
    const r = new ChainAliasRegistry();
    r.addChain(P, ['P', 'platform']);
    r.addChain(X, ['X', 'avm']);
    r.alias(X, 'exchange');
    expect(r.aliases(P)).toEqual(['P', 'platform', '11111111111111111111111111111111LpoYY']);
    expect(r.aliases(X)).toEqual(['X', 'avm', idToString(X), 'exchange']);
    expect(r.primaryAlias(X)).toBe('X');
    expect(r.lookup('exchange')).toEqual(X);
    expect(r.lookup(idToString(X))).toEqual(X);
  });

  it('rejects a taken alias and unknown lookups with AvalancheGo wording', () => {
    const r = new ChainAliasRegistry();
    r.addChain(P, ['P']);
    expect(() => r.alias(X, 'P')).toThrow('alias already mapped to an ID: P');
    expect(() => r.lookup('Q')).toThrow('there is no ID with alias: Q');
    expect(() => r.lookup(idToString(X))).toThrow(`there is no ID with alias: ${idToString(X)}`);
    expect(r.aliases(X)).toBeNull();
    expect(() => r.primaryAlias(X)).toThrow(`there is no alias for ID: ${idToString(X)}`);
    expect(r.primaryAliasOrDefault(X)).toBe(idToString(X));
  });

  it('returns copies and forgets removed aliases', () => {
    const r = new ChainAliasRegistry();
    r.addChain(X, ['X']);
    r.aliases(X)!.push('mutated');
    expect(r.aliases(X)).toEqual(['X', idToString(X)]);
    r.removeAliases(X);
    expect(r.aliases(X)).toBeNull();
    r.alias(P, 'X');
    expect(r.lookup('X')).toEqual(P);
  });
});
