import { encodeHashPayload } from '../../codec/warp/payload.js';
import { encodeUnsignedMessage, type UnsignedWarpMessage } from '../../codec/warp/unsigned-message.js';
import { idToString } from '../../lib/cb58.js';
import type { PlatformVm } from '../chains/platform/platform-vm.js';
import type { EvmWarpBackend } from '../chains/evm/warp/warp-backend.js';
import { aggregateInProcess } from './aggregator.js';
import type { WarpSignatureService } from './signature-service.js';

/**
 * What an EVM chain's `warp_*` methods need (warp/service.go): its emitted messages, this node's own BLS
 * signature (after the same verification an ACP-118 request gets), and in-process aggregation over a
 * subnet's validators at the accepted P-chain height.
 */
export interface EvmWarpApi {
  networkId: number;
  chainId: Uint8Array;
  getMessage(messageId: Uint8Array): Promise<Uint8Array | undefined>;
  /** The unsigned message attesting `blockHash` (a Hash payload from this chain). */
  blockHashMessage(blockHash: Uint8Array): UnsignedWarpMessage;
  /** This node's signature over an unsigned message. */
  sign(unsigned: UnsignedWarpMessage): Promise<Uint8Array>;
  /** The signed message with at least `quorumNum`% of the subnet's weight (default subnet: this chain's). */
  aggregate(unsigned: UnsignedWarpMessage, quorumNum: number, subnetId?: Uint8Array): Promise<Uint8Array>;
}

export function createEvmWarpApi(o: { platform: PlatformVm; signatures: WarpSignatureService; backend: EvmWarpBackend; chainId: Uint8Array }): EvmWarpApi {
  const { platform, signatures } = o;
  const networkId = platform.genesis.networkId;
  const self = signatures.signers[0];
  return {
    networkId,
    chainId: o.chainId,
    getMessage: (id) => o.backend.getMessage(id),
    blockHashMessage: (hash) => encodeUnsignedMessage(networkId, o.chainId, encodeHashPayload(hash)),
    async sign(unsigned) {
      if (!self) throw new Error('this node runs no validator');
      const [signed] = await signatures.sign(unsigned.bytes, new Uint8Array(0), [self.nodeId]);
      return signed!.signature;
    },
    async aggregate(unsigned, quorumNum, subnetId) {
      const subnet = subnetId ?? platform.subnetOfChain(o.chainId);
      const validators = await platform.store.setAt(subnet, platform.engine.lastAccepted().height);
      if (validators.length === 0) throw new Error(`cannot aggregate signatures from subnet with no validators (subnet ${idToString(subnet)})`);
      const signed = await aggregateInProcess(signatures, { message: unsigned, justification: new Uint8Array(0), validators, networkId, quorumPercentage: quorumNum });
      return signed.bytes;
    },
  };
}
