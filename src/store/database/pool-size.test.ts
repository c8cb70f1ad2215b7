import { describe, expect, it } from 'vitest';
import { isLocalServer, poolSizeFromEnv, servePoolSize } from './pool-size.js';

describe('poolSizeFromEnv', () => {
  it('reads an integer from 1 to 100 and is undefined when unset or empty', () => {
    expect(poolSizeFromEnv({ FIRN_PG_POOL_SIZE: '3' })).toBe(3);
    expect(poolSizeFromEnv({ FIRN_PG_POOL_SIZE: ' 100 ' })).toBe(100);
    expect(poolSizeFromEnv({})).toBeUndefined();
    expect(poolSizeFromEnv({ FIRN_PG_POOL_SIZE: '' })).toBeUndefined();
  });

  it.each(['0', '101', '2.5', '-1', 'eight', '1e1'])('refuses %s with a message naming the variable', (v) => {
    expect(() => poolSizeFromEnv({ FIRN_PG_POOL_SIZE: v })).toThrow(/FIRN_PG_POOL_SIZE must be an integer from 1 to 100/);
  });
});

describe('isLocalServer', () => {
  it.each([
    'postgres://postgres@127.0.0.1:5432/db', 'postgres://u@localhost/db', 'postgresql://u@[::1]:5432/db',
    'postgres:///db', 'postgres://u@%2Fvar%2Frun%2Fpostgresql/db', 'postgres:///db?host=/var/run/postgresql',
  ])('takes %s as this machine', (url) => expect(isLocalServer(url)).toBe(true));

  it.each(['postgres://u@db.internal:5432/db', 'postgres://u@10.0.0.5/db', 'not a url'])('takes %s as another machine', (url) => {
    expect(isLocalServer(url)).toBe(false);
  });
});

describe('servePoolSize', () => {
  const local = 'postgres://postgres@127.0.0.1:5432/db';
  it('is one connection per core (2 to 8) for a server on this machine', () => {
    expect(servePoolSize(local, 1, {})).toBe(2);
    expect(servePoolSize(local, 2, {})).toBe(2);
    expect(servePoolSize(local, 6, {})).toBe(6);
    expect(servePoolSize(local, 64, {})).toBe(8);
  });

  it('is 8 for a server elsewhere, and FIRN_PG_POOL_SIZE wins over both', () => {
    expect(servePoolSize('postgres://u@db.internal/db', 2, {})).toBe(8);
    expect(servePoolSize(local, 2, { FIRN_PG_POOL_SIZE: '5' })).toBe(5);
    expect(servePoolSize('postgres://u@db.internal/db', 2, { FIRN_PG_POOL_SIZE: '3' })).toBe(3);
  });
});
