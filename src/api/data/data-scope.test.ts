import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../store/database/database.js';
import type { ChainDirectory } from './chains/chain-directory.js';
import { dataApiVersionSource, versionOf } from './data-scope.js';

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

describe('dataApiVersionSource', () => {
  const request = (chainId: string) => ({ routeOptions: { url: '/v1/chains/:chainId/blocks' }, params: { chainId } }) as unknown as FastifyRequest;
  const db = { query: async () => ({ rows: [{ scope: 'registry', version: '1' }, { scope: 'evm:7', version: '4' }, { scope: 'primary:2', version: '9' }], rowCount: 3 }) } as unknown as Queryable;

  it('a chain the directory did not know yet gets its own scopes once it does, with no registry write between', async () => {
    let known = false;
    const chains = { evmChain: async () => (known ? { id: 7 } : Promise.reject(new Error('404'))) } as unknown as ChainDirectory;
    const source = dataApiVersionSource(db, chains);
    expect(await source(request('777'))).toBe('evm:7=4,primary:2=9,registry=1'); // every scope
    await new Promise((r) => setImmediate(r));
    known = true;
    expect(await source(request('777'))).toBe('registry=1,evm=0,evm:7=4');
  });
});
