import { flattenValidatorSet } from '../../codec/warp/canonical-set.js';
import type { WarpMessage } from '../../codec/warp/message.js';
import { verifyBitSetSignature, WARP_QUORUM_DENOMINATOR } from '../../codec/warp/verify.js';
import { compareBytes } from '../../lib/bytes.js';
import type { PlatformVm } from '../chains/platform/platform-vm.js';
import { PRIMARY_NETWORK_ID } from '../chains/platform/state.js';
import { effectiveQuorum, type WarpSettings } from '../chains/subnet-evm/precompiles/warp.js';

/**
 * The validator set a warp message is verified against on `receivingChainId` (warp/validators/state.go):
 * the source chain's subnet — except that a Primary Network source is checked against the receiving
 * chain's own subnet unless the config requires Primary Network signers (never for P-chain messages).
 */
export function signingSubnetFor(platform: PlatformVm, receivingChainId: Uint8Array, sourceChainId: Uint8Array, requirePrimaryNetworkSigners: boolean): Uint8Array {
  const source = platform.subnetOfChain(sourceChainId);
  const fromPChain = compareBytes(sourceChainId, platform.genesis.pChainId.id) === 0;
  if ((requirePrimaryNetworkSigners && !fromPChain) || compareBytes(source, PRIMARY_NETWORK_ID) !== 0) return source;
  return platform.subnetOfChain(receivingChainId);
}

/** Config.VerifyPredicate's signature check for predicates of `receivingChainId`, at the accepted P-chain height. */
export function evmPredicateVerifier(platform: PlatformVm, receivingChainId: Uint8Array) {
  return async (msg: WarpMessage, settings: WarpSettings): Promise<void> => {
    let subnet: Uint8Array;
    try {
      subnet = signingSubnetFor(platform, receivingChainId, msg.unsigned.sourceChainId, settings.requirePrimaryNetworkSigners);
    } catch (e) {
      throw new Error(`cannot retrieve validator set: ${(e as Error).message}`);
    }
    const set = flattenValidatorSet(await platform.store.setAt(subnet, platform.engine.lastAccepted().height));
    try {
      verifyBitSetSignature(msg.unsigned, msg.signature, platform.genesis.networkId, set, effectiveQuorum(settings), WARP_QUORUM_DENOMINATOR);
    } catch (e) {
      throw new Error(`cannot verify warp signature: ${(e as Error).message}`);
    }
  };
}
