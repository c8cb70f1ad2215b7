import { encodeRegistrationJustification } from '../../../codec/warp/justification.js';
import { encodeL1Message, parseL1MessageOf, registerL1ValidatorValidationId } from '../../../codec/warp/l1-messages.js';
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
 * the RegisterL1Validator message); SetL1ValidatorWeightTx → the L1ValidatorWeight acknowledgement.
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

const P_CHAIN_ID = new Uint8Array(32);

function pChainMessage(networkId: number, l1Message: Uint8Array): UnsignedWarpMessage {
  return encodeUnsignedMessage(networkId, P_CHAIN_ID, encodeAddressedCall(new Uint8Array(0), l1Message));
}

/** The L1 message inside the AddressedCall of the signed warp message a tx carries. */
function carriedPayload(unsignedTx: Record<string, unknown>): Uint8Array {
  if (typeof unsignedTx.message !== 'string') throw new NoWarpMessage('the transaction carries no warp message');
  return parseAddressedCall(parseWarpMessage(hexToBytes(unsignedTx.message)).unsigned.payload).payload;
}

export async function pChainTxMessage(node: PChainNodeClient, networkId: number, txType: string, txId: Uint8Array): Promise<PChainTxMessage> {
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
      if (!validator) {
        throw new NoWarpMessage(`validation ${idToString(weight.validationId)} no longer exists: its removal is acknowledged by an L1ValidatorRegistration message, which this endpoint does not rebuild; use POST with that message and its justification`);
      }
      return { message: pChainMessage(networkId, encodeL1Message(weight)), justification: new Uint8Array(0), signingSubnetId: validator.subnetId };
    }
    default:
      throw new NoWarpMessage(`a ${txType} has no P-chain warp message`);
  }
}
