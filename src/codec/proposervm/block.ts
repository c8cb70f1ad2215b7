import { sha256 } from '../../lib/hash.js';
import { LinearWriter } from '../linear/writer.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../container/envelope.js';
import { assertI64, assertId, assertU64 } from '../container/int-range.js';
import { proposerNodeIdFromCertificate, signedHeaderBytes } from './header.js';

/**
 * proposervm blocks (vms/proposervm/block): type 0 post-fork (signed or unsigned), 1 option, 2 Granite (with epoch).
 * Codec version 0, no size limit.
 */
export const PROPOSER_TYPE_POST_FORK = 0;
export const PROPOSER_TYPE_OPTION = 1;
export const PROPOSER_TYPE_GRANITE = 2;

export interface ProposerEpoch {
  pChainHeight: bigint;
  number: bigint;
  /** Unix seconds (int64). */
  startTime: bigint;
}

export interface ProposerBlockFields {
  parentId: Uint8Array;
  /** Unix seconds (int64). */
  timestamp: bigint;
  pChainHeight: bigint;
  /** DER staking certificate; empty for an unsigned block. */
  certificate: Uint8Array;
  inner: Uint8Array;
  epoch?: ProposerEpoch;
}

export interface EncodedBlock {
  id: Uint8Array;
  bytes: Uint8Array;
}

export type ProposerBlockKind = 'post-fork' | 'option' | 'granite';

export interface DecodedProposerBlock {
  kind: ProposerBlockKind;
  id: Uint8Array;
  parentId: Uint8Array;
  inner: Uint8Array;
  /** Absent for options. */
  timestamp?: bigint;
  pChainHeight?: bigint;
  certificate?: Uint8Array;
  signature?: Uint8Array;
  /** Only for Granite blocks. */
  epoch?: ProposerEpoch;
  /** ripemd160(sha256(certificate)) when the block carries a certificate. */
  proposerNodeId?: Uint8Array;
}

export function isZeroEpoch(e: ProposerEpoch | undefined): boolean {
  return !e || (e.pChainHeight === 0n && e.number === 0n && e.startTime === 0n);
}

/**
 * Builds a post-fork block: Granite (type 2) when a non-zero epoch is given, else type 0. With `sign`, the block ID
 * is computed first, then `sign(sha256(header), header)` over the header `u16 0 | chainID | parentID | blockID`
 * becomes the signature.
 */
export function encodeProposerBlock(
  f: ProposerBlockFields,
  sign?: (digest: Uint8Array, header: Uint8Array) => Uint8Array,
  chainId?: Uint8Array,
): EncodedBlock {
  const granite = !isZeroEpoch(f.epoch);
  if (sign && f.certificate.length === 0) throw new Error('signature provided when none was expected');
  if (!sign && f.certificate.length > 0) throw new Error('a certificate needs a signer');
  if (sign && !chainId) throw new Error('chainId is required to sign a proposervm block');

  const w = new LinearWriter(128 + f.inner.length + f.certificate.length);
  w.u16(0).u32(granite ? PROPOSER_TYPE_GRANITE : PROPOSER_TYPE_POST_FORK);
  w.fixed(assertId('parentId', f.parentId), 32);
  w.i64(assertI64('timestamp', f.timestamp)).u64(assertU64('pChainHeight', f.pChainHeight));
  w.bytes(f.certificate).bytes(f.inner);
  if (granite && f.epoch) {
    w.u64(assertU64('epoch.pChainHeight', f.epoch.pChainHeight)).u64(assertU64('epoch.number', f.epoch.number));
    w.i64(assertI64('epoch.startTime', f.epoch.startTime));
  }
  const unsigned = w.finish();
  const id = sha256(unsigned);
  let signature: Uint8Array = new Uint8Array(0);
  if (sign && chainId) {
    // Signers that hash for themselves (node:crypto) take the header; digest signers take its sha256.
    const header = signedHeaderBytes(chainId, f.parentId, id);
    signature = sign(sha256(header), header);
  }

  const bytes = new Uint8Array(unsigned.length + 4 + signature.length);
  bytes.set(unsigned);
  new DataView(bytes.buffer).setUint32(unsigned.length, signature.length);
  bytes.set(signature, unsigned.length + 4);
  return { id, bytes };
}

/** Option block wrapping a Commit/Abort after a proposal; ID = sha256(all bytes). */
export function encodeOptionBlock(parentId: Uint8Array, inner: Uint8Array): EncodedBlock {
  const bytes = new LinearWriter(42 + inner.length).u16(0).u32(PROPOSER_TYPE_OPTION).fixed(assertId('parentId', parentId), 32).bytes(inner).finish();
  return { id: sha256(bytes), bytes };
}

/** Strict parse (AvalancheGo's ParseWithoutVerification, minus X.509 parsing of the certificate). */
export function decodeProposerBlock(bytes: Uint8Array): DecodedProposerBlock {
  const { reader: r } = openEnvelope(bytes, Number.MAX_SAFE_INTEGER);
  const typeId = readTypeId(r);
  if (typeId === PROPOSER_TYPE_OPTION) {
    const parentId = r.fixed(32).slice();
    const inner = r.bytesField().slice();
    finish(r);
    return { kind: 'option', id: sha256(bytes), parentId, inner };
  }
  if (typeId !== PROPOSER_TYPE_POST_FORK && typeId !== PROPOSER_TYPE_GRANITE) throw unknownTypeId(typeId);

  const parentId = r.fixed(32).slice();
  const timestamp = r.i64();
  const pChainHeight = r.u64();
  const certificate = r.bytesField().slice();
  const inner = r.bytesField().slice();
  let epoch: ProposerEpoch | undefined;
  if (typeId === PROPOSER_TYPE_GRANITE) epoch = { pChainHeight: r.u64(), number: r.u64(), startTime: r.i64() };
  const unsignedEnd = r.pos;
  const signature = r.bytesField().slice();
  finish(r);

  const block: DecodedProposerBlock = {
    kind: typeId === PROPOSER_TYPE_GRANITE ? 'granite' : 'post-fork',
    id: sha256(bytes.subarray(0, unsignedEnd)),
    parentId,
    timestamp,
    pChainHeight,
    certificate,
    inner,
    signature,
  };
  if (epoch) block.epoch = epoch;
  if (certificate.length > 0) block.proposerNodeId = proposerNodeIdFromCertificate(certificate);
  return block;
}
