import { ripemd160, sha256 } from '../../lib/hash.js';
import { assertId } from '../container/int-range.js';

/** The 98-byte header a proposer signs (vms/proposervm/block/header.go): `u16 0 | chainID | parentID | blockID`. */
export function signedHeaderBytes(chainId: Uint8Array, parentId: Uint8Array, blockId: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 + 32 * 3);
  out.set(assertId('chainId', chainId), 2);
  out.set(assertId('parentId', parentId), 34);
  out.set(assertId('blockId', blockId), 66);
  return out;
}

/** sha256 of the signed header: what RSA PKCS#1 v1.5 / ECDSA P-256 staking signatures cover (staking/verify.go). */
export function signedHeaderDigest(chainId: Uint8Array, parentId: Uint8Array, blockId: Uint8Array): Uint8Array {
  return sha256(signedHeaderBytes(chainId, parentId, blockId));
}

/** NodeID of a staking certificate: ripemd160(sha256(DER certificate)) (ids.NodeIDFromCert). */
export function proposerNodeIdFromCertificate(certDer: Uint8Array): Uint8Array {
  return ripemd160(sha256(certDer));
}
