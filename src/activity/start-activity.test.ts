import { describe, expect, it } from 'vitest';
import { ALL_KINDS } from './mix.js';
import { startActivity, usesCChain } from './start-activity.js';

describe('startActivity', () => {
  it('checks its options before starting', () => {
    expect(() => startActivity({ url: 'http://127.0.0.1:9', rate: 0 })).toThrow('activity rate must be > 0');
    expect(() => startActivity({ url: 'http://127.0.0.1:9', users: 1 })).toThrow('at least 2 users');
    expect(() => startActivity({ url: 'http://127.0.0.1:9', mix: { c: 0, p: 0, x: 0, atomic: 0 } })).toThrow('no kind with a positive weight');
    expect(() => startActivity({ url: 'http://127.0.0.1:9', mnemonic: 'nope' })).toThrow('invalid mnemonic');
  });

  it('reports a node it cannot reach in stats, without throwing', async () => {
    const errors: string[] = [];
    const log = { debug() {}, info() {}, warn() {}, error: (m: string) => errors.push(m) };
    const h = startActivity({ url: 'http://127.0.0.1:9', log });
    await h.done;
    expect(h.stats.state).toBe('failed');
    expect(h.stats.error).toMatch(/fetch failed|ECONNREFUSED/);
    expect(h.stats.actions).toBe(0);
    expect(errors).toEqual(['activity generator stopped']);
    await h.stop(); // stopping a stopped generator is fine
  });
});

describe('usesCChain', () => {
  it('marks the kinds that send C-chain transactions', () => {
    expect(ALL_KINDS.filter(usesCChain).filter((k) => k.startsWith('atomic.'))).toEqual(['atomic.x-c', 'atomic.c-x', 'atomic.p-c', 'atomic.c-p']);
    expect(usesCChain('c.transfer')).toBe(true);
    expect(usesCChain('x.transfer')).toBe(false);
  });
});
