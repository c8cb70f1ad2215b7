import { blsProofOfPossession, blsPublicKeyOf, blsSign } from '../../codec/warp/bls.js';
import { nodeIdToString } from '../../lib/cb58.js';

/**
 * The BLS keys of the validators this devnet process runs (the genesis validators): each one signs warp
 * messages as that validator would, after the message was verified.
 */
export interface WarpSigner {
  nodeId: Uint8Array;
  nodeIdString: string;
  /** Compressed G1 key. */
  publicKey: Uint8Array;
  proofOfPossession: Uint8Array;
  sign(unsignedMessage: Uint8Array): Uint8Array;
}

export function warpSignersFrom(validators: readonly { nodeId: Uint8Array; blsSecretKey: Uint8Array }[]): WarpSigner[] {
  return validators.map((v) => {
    const secret = v.blsSecretKey;
    return {
      nodeId: v.nodeId,
      nodeIdString: nodeIdToString(v.nodeId),
      publicKey: blsPublicKeyOf(secret),
      proofOfPossession: blsProofOfPossession(secret),
      sign: (message: Uint8Array) => blsSign(secret, message),
    };
  });
}
