import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { formatBech32 } from '../../lib/bech32-address.js';
import { cb58Encode } from '../../lib/cb58.js';
import { ripemd160, sha256 } from '../../lib/hash.js';
import { bytesToHex, hexToBytes } from '../../lib/hex.js';

/** The well-known local-network key (AvalancheGo genesis/genesis_local.go `EWOQKey`). */
export const EWOQ_PRIVATE_KEY_HEX = '56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';
/**
 * AvalancheGo's second local key (`VMRQKey`): owns the local genesis validators' stake, as in genesis_local.json.
 * Its short id is `local1g65uqn6t77p656w64023nh8nd9updzmxyymev2`.
 */
export const VMRQ_PRIVATE_KEY_CB58 = 'vmRQiZeXEXYMyJhEiqdC2z5JhuDbxL8ix9UVvjgMu2Er1NepE';

export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEFAULT_DERIVATION_PREFIX = "m/44'/60'/0'/0";

/** One secp256k1 key in all the forms the three chains use. */
export interface Secp256k1Account {
  privateKey: Uint8Array;
  /** `0x…` hex of the private key. */
  privateKeyHex: string;
  /** AvalancheGo's `PrivateKey-<cb58>` form. */
  privateKeyCb58: string;
  /** 20-byte ripemd160(sha256(compressed public key)): the X/P address bytes. */
  shortId: Uint8Array;
  /** EIP-55 checksummed C-chain address. */
  ethAddress: string;
}

export function avaxShortId(privateKey: Uint8Array): Uint8Array {
  return ripemd160(sha256(secp256k1.getPublicKey(privateKey, true)));
}

export function ethAddressBytes(privateKey: Uint8Array): Uint8Array {
  return keccak_256(secp256k1.getPublicKey(privateKey, false).subarray(1)).subarray(12);
}

/** EIP-55 mixed-case checksum encoding. */
export function toChecksumAddress(address: Uint8Array): string {
  const lower = Buffer.from(address).toString('hex');
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] ?? '';
    out += parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function secp256k1Account(privateKey: Uint8Array): Secp256k1Account {
  if (!secp256k1.utils.isValidSecretKey(privateKey)) throw new Error('invalid secp256k1 private key');
  return {
    privateKey,
    privateKeyHex: bytesToHex(privateKey),
    privateKeyCb58: 'PrivateKey-' + cb58Encode(privateKey),
    shortId: avaxShortId(privateKey),
    ethAddress: toChecksumAddress(ethAddressBytes(privateKey)),
  };
}

export function ewoqAccount(): Secp256k1Account {
  return secp256k1Account(hexToBytes(EWOQ_PRIVATE_KEY_HEX));
}

/** `<chain>-<hrp>1…` address of a short id. */
export function chainAddress(chain: 'X' | 'P', hrp: string, shortId: Uint8Array): string {
  return `${chain}-${formatBech32(hrp, shortId)}`;
}

/** BIP-39 mnemonic → BIP-32 keys at `<prefix>/<i>` for i in [0, count), like anvil's dev accounts. */
export function deriveMnemonicAccounts(mnemonic: string, count: number, derivationPrefix = DEFAULT_DERIVATION_PREFIX): Secp256k1Account[] {
  if (!validateMnemonic(mnemonic, english)) throw new Error('invalid mnemonic');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const accounts: Secp256k1Account[] = [];
  for (let i = 0; i < count; i++) {
    const key = root.derive(`${derivationPrefix}/${i}`).privateKey;
    if (!key) throw new Error(`no private key at ${derivationPrefix}/${i}`);
    accounts.push(secp256k1Account(key));
  }
  return accounts;
}
