import { describe, it, expect } from 'vitest';
import { Address } from '@ethereumjs/util';
import { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account } from '@ethereumjs/util';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { openMemoryStore } from '../../storage/kv.js';
import { EMPTY_ROOT, EMPTY_UNCLE_HASH } from './coreth-block.js';
import { createEvmCommon } from './crypto.js';
import { buildGenesis, parseGenesis } from './genesis.js';
import { TrieDb } from './trie-db.js';
import { EWOQ, STORAGE_RUNTIME, testGenesis } from './testing.js';

const CONTRACT = '0x00000000000000000000000000000000000c0de0';
const SLOT = '0x' + '00'.repeat(31) + '01';
const VALUE = '0x' + '00'.repeat(31) + '2a';

describe('coreth genesis', () => {
  it('parses hex and decimal quantities, alloc with and without 0x', () => {
    const g = parseGenesis(JSON.stringify({ config: { chainId: 43112 }, timestamp: '1607144400', gasLimit: '0x5f5e100', alloc: { ['0x' + '11'.repeat(20)]: { balance: '100' }, ['22'.repeat(20)]: { balance: '0x10', nonce: '0x2' } } }));
    expect(g.chainId).toBe(43112n);
    expect(g.timestamp).toBe(1607144400n);
    expect(g.gasLimit).toBe(100_000_000n);
    expect(g.alloc.get('11'.repeat(20))!.balance).toBe(100n);
    expect(g.alloc.get('22'.repeat(20))!.nonce).toBe(2n);
  });

  it('refuses configs where Granite is not active at genesis, and a missing chain id', () => {
    expect(() => parseGenesis(JSON.stringify({ config: { chainId: 1, graniteTimestamp: 5 }, timestamp: '0x0' }))).toThrow(/graniteTimestamp \(5\) must be active/);
    expect(() => parseGenesis(JSON.stringify({ config: {} }))).toThrow('genesis: config.chainId is required');
  });

  it('forms the header as coreth does with Granite active, and the state root ethereumjs computes', async () => {
    const json = testGenesis({ [CONTRACT.slice(2)]: { balance: '0x0', code: STORAGE_RUNTIME, storage: { [SLOT]: VALUE } } });
    const g = parseGenesis(json);
    const common = createEvmCommon(g.chainId);
    const db = new TrieDb(openMemoryStore(), new Uint8Array([1]));
    const block = await buildGenesis(g, db, common);
    const h = block.header;
    expect(h.number).toBe(0n);
    expect(h.baseFee).toBe(225_000_000_000n);
    expect(h.extDataGasUsed).toBe(0n);
    expect(h.blockGasCost).toBe(0n);
    expect(h.blobGasUsed).toBe(0n);
    expect(h.excessBlobGas).toBe(0n);
    expect(h.parentBeaconRoot).toEqual(new Uint8Array(32));
    expect(h.timestampMs).toBe(1607144400000n);
    expect(h.minDelayExcess).toBe(7_970_124n);
    expect(h.extDataHash).toEqual(new Uint8Array(32));
    expect(h.extra).toEqual(new Uint8Array([0]));
    expect(h.gasLimit).toBe(100_000_000n);
    expect(h.difficulty).toBe(0n);
    expect(h.txRoot).toEqual(EMPTY_ROOT);
    expect(h.uncleHash).toEqual(EMPTY_UNCLE_HASH);
    expect(db.pending.size).toBeGreaterThan(0);

    // independent root: ethereumjs' default state manager (JS keccak, in-memory trie)
    const ref = new MerkleStateManager();
    await ref.putAccount(new Address(hexToBytes(EWOQ)), new Account(0n, 0x295BE96E64066972000000n));
    const c = new Address(hexToBytes(CONTRACT));
    await ref.putAccount(c, new Account(0n, 0n));
    await ref.putCode(c, hexToBytes(STORAGE_RUNTIME));
    await ref.putStorage(c, hexToBytes(SLOT), hexToBytes(VALUE));
    expect(bytesToHex(h.stateRoot)).toBe(bytesToHex(await ref.getStateRoot()));
  });
});
