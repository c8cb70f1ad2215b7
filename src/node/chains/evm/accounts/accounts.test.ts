import { describe, expect, it } from 'vitest';
import { hashMessage, hashTypedData as viemHashTypedData, recoverAddress, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_KEYS } from '../testing.js';
import { KEYSTORE_ERRORS, Keystore } from './keystore.js';
import { addressOf, personalMessageHash, recoverPersonal, signHash } from './signing.js';
import { encodeType, hashTypedData, parseTypedData } from './typed-data.js';

const hex = (b: Uint8Array) => toHex(b);

describe('EIP-712 hashing', () => {
  const docs = [
    {
      domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
        Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    },
    {
      domain: { name: 'X', salt: `0x${'11'.repeat(32)}` },
      types: {
        Item: [{ name: 'id', type: 'uint8' }, { name: 'tags', type: 'bytes32[]' }, { name: 'blob', type: 'bytes' }, { name: 'ok', type: 'bool' }],
        Order: [{ name: 'items', type: 'Item[2]' }, { name: 'delta', type: 'int256' }, { name: 'short', type: 'bytes4' }, { name: 'matrix', type: 'uint16[][]' }],
      },
      primaryType: 'Order',
      message: {
        items: [
          { id: 1, tags: [`0x${'ab'.repeat(32)}`], blob: '0xdeadbeef', ok: true },
          { id: 255, tags: [], blob: '0x', ok: false },
        ],
        delta: '-12345678901234567890',
        short: '0x01020304',
        matrix: [[1, 2], [3]],
      },
    },
  ];

  it('matches viem for nested structs, arrays, signed ints, bytes and an implied domain type', () => {
    for (const doc of docs) {
      const ours = hashTypedData(parseTypedData(JSON.stringify(doc)));
      const viemDoc = { ...doc, message: { ...doc.message, ...('delta' in doc.message ? { delta: BigInt(doc.message.delta as string) } : {}) } };
      expect(hex(ours)).toBe(viemHashTypedData(viemDoc as never));
    }
  });

  it('encodes the type string with dependencies sorted', () => {
    expect(encodeType(docs[0]!.types as unknown as Record<string, { name: string; type: string }[]>, 'Mail')).toBe('Mail(Person from,Person to,string contents)Person(string name,address wallet)');
  });

  it('rejects malformed documents', () => {
    expect(() => parseTypedData('{')).toThrow('invalid typed data: not JSON');
    expect(() => parseTypedData({ types: {}, primaryType: 'Nope', message: {} })).toThrow('unknown primary type Nope');
    const bad = { types: { T: [{ name: 'n', type: 'uint8' }] }, primaryType: 'T', domain: {}, message: { n: 256 } };
    expect(() => hashTypedData(parseTypedData(bad))).toThrow('out of range for uint8');
  });
});

describe('signing', () => {
  it('personal messages sign and recover as viem does', async () => {
    const key = Buffer.from(TEST_KEYS[1].slice(2), 'hex');
    const address = privateKeyToAccount(TEST_KEYS[1]).address;
    expect(hex(addressOf(key))).toBe(address.toLowerCase());
    const msg = new TextEncoder().encode('firn');
    expect(hex(personalMessageHash(msg))).toBe(hashMessage('firn'));
    const sig = signHash(personalMessageHash(msg), key);
    expect(hex(sig)).toBe(await privateKeyToAccount(TEST_KEYS[1]).signMessage({ message: 'firn' }));
    expect(await recoverAddress({ hash: hashMessage('firn'), signature: hex(sig) })).toBe(address);
    expect(hex(recoverPersonal(msg, sig))).toBe(address.toLowerCase());
    expect(() => recoverPersonal(msg, sig.subarray(0, 64))).toThrow('signature must be 65 bytes long');
    const badV = sig.slice();
    badV[64] = 1;
    expect(() => recoverPersonal(msg, badV)).toThrow('invalid Ethereum signature (V is not 27 or 28)');
  });
});

describe('Keystore', () => {
  it('dev accounts are unlocked for good; new ones need their password', () => {
    let now = 1000;
    const ks = new Keystore([TEST_KEYS[0], TEST_KEYS[1]], () => now);
    const [a0, a1] = ks.addresses();
    expect(ks.unlockedKey(a0!)).toHaveLength(32);
    expect(() => ks.unlockedKey(new Uint8Array(20))).toThrow(KEYSTORE_ERRORS.unknownAccount);
    const fresh = ks.newAccount('pw');
    expect(ks.addresses()).toHaveLength(3);
    expect(() => ks.unlockedKey(fresh)).toThrow(KEYSTORE_ERRORS.locked);
    expect(() => ks.unlock(fresh, 'wrong', 10)).toThrow(KEYSTORE_ERRORS.badPassword);
    expect(() => ks.unlock(new Uint8Array(20), 'pw', 10)).toThrow(KEYSTORE_ERRORS.noKey);
    ks.unlock(fresh, 'pw', 10);
    expect(ks.unlockedKey(fresh)).toHaveLength(32);
    now += 10_001;
    expect(() => ks.unlockedKey(fresh)).toThrow(KEYSTORE_ERRORS.locked);
    ks.unlock(fresh, 'pw', 0);
    now += 1e12;
    expect(ks.unlockedKey(fresh)).toHaveLength(32);
    expect(ks.lock(fresh)).toBe(true);
    expect(ks.lock(new Uint8Array(20))).toBe(false);
    expect(() => ks.keyWithPassword(a1!, 'x')).toThrow(KEYSTORE_ERRORS.badPassword);
    expect(ks.keyWithPassword(a1!, '')).toHaveLength(32);
    expect(() => ks.importRawKey(TEST_KEYS[0], 'pw')).toThrow(KEYSTORE_ERRORS.exists);
    expect(() => ks.importRawKey('0x1234', 'pw')).toThrow('invalid private key');
    expect(hex(ks.importRawKey(TEST_KEYS[2].slice(2), 'pw'))).toBe(privateKeyToAccount(TEST_KEYS[2]).address.toLowerCase());
  });
});
