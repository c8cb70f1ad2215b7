import { describe, expect, it } from 'vitest';
import { isStalePreparedStatement, StatementNames } from './statement-names.js';

describe('StatementNames', () => {
  it('gives each text one stable name, distinct from every other text', () => {
    const names = new StatementNames();
    const a = names.nameOf('SELECT $1');
    const b = names.nameOf('SELECT $1, $2');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(names.nameOf('SELECT $1')).toBe(a);
    expect(names.size).toBe(2);
  });

  it('names at most `limit` texts; later ones run unnamed while the named keep their names', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('q1');
    names.nameOf('q2');
    expect(names.nameOf('q3')).toBeUndefined();
    expect(names.nameOf('q1')).toBe(first);
    expect(names.size).toBe(2);
    expect(new StatementNames(0).nameOf('q1')).toBeUndefined();
    expect(() => new StatementNames(-1)).toThrow(/non-negative integer/);
  });

  it('renews a named text under a name never used before, and leaves unknown texts unnamed', () => {
    const names = new StatementNames();
    const before = names.nameOf('q');
    const other = names.nameOf('r');
    const after = names.renew('q');
    expect(after).toBeDefined();
    expect([before, other]).not.toContain(after);
    expect(names.nameOf('q')).toBe(after);
    expect(names.renew('never seen')).toBeUndefined();
  });

  it('recognises only PostgreSQL\'s stale-plan error', () => {
    expect(isStalePreparedStatement({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePreparedStatement({ code: '0A000', message: 'something else unsupported' })).toBe(false);
    expect(isStalePreparedStatement({ code: '42P01', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePreparedStatement(new Error('boom'))).toBe(false);
    expect(isStalePreparedStatement(null)).toBe(false);
  });
});
