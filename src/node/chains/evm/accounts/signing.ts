import secp256k1 from 'secp256k1';
import { keccak256 } from '../crypto.js';

/** The 20-byte address of a 32-byte private key. */
export function addressOf(privateKey: Uint8Array): Uint8Array {
  const pub = secp256k1.publicKeyCreate(privateKey, false);
  return keccak256(pub.subarray(1)).slice(12);
}

/** A 65-byte signature r ‖ s ‖ v with v = 27 + recovery id (geth's eth_sign / personal_sign form). */
export function signHash(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { signature, recid } = secp256k1.ecdsaSign(hash, privateKey);
  const out = new Uint8Array(65);
  out.set(signature, 0);
  out[64] = 27 + recid;
  return out;
}

/** EIP-191 version 0x45: keccak256("\x19Ethereum Signed Message:\n" ‖ len ‖ message) (accounts.TextHash). */
export function personalMessageHash(message: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${message.length}`);
  const buf = new Uint8Array(prefix.length + message.length);
  buf.set(prefix, 0);
  buf.set(message, prefix.length);
  return keccak256(buf);
}

/** personal_ecRecover: the signer of a personal-message signature; geth's checks and errors. */
export function recoverPersonal(message: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length !== 65) throw new Error('signature must be 65 bytes long');
  const v = signature[64]!;
  if (v !== 27 && v !== 28) throw new Error('invalid Ethereum signature (V is not 27 or 28)');
  try {
    const pub = secp256k1.ecdsaRecover(signature.subarray(0, 64), v - 27, personalMessageHash(message), false);
    return keccak256(pub.subarray(1)).slice(12);
  } catch {
    throw new Error('invalid signature');
  }
}
