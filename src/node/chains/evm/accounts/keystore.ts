import { randomBytes } from 'node:crypto';
import secp256k1 from 'secp256k1';
import type { EvmChain } from '../evm-chain.js';
import { addressOf } from './signing.js';

/** geth's errors (accounts/keystore, accounts/manager.go), worded as geth words them. */
export const KEYSTORE_ERRORS = {
  unknownAccount: 'unknown account',
  locked: 'authentication needed: password or unlock',
  badPassword: 'could not decrypt key with given password',
  noKey: 'no key for given address or file',
  exists: 'account already exists',
} as const;

interface Entry {
  address: Uint8Array;
  privateKey: Uint8Array;
  password: string;
  /** ms timestamp; Infinity = until the node stops; 0 = locked. */
  unlockedUntil: number;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * The node's accounts, in memory only (nothing is written to disk, so accounts made with
 * personal_newAccount / importRawKey are gone after a restart). The funded dev accounts are unlocked for
 * good with the empty password, as geth's --dev account.
 */
export class Keystore {
  private readonly entries = new Map<string, Entry>();

  constructor(devKeys: string[] = [], private readonly now: () => number = Date.now) {
    for (const k of devKeys) this.add(parseKey(k), '', Infinity);
  }

  /** Addresses in creation order (dev accounts first, by mnemonic index). */
  addresses(): Uint8Array[] {
    return [...this.entries.values()].map((e) => e.address);
  }

  has(address: Uint8Array): boolean {
    return this.entries.has(hex(address));
  }

  newAccount(password: string): Uint8Array {
    let key: Uint8Array;
    do key = new Uint8Array(randomBytes(32)); while (!secp256k1.privateKeyVerify(key));
    return this.add(key, password, 0).address;
  }

  importRawKey(keyHex: string, password: string): Uint8Array {
    const key = parseKey(keyHex);
    if (this.entries.has(hex(addressOf(key)))) throw new Error(KEYSTORE_ERRORS.exists);
    return this.add(key, password, 0).address;
  }

  /** personal_unlockAccount: seconds = 0 unlocks until the node stops. */
  unlock(address: Uint8Array, password: string, seconds: number): void {
    const e = this.withPassword(address, password, KEYSTORE_ERRORS.noKey);
    e.unlockedUntil = seconds === 0 ? Infinity : this.now() + seconds * 1000;
  }

  /** personal_lockAccount: false when the account is unknown. */
  lock(address: Uint8Array): boolean {
    const e = this.entries.get(hex(address));
    if (!e) return false;
    e.unlockedUntil = 0;
    return true;
  }

  /** The key of an unlocked account; geth's errors for unknown and locked ones. */
  unlockedKey(address: Uint8Array): Uint8Array {
    const e = this.entries.get(hex(address));
    if (!e) throw new Error(KEYSTORE_ERRORS.unknownAccount);
    if (e.unlockedUntil <= this.now()) throw new Error(KEYSTORE_ERRORS.locked);
    return e.privateKey;
  }

  /** The key, checked against a password (personal_sign, personal_sendTransaction). */
  keyWithPassword(address: Uint8Array, password: string): Uint8Array {
    return this.withPassword(address, password, KEYSTORE_ERRORS.unknownAccount).privateKey;
  }

  private withPassword(address: Uint8Array, password: string, missing: string): Entry {
    const e = this.entries.get(hex(address));
    if (!e) throw new Error(missing);
    if (e.password !== password) throw new Error(KEYSTORE_ERRORS.badPassword);
    return e;
  }

  private add(privateKey: Uint8Array, password: string, unlockedUntil: number): Entry {
    const address = addressOf(privateKey);
    const entry = { address, privateKey, password, unlockedUntil };
    if (!this.entries.has(hex(address))) this.entries.set(hex(address), entry);
    return this.entries.get(hex(address))!;
  }
}

function parseKey(text: string): Uint8Array {
  const body = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{64}$/.test(body)) throw new Error('invalid private key: want 32 bytes of hex');
  const key = new Uint8Array(Buffer.from(body, 'hex'));
  if (!secp256k1.privateKeyVerify(key)) throw new Error('invalid private key');
  return key;
}

const byChain = new WeakMap<EvmChain, Keystore>();

/** Gives a chain its keystore (c-chain.ts, from the genesis dev accounts). */
export function attachKeystore(chain: EvmChain, keystore: Keystore): void {
  byChain.set(chain, keystore);
}

/** The chain's keystore; an empty one when none was attached (eth_accounts → []). */
export function keystoreOf(chain: EvmChain): Keystore {
  let k = byChain.get(chain);
  if (!k) {
    k = new Keystore();
    byChain.set(chain, k);
  }
  return k;
}
