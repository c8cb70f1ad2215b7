import { RLP } from '@ethereumjs/rlp';
import secp256k1 from 'secp256k1';
import { keccak256 } from '../../src/node/chains/evm/crypto.js';

/** An EIP-1559 transaction's fields (access list always empty). */
export interface Eip1559Fields {
  chainId: bigint;
  nonce: number;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: bigint;
  /** Absent: a contract creation. */
  to?: Uint8Array;
  value: bigint;
  data: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** RLP drops leading zero bytes of integers: r and s are integers, not fixed-width strings. */
function stripZeros(b: Uint8Array): Uint8Array {
  let i = 0;
  while (i < b.length && b[i] === 0) i++;
  return b.subarray(i);
}

function typed(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1);
  out[0] = 2;
  out.set(payload, 1);
  return out;
}

/**
 * Signs an EIP-1559 transaction with native secp256k1 and keccak: ~20× faster than viem's signer, which
 * matters for a million transactions. Returns the raw bytes eth_sendRawTransaction takes.
 */
export function signEip1559(fields: Eip1559Fields, privateKey: Uint8Array): Uint8Array {
  const body = [fields.chainId, fields.nonce, fields.maxPriorityFeePerGas, fields.maxFeePerGas, fields.gasLimit, fields.to ?? EMPTY, fields.value, fields.data, []];
  const digest = keccak256(typed(RLP.encode(body)));
  const { signature, recid } = secp256k1.ecdsaSign(digest, privateKey);
  const r = stripZeros(signature.subarray(0, 32));
  const s = stripZeros(signature.subarray(32, 64));
  return typed(RLP.encode([...body, recid, r, s]));
}

/** The Ethereum address of a private key. */
export function addressOf(privateKey: Uint8Array): Uint8Array {
  const pub = secp256k1.publicKeyCreate(privateKey, false);
  return keccak256(pub.subarray(1)).slice(12);
}

/** The address a contract created by `sender` at `nonce` gets (CREATE). */
export function createdAddress(sender: Uint8Array, nonce: number): Uint8Array {
  return keccak256(RLP.encode([sender, nonce])).slice(12);
}

/** A private key derived from a label (deterministic, valid for secp256k1). */
export function keyFromLabel(label: string): Uint8Array {
  let key = keccak256(new TextEncoder().encode(label));
  while (!secp256k1.privateKeyVerify(key)) key = keccak256(key);
  return key;
}

/** keccak-256 of a UTF-8 label (deterministic addresses that need no key). */
export function keccakLabel(label: string): Uint8Array {
  return keccak256(new TextEncoder().encode(label));
}
