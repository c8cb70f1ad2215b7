import { compareBytes } from '../../../lib/bytes.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { readPChainOwner, writePChainOwner, type PChainOwner } from '../../../codec/warp/l1-messages.js';

/**
 * ACP-77 state records (vms/platformvm/state/l1_validator.go, subnet conversions, expiries) and their storage
 * encodings. An L1 validator whose weight is 0 is deleted; one whose EndAccumulatedFee is 0 is inactive.
 */
export interface L1Validator {
  validationId: Uint8Array;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  /** Compressed G1 key. */
  publicKey: Uint8Array;
  remainingBalanceOwner: PChainOwner;
  deactivationOwner: PChainOwner;
  /** Unix seconds. */
  startTime: bigint;
  weight: bigint;
  /** The smallest nonce a weight change may use. */
  minNonce: bigint;
  /** Accrued fees at which the validator runs out of balance; 0 = inactive. */
  endAccumulatedFee: bigint;
}

export interface SubnetConversion {
  subnetId: Uint8Array;
  conversionId: Uint8Array;
  /** The validator manager's chain and address. */
  chainId: Uint8Array;
  address: Uint8Array;
}

/** A RegisterL1Validator message that must not be replayed until its expiry passes. */
export interface ExpiryEntry {
  timestamp: bigint;
  validationId: Uint8Array;
}

export const isActive = (v: L1Validator): boolean => v.endAccumulatedFee !== 0n;

/** GetActiveL1ValidatorsIterator order: EndAccumulatedFee, then validation ID. */
export function compareActive(a: L1Validator, b: L1Validator): number {
  if (a.endAccumulatedFee !== b.endAccumulatedFee) return a.endAccumulatedFee < b.endAccumulatedFee ? -1 : 1;
  return compareBytes(a.validationId, b.validationId);
}

export function encodeL1Validator(v: L1Validator): Uint8Array {
  const w = new LinearWriter(256).fixed(v.validationId, 32).fixed(v.subnetId, 32).fixed(v.nodeId, 20).fixed(v.publicKey, 48);
  writePChainOwner(w, v.remainingBalanceOwner);
  writePChainOwner(w, v.deactivationOwner);
  return w.u64(v.startTime).u64(v.weight).u64(v.minNonce).u64(v.endAccumulatedFee).finish();
}

export function decodeL1Validator(b: Uint8Array): L1Validator {
  const r = new LinearReader(b);
  return {
    validationId: r.fixed(32).slice(),
    subnetId: r.fixed(32).slice(),
    nodeId: r.fixed(20).slice(),
    publicKey: r.fixed(48).slice(),
    remainingBalanceOwner: readPChainOwner(r),
    deactivationOwner: readPChainOwner(r),
    startTime: r.u64(),
    weight: r.u64(),
    minNonce: r.u64(),
    endAccumulatedFee: r.u64(),
  };
}

export function encodeConversion(c: SubnetConversion): Uint8Array {
  return new LinearWriter(128).fixed(c.subnetId, 32).fixed(c.conversionId, 32).fixed(c.chainId, 32).bytes(c.address).finish();
}

export function decodeConversion(b: Uint8Array): SubnetConversion {
  const r = new LinearReader(b);
  return { subnetId: r.fixed(32).slice(), conversionId: r.fixed(32).slice(), chainId: r.fixed(32).slice(), address: r.bytesField().slice() };
}

/** Sortable map key of an expiry: zero-padded timestamp, then the validation ID. */
export function expiryKey(e: ExpiryEntry): string {
  return `${e.timestamp.toString().padStart(20, '0')}/${Buffer.from(e.validationId).toString('hex')}`;
}

export function expiryFromKey(k: string): ExpiryEntry {
  const [ts, id] = k.split('/') as [string, string];
  return { timestamp: BigInt(ts), validationId: new Uint8Array(Buffer.from(id, 'hex')) };
}
