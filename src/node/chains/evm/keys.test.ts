import { describe, expect, it } from 'vitest';
import { key, u64Key, utf8 } from '../../storage/kv.js';
import { EvmKeys } from './keys.js';

describe('EvmKeys', () => {
  it('keeps the stored layout: evm/<blockchainId>/ then the kind, the number and the hash', () => {
    const id = new Uint8Array(32).map((_, i) => i + 1);
    const keys = new EvmKeys(id);
    const root = key(utf8('evm/'), id, utf8('/'));
    const hash = new Uint8Array(32).fill(0xab);
    for (const n of [0n, 42n, 2n ** 32n + 5n]) {
      expect(keys.hashByNumber(n)).toEqual(key(root, utf8('H'), u64Key(n)));
      expect(keys.block(n, hash)).toEqual(key(root, utf8('b'), u64Key(n), hash));
      expect(keys.receipts(n, hash)).toEqual(key(root, utf8('r'), u64Key(n), hash));
      expect(keys.callTraces(n, hash)).toEqual(key(root, utf8('c'), u64Key(n), hash));
    }
    expect(keys.numberByHash(hash)).toEqual(key(root, utf8('N'), hash));
    expect(keys.txLookup(hash)).toEqual(key(root, utf8('T'), hash));
    expect(keys.state).toEqual(key(root, utf8('S')));
  });
});
