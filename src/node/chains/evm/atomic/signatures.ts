import secp256k1 from 'secp256k1';
import { keccak256 } from '../crypto.js';

/** Half the secp256k1 group order: a larger `s` is a mutated (high-s) signature. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * The Ethereum address of whoever signed `digest` with a 65-byte [r ‖ s ‖ v] signature, with AvalancheGo's
 * secp256k1 checks (utils/crypto/secp256k1 RecoverPublicKeyFromHash): what an export's EVMInput must match.
 */
export function recoverEthAddress(digest: Uint8Array, sig: Uint8Array): Uint8Array {
  if (sig.length !== 65) throw new Error('invalid signature length');
  let s = 0n;
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(sig[i]!);
  if (s > HALF_N) throw new Error('signature was mutated from its original format');
  const v = sig[64]!;
  if (v > 7) throw new Error('invalid signature');
  if (v >= 4) throw new Error("wasn't expecting a compressed key");
  let pub: Uint8Array;
  try {
    pub = secp256k1.ecdsaRecover(sig.subarray(0, 64), v & 3, digest, false);
  } catch {
    throw new Error('invalid signature');
  }
  return keccak256(pub.subarray(1)).slice(12);
}
