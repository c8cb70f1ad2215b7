import { describe, expect, it } from 'vitest';
import { packOwners, unpackOwners } from './packed-owners.js';

const addr = (b: number) => new Uint8Array(20).fill(b);

describe('packed owners', () => {
  it('sorts and concatenates distinct 20-byte owners', () => {
    expect(packOwners([addr(3), addr(1), addr(3), addr(2)])).toEqual(new Uint8Array([...addr(1), ...addr(2), ...addr(3)]));
  });

  it('sorts by bytes, as PostgreSQL orders bytea', () => {
    const a = new Uint8Array(20);
    a[19] = 0xff;
    const b = new Uint8Array(20);
    b[0] = 1;
    expect(packOwners([b, a])).toEqual(new Uint8Array([...a, ...b]));
  });

  it('packs no owners as empty bytes, and leaves owners that are not 20-byte ids to primary_utxo_owners', () => {
    expect(packOwners([])).toEqual(new Uint8Array(0));
    expect(packOwners([addr(1), new Uint8Array(32)])).toBeNull();
  });

  it('unpacks what it packed, each owner a view of the packed bytes', () => {
    const packed = packOwners([addr(7), addr(5)])!;
    const owners = unpackOwners(packed);
    expect(owners).toEqual([addr(5), addr(7)]);
    packed.fill(0, 20);
    expect(owners).toEqual([addr(5), new Uint8Array(20)]);
    expect(unpackOwners(new Uint8Array(0))).toEqual([]);
    // A Buffer from pg is a slice of a larger pool: the views keep its offset.
    const pool = Buffer.alloc(64, 0xff);
    const fromDatabase = unpackOwners(pool.subarray(3, 43).fill(0).fill(1, 0, 20).fill(2, 20));
    expect(fromDatabase).toEqual([new Uint8Array(20).fill(1), new Uint8Array(20).fill(2)]);
    expect(Buffer.isBuffer(fromDatabase[0])).toBe(false);
  });
});
