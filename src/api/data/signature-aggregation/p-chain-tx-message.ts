import { encodeRegistrationJustification } from '../../../codec/warp/justification.js';
import { conversionValidationId, encodeL1Message, parseL1MessageOf, registerL1ValidatorValidationId } from '../../../codec/warp/l1-messages.js';
import { parseWarpMessage } from '../../../codec/warp/message.js';
import { encodeAddressedCall, parseAddressedCall } from '../../../codec/warp/payload.js';
import { encodeUnsignedMessage, type UnsignedWarpMessage } from '../../../codec/warp/unsigned-message.js';
import { idFromString, idToString } from '../../../lib/cb58.js';
import { hexToBytes } from '../../../lib/hex.js';
import type { PChainNodeClient } from './node-client.js';

/**
 * The warp message the P-chain attests for an L1-related tx, with the justification its validators need
 * (AvalancheGo's signatureRequestVerifier rules) and the subnet that signs it (the L1's own):
 * ConvertSubnetToL1Tx → SubnetToL1Conversion (justification: the subnet id); RegisterL1ValidatorTx →
 * L1ValidatorRegistration (registered while the validation exists; otherwise not registered, justified by
 * the RegisterL1Validator message); SetL1ValidatorWeightTx → the L1ValidatorWeight acknowledgement while the
 * validation exists, and once it is gone (a weight of 0 removes it) L1ValidatorRegistration{registered: false},
 * justified by what created the validation (the ConvertSubnetToL1Tx's subnet and index, or the
 * RegisterL1Validator message), found through `origins`.
 */
export interface PChainTxMessage {
  message: UnsignedWarpMessage;
  justification: Uint8Array;
  signingSubnetId: Uint8Array;
}

/** A tx whose message cannot be rebuilt: the route answers 400 with this text. */
export class NoWarpMessage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoWarpMessage';
  }
}

/** Where a validation came from: the tx that created it (from the index), or undefined when it is unknown. */
export type ValidationOrigins = (validationId: Uint8Array) => Promise<{ createdTxId: Uint8Array } | undefined>;

const P_CHAIN_ID = new Uint8Array(32);

function pChainMessage(networkId: number, l1Message: Uint8Array): UnsignedWarpMessage {
  return encodeUnsignedMessage(networkId, P_CHAIN_ID, encodeAddressedCall(new Uint8Array(0), l1Message));
}

/** The L1 message inside the AddressedCall of the signed warp message a tx carries. */
function carriedPayload(unsignedTx: Record<string, unknown>): Uint8Array {
  if (typeof unsignedTx.message !== 'string') throw new NoWarpMessage('the transaction carries no warp message');
  return parseAddressedCall(parseWarpMessage(hexToBytes(unsignedTx.message)).unsigned.payload).payload;
}

export async function pChainTxMessage(node: PChainNodeClient, networkId: number, txType: string, txId: Uint8Array, origins?: ValidationOrigins): Promise<PChainTxMessage> {
  const tx = await node.txJson(txId);
  switch (txType) {
    case 'ConvertSubnetToL1Tx': {
      const subnetId = idFromString(String(tx.subnetID));
      const { conversionId } = await node.subnet(subnetId);
      if (!conversionId) throw new NoWarpMessage(`subnet ${idToString(subnetId)} has not been converted`);
      return { message: pChainMessage(networkId, encodeL1Message({ type: 'SubnetToL1Conversion', id: conversionId })), justification: subnetId, signingSubnetId: subnetId };
    }
    case 'RegisterL1ValidatorTx': {
      const payload = carriedPayload(tx);
      const register = parseL1MessageOf(payload, 'RegisterL1Validator');
      const validationId = registerL1ValidatorValidationId(payload);
      const registered = (await node.l1Validator(validationId)) !== undefined;
      return {
        message: pChainMessage(networkId, encodeL1Message({ type: 'L1ValidatorRegistration', validationId, registered })),
        justification: registered ? new Uint8Array(0) : encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: payload }),
        signingSubnetId: register.subnetId,
      };
    }
    case 'SetL1ValidatorWeightTx': {
      const weight = parseL1MessageOf(carriedPayload(tx), 'L1ValidatorWeight');
      const validator = await node.l1Validator(weight.validationId);
      if (!validator) return removedValidation(node, networkId, weight.validationId, origins);
      return { message: pChainMessage(networkId, encodeL1Message(weight)), justification: new Uint8Array(0), signingSubnetId: validator.subnetId };
    }
    default:
      throw new NoWarpMessage(`a ${txType} has no P-chain warp message`);
  }
}

/**
 * The P-chain's attestation that a validation no longer exists and never can again (AvalancheGo signs
 * L1ValidatorRegistration{registered: false} given the preimage of its validation id).
 */
async function removedValidation(node: PChainNodeClient, networkId: number, validationId: Uint8Array, origins?: ValidationOrigins): Promise<PChainTxMessage> {
  const origin = await origins?.(validationId);
  if (!origin) throw new NoWarpMessage(`validation ${idToString(validationId)} no longer exists and the index does not know the tx that created it`);
  const created = await node.txJson(origin.createdTxId);
  const message = pChainMessage(networkId, encodeL1Message({ type: 'L1ValidatorRegistration', validationId, registered: false }));
  if (typeof created.message === 'string') {
    const payload = carriedPayload(created);
    const register = parseL1MessageOf(payload, 'RegisterL1Validator');
    return { message, justification: encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: payload }), signingSubnetId: register.subnetId };
  }
  if (typeof created.subnetID === 'string' && Array.isArray(created.validators)) {
    const subnetId = idFromString(created.subnetID);
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    const index = created.validators.findIndex((_, i) => same(conversionValidationId(subnetId, i), validationId));
    if (index < 0) throw new NoWarpMessage(`validation ${idToString(validationId)} is not one of the validators its ConvertSubnetToL1Tx created`);
    return { message, justification: encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId, index }), signingSubnetId: subnetId };
  }
  throw new NoWarpMessage(`tx ${idToString(origin.createdTxId)}, which created validation ${idToString(validationId)}, is neither a ConvertSubnetToL1Tx nor a RegisterL1ValidatorTx`);
}
