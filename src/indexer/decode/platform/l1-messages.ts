import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { sha256 } from '../../../lib/hash.js';
import { readId, readPChainOwner, type OutputOwners } from './avax-components.js';

/**
 * The warp messages the P-chain's L1 txs carry (vms/platformvm/warp, warp/payload, warp/message): a signed
 * Message whose payload is an AddressedCall whose payload is an L1 message (RegisterL1Validator,
 * L1ValidatorWeight, ...). Signatures are not checked here: the P-chain accepted the tx.
 */

export interface UnsignedWarpMessage {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
}

export interface RegisterL1ValidatorMessage {
  type: 'RegisterL1Validator';
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  blsPublicKey: Uint8Array;
  expiry: bigint;
  remainingBalanceOwner: OutputOwners;
  disableOwner: OutputOwners;
  weight: bigint;
  /** sha256 of the message bytes: the validator's validation id. */
  validationId: Uint8Array;
}

export interface L1ValidatorWeightMessage {
  type: 'L1ValidatorWeight';
  validationId: Uint8Array;
  nonce: bigint;
  weight: bigint;
}

export type L1Message = RegisterL1ValidatorMessage | L1ValidatorWeightMessage | { type: 'Other'; typeId: number };

/** Reads a signed warp message's unsigned part (the signature after it is skipped). */
export function readWarpMessage(bytes: Uint8Array): UnsignedWarpMessage {
  const r = new LinearReader(bytes);
  if (r.u16() !== 0) throw new Error('unknown warp codec version');
  const networkId = r.u32();
  const sourceChainId = readId(r);
  const payload = r.bytesField().slice();
  return { networkId, sourceChainId, payload };
}

/** The AddressedCall payload (type 1) of a warp message: source address and inner payload. */
export function readAddressedCall(payload: Uint8Array): { sourceAddress: Uint8Array; payload: Uint8Array } {
  const r = new LinearReader(payload);
  if (r.u16() !== 0) throw new Error('unknown payload codec version');
  const typeId = r.u32();
  if (typeId !== 1) throw new Error(`warp payload type ${typeId} is not an AddressedCall`);
  const sourceAddress = r.bytesField().slice();
  const inner = r.bytesField().slice();
  r.end();
  return { sourceAddress, payload: inner };
}

export function readL1Message(bytes: Uint8Array): L1Message {
  const r = new LinearReader(bytes);
  if (r.u16() !== 0) throw new Error('unknown L1 message codec version');
  const typeId = r.u32();
  if (typeId === 1) {
    const subnetId = readId(r);
    const nodeId = r.bytesField().slice();
    const blsPublicKey = r.fixed(48).slice();
    const expiry = r.u64();
    const remainingBalanceOwner = readPChainOwner(r);
    const disableOwner = readPChainOwner(r);
    const weight = r.u64();
    r.end();
    return { type: 'RegisterL1Validator', subnetId, nodeId, blsPublicKey, expiry, remainingBalanceOwner, disableOwner, weight, validationId: sha256(bytes) };
  }
  if (typeId === 3) {
    const validationId = readId(r);
    const nonce = r.u64();
    const weight = r.u64();
    r.end();
    return { type: 'L1ValidatorWeight', validationId, nonce, weight };
  }
  return { type: 'Other', typeId };
}

/** The L1 message inside a signed warp message, as carried by RegisterL1ValidatorTx and SetL1ValidatorWeightTx. */
export function l1MessageOfWarp(warpBytes: Uint8Array): L1Message {
  return readL1Message(readAddressedCall(readWarpMessage(warpBytes).payload).payload);
}

/** Validation id of the i-th validator of a ConvertSubnetToL1Tx: sha256(subnetID ‖ u32 i) (ids.ID.Append). */
export function conversionValidationId(subnetId: Uint8Array, index: number): Uint8Array {
  return sha256(new LinearWriter(36).fixed(subnetId, 32).u32(index).finish());
}

/**
 * The conversion id a ConvertSubnetToL1Tx commits to: sha256 of the SubnetToL1ConversionData message
 * (`u16 0 | subnetID | managerChainID | managerAddress | validators{nodeID, BLS key, weight}`).
 */
export function conversionIdOf(subnetId: Uint8Array, managerChainId: Uint8Array, managerAddress: Uint8Array,
  validators: readonly { nodeId: Uint8Array; blsPublicKey: Uint8Array; weight: bigint }[]): Uint8Array {
  const w = new LinearWriter(128).u16(0).fixed(subnetId, 32).fixed(managerChainId, 32).bytes(managerAddress);
  w.u32(validators.length);
  for (const v of validators) w.bytes(v.nodeId).fixed(v.blsPublicKey, 48).u64(v.weight);
  return sha256(w.finish());
}

