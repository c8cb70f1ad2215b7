import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { formatAddress } from '../lib/bech32-address.js';
import { ripemd160, sha256 } from '../lib/hash.js';
import { bytesToHex, hexToBytes } from '../lib/hex.js';

/** The devnet's documented default mnemonic (`firn node --mnemonic`; anvil's), funding its C-chain dev accounts. */
export const DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';
/** BIP-44 path prefix of the dev accounts (`<prefix>/<index>`), as anvil and the devnet use. */
export const DEV_DERIVATION_PREFIX = "m/44'/60'/0'/0";
/** AvalancheGo's well-known local-network key ("ewoq"), funded on the X-, P- and C-chain of every local network. */
export const EWOQ_PRIVATE_KEY_HEX = '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';

export type Hex = `0x${string}`;

/** One secp256k1 key and its addresses on the three chains. */
export interface Actor {
  name: string;
  privateKey: Uint8Array;
  privateKeyHex: Hex;
  /** EIP-55 C-chain address. */
  eth: Hex;
  ethBytes: Uint8Array;
  /** ripemd160(sha256(compressed public key)): the X/P address bytes. */
  shortId: Uint8Array;
}

/** The funded keys the generator spends from: ewoq (X, P and C) and the mnemonic's dev accounts (C). */
export interface FundedKeys {
  ewoq: Actor;
  dev: Actor[];
}

export function actorFromKey(name: string, privateKey: Uint8Array): Actor {
  if (!secp256k1.utils.isValidSecretKey(privateKey)) throw new Error(`invalid secp256k1 private key for ${name}`);
  const ethBytes = keccak_256(secp256k1.getPublicKey(privateKey, false).subarray(1)).subarray(12);
  return {
    name,
    privateKey,
    privateKeyHex: bytesToHex(privateKey) as Hex,
    eth: checksumAddress(ethBytes),
    ethBytes,
    shortId: ripemd160(sha256(secp256k1.getPublicKey(privateKey, true))),
  };
}

/** EIP-55 mixed-case encoding of a 20-byte address. */
export function checksumAddress(address: Uint8Array): Hex {
  const lower = bytesToHex(address).slice(2);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower))).slice(2);
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out as Hex;
}

/** The keys a devnet started with `--mnemonic <mnemonic> --accounts <count>` funds. */
export function fundedKeys(mnemonic = DEFAULT_MNEMONIC, count = 10): FundedKeys {
  if (!validateMnemonic(mnemonic, english)) throw new Error('invalid mnemonic');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const dev: Actor[] = [];
  for (let i = 0; i < count; i++) {
    const key = root.derive(`${DEV_DERIVATION_PREFIX}/${i}`).privateKey;
    if (!key) throw new Error(`no private key at ${DEV_DERIVATION_PREFIX}/${i}`);
    dev.push(actorFromKey(`dev${i}`, key));
  }
  return { ewoq: actorFromKey('ewoq', hexToBytes(EWOQ_PRIVATE_KEY_HEX)), dev };
}

/**
 * The generator's own users: fresh keys derived from the seed (so the same seed gives the same addresses),
 * funded from the funded keys at start. Separate keys keep the generator's nonces apart from whatever a
 * developer does with the dev accounts meanwhile.
 */
export function userActors(seed: string, count: number): Actor[] {
  const out: Actor[] = [];
  for (let i = 0; out.length < count; i++) {
    const key = sha256(new TextEncoder().encode(`firn-activity/${seed}/user/${i}`));
    if (secp256k1.utils.isValidSecretKey(key)) out.push(actorFromKey(`user${out.length}`, key));
  }
  return out;
}

export const xAddressOf = (hrp: string, a: Actor | Uint8Array): string => formatAddress('X', hrp, a instanceof Uint8Array ? a : a.shortId);
export const pAddressOf = (hrp: string, a: Actor | Uint8Array): string => formatAddress('P', hrp, a instanceof Uint8Array ? a : a.shortId);
export const cAddressOf = (hrp: string, a: Actor | Uint8Array): string => formatAddress('C', hrp, a instanceof Uint8Array ? a : a.shortId);
