import { parseRegistrationJustification } from '../../codec/warp/justification.js';
import { conversionValidationId, parseL1Message, parseL1MessageOf, registerL1ValidatorValidationId } from '../../codec/warp/l1-messages.js';
import { parseAddressedCall } from '../../codec/warp/payload.js';
import type { UnsignedWarpMessage } from '../../codec/warp/unsigned-message.js';
import { compareBytes } from '../../lib/bytes.js';
import { idToString } from '../../lib/cb58.js';
import type { StateView } from '../chains/platform/state.js';

/**
 * The P-chain's ACP-118 verifier (vms/platformvm/network/warp.go signatureRequestVerifier): which of its own
 * L1 messages the P-chain's validators attest to, checked against the accepted P-chain state, with
 * AvalancheGo's error codes and messages.
 */
export interface AppError {
  code: number;
  message: string;
}

export const P_CHAIN_ERRORS = {
  FailedToParseWarpAddressedCall: 1,
  WarpAddressedCallHasSourceAddress: 2,
  FailedToParseWarpAddressedCallPayload: 3,
  UnsupportedWarpAddressedCallPayloadType: 4,
  FailedToParseJustification: 5,
  ConversionDoesNotExist: 6,
  MismatchedConversionID: 7,
  InvalidJustificationType: 8,
  FailedToParseSubnetID: 9,
  MismatchedValidationID: 10,
  ValidationDoesNotExist: 11,
  ValidationExists: 12,
  FailedToParseRegisterL1Validator: 13,
  ValidationCouldBeRegistered: 14,
  ImpossibleNonce: 15,
  WrongNonce: 16,
  WrongWeight: 17,
} as const;

const E = P_CHAIN_ERRORS;
const MAX_U64 = 0xffff_ffff_ffff_ffffn;
/** Go's %q of an ids.ID. */
const q = (id: Uint8Array) => JSON.stringify(idToString(id));
const err = (code: number, message: string): AppError => ({ code, message });

function toId(b: Uint8Array): Uint8Array {
  if (b.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${b.length}`);
  return b;
}

export function verifyPChainMessage(state: StateView, msg: UnsignedWarpMessage, justification: Uint8Array): AppError | undefined {
  let call;
  try {
    call = parseAddressedCall(msg.payload);
  } catch (e) {
    return err(E.FailedToParseWarpAddressedCall, `failed to parse warp addressed call: ${(e as Error).message}`);
  }
  if (call.sourceAddress.length !== 0) return err(E.WarpAddressedCallHasSourceAddress, 'source address should be empty');
  let payload;
  try {
    payload = parseL1Message(call.payload);
  } catch (e) {
    return err(E.FailedToParseWarpAddressedCallPayload, `failed to parse warp addressed call payload: ${(e as Error).message}`);
  }
  switch (payload.type) {
    case 'SubnetToL1Conversion':
      return verifyConversion(state, payload.id, justification);
    case 'L1ValidatorRegistration':
      return payload.registered ? verifyRegistered(state, payload.validationId) : verifyNotRegistered(state, payload.validationId, justification);
    case 'L1ValidatorWeight':
      return verifyWeight(state, payload.validationId, payload.nonce, payload.weight);
    default:
      return err(E.UnsupportedWarpAddressedCallPayloadType, `unsupported warp addressed call payload type: *message.${payload.type}`);
  }
}

function verifyConversion(state: StateView, id: Uint8Array, justification: Uint8Array): AppError | undefined {
  let subnetId: Uint8Array;
  try {
    subnetId = toId(justification);
  } catch (e) {
    return err(E.FailedToParseJustification, `failed to parse justification: ${(e as Error).message}`);
  }
  const c = state.getConversion(subnetId);
  if (!c) return err(E.ConversionDoesNotExist, `subnet ${q(subnetId)} has not been converted`);
  if (compareBytes(id, c.conversionId) !== 0) return err(E.MismatchedConversionID, `provided conversionID ${q(id)} != expected conversionID ${q(c.conversionId)}`);
  return undefined;
}

function verifyRegistered(state: StateView, validationId: Uint8Array): AppError | undefined {
  if (!state.getL1Validator(validationId)) return err(E.ValidationDoesNotExist, `validation ${q(validationId)} does not exist`);
  return undefined;
}

function verifyNotRegistered(state: StateView, validationId: Uint8Array, justificationBytes: Uint8Array): AppError | undefined {
  let j;
  try {
    j = parseRegistrationJustification(justificationBytes);
  } catch (e) {
    return err(E.FailedToParseJustification, `failed to parse justification: ${(e as Error).message}`);
  }
  if (j.preimage === 'ConvertSubnetToL1TxData') {
    let subnetId: Uint8Array;
    try {
      subnetId = toId(j.subnetId);
    } catch (e) {
      return err(E.FailedToParseSubnetID, `failed to parse subnetID: ${(e as Error).message}`);
    }
    const justificationId = conversionValidationId(subnetId, j.index);
    if (compareBytes(validationId, justificationId) !== 0) return err(E.MismatchedValidationID, `validationID ${q(validationId)} != justificationID ${q(justificationId)}`);
    if (!state.getConversion(subnetId)) return err(E.ConversionDoesNotExist, `subnet ${q(subnetId)} has not been converted`);
    if (state.getL1Validator(validationId)) return err(E.ValidationExists, `validation ${q(validationId)} exists`);
    return undefined;
  }
  if (j.preimage === 'RegisterL1ValidatorMessage') {
    let register;
    try {
      register = parseL1MessageOf(j.message, 'RegisterL1Validator');
    } catch (e) {
      return err(E.FailedToParseRegisterL1Validator, `failed to parse RegisterL1Validator justification: ${(e as Error).message}`);
    }
    const justificationId = registerL1ValidatorValidationId(j.message);
    if (compareBytes(validationId, justificationId) !== 0) return err(E.MismatchedValidationID, `validationID ${q(validationId)} != justificationID ${q(justificationId)}`);
    if (state.getL1Validator(validationId)) return err(E.ValidationExists, `validation ${q(validationId)} exists`);
    if (register.expiry <= state.timestamp) return undefined;
    // Registered and then removed before its expiry: it can never be registered again.
    if (!state.hasExpiry({ timestamp: register.expiry, validationId })) {
      return err(E.ValidationCouldBeRegistered, `validation ${q(validationId)} can be registered until ${register.expiry}`);
    }
    return undefined;
  }
  return err(E.InvalidJustificationType, 'invalid justification type: <nil>');
}

function verifyWeight(state: StateView, validationId: Uint8Array, nonce: bigint, weight: bigint): AppError | undefined {
  if (nonce === MAX_U64) return err(E.ImpossibleNonce, 'impossible nonce');
  const v = state.getL1Validator(validationId);
  if (!v) return err(E.ValidationDoesNotExist, `validation ${q(validationId)} does not exist`);
  if (nonce + 1n !== v.minNonce) return err(E.WrongNonce, `provided nonce ${nonce} != expected nonce (${v.minNonce} - 1)`);
  if (weight !== v.weight) return err(E.WrongWeight, `provided weight ${weight} != expected weight ${v.weight}`);
  return undefined;
}
