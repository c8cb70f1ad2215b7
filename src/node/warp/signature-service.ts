import { parsePayload } from '../../codec/warp/payload.js';
import { parseUnsignedMessage, type UnsignedWarpMessage } from '../../codec/warp/unsigned-message.js';
import { compareBytes } from '../../lib/bytes.js';
import { idToString, nodeIdToString } from '../../lib/cb58.js';
import type { StateView } from '../chains/platform/state.js';
import type { DevnetMessageLog, WarpMessageSources } from './message-source.js';
import { verifyPChainMessage, type AppError } from './p-chain-verifier.js';
import type { WarpSigner } from './signers.js';

/**
 * ACP-118 signature requests (network/p2p/acp118/handler.go) answered by this process's validators: parse the
 * unsigned message, verify it — P-chain messages against P-chain state, other chains' against what the chain
 * emitted — then sign with each requested validator's BLS key.
 */
export const ERR_UNEXPECTED = -1;
/** subnet-evm's warp verifier codes, used for messages of EVM chains. */
export const EVM_PARSE_ERROR = 1;
export const EVM_VERIFY_ERROR = 2;

export interface SignedBy {
  nodeId: Uint8Array;
  publicKey: Uint8Array;
  signature: Uint8Array;
}

export class SignatureRefused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

export class UnknownSigner extends Error {}

export interface SignatureServiceOptions {
  networkId: number;
  pChainId: Uint8Array;
  /** The accepted P-chain state. */
  platformState: () => StateView;
  signers: WarpSigner[];
  sources: WarpMessageSources;
  devnetLog: DevnetMessageLog;
}

export class WarpSignatureService {
  constructor(private readonly o: SignatureServiceOptions) {}

  get signers(): readonly WarpSigner[] {
    return this.o.signers;
  }

  /** acp118.Verifier for whichever chain the message comes from; undefined means "sign it". */
  async verify(msg: UnsignedWarpMessage, justification: Uint8Array): Promise<AppError | undefined> {
    if (compareBytes(msg.sourceChainId, this.o.pChainId) === 0) return verifyPChainMessage(this.o.platformState(), msg, justification);
    if (await this.o.devnetLog.has(msg.id)) return undefined;
    const source = this.o.sources.get(msg.sourceChainId);
    if (!source) return { code: ERR_UNEXPECTED, message: `chain ${JSON.stringify(idToString(msg.sourceChainId))} is not run by this node` };
    if (await source.hasMessage(msg.sourceChainId, msg.id)) return undefined;
    let payload;
    try {
      payload = parsePayload(msg.payload);
    } catch (e) {
      return { code: EVM_PARSE_ERROR, message: `failed to parse payload: ${(e as Error).message}` };
    }
    if (payload.type === 'Hash') {
      if (source.hasAcceptedBlock && (await source.hasAcceptedBlock(msg.sourceChainId, payload.hash))) return undefined;
      return { code: EVM_VERIFY_ERROR, message: `failed to get block ${idToString(payload.hash)}: not found` };
    }
    return { code: EVM_VERIFY_ERROR, message: `message ${idToString(msg.id)} was not emitted by chain ${idToString(msg.sourceChainId)}` };
  }

  /** The validators asked for (all of this process's when none are named). */
  select(nodeIds?: Uint8Array[]): WarpSigner[] {
    if (!nodeIds || nodeIds.length === 0) return [...this.o.signers];
    return nodeIds.map((n) => {
      const s = this.o.signers.find((x) => compareBytes(x.nodeId, n) === 0);
      if (!s) throw new UnknownSigner(`${nodeIdToString(n)} is not a validator run by this node`);
      return s;
    });
  }

  /**
   * Handles one request: throws SignatureRefused with the verifier's (or signer's) AppError, UnknownSigner for
   * a node this process does not run.
   */
  async sign(messageBytes: Uint8Array, justification: Uint8Array, nodeIds?: Uint8Array[]): Promise<SignedBy[]> {
    const chosen = this.select(nodeIds);
    let msg: UnsignedWarpMessage;
    try {
      msg = parseUnsignedMessage(messageBytes);
    } catch (e) {
      throw new SignatureRefused({ code: ERR_UNEXPECTED, message: `failed to parse warp unsigned message: ${(e as Error).message}` });
    }
    const refused = await this.verify(msg, justification);
    if (refused) throw new SignatureRefused(refused);
    // warp.signer.Sign: each chain's signer only signs for its network.
    if (msg.networkId !== this.o.networkId) throw new SignatureRefused({ code: ERR_UNEXPECTED, message: 'failed to sign message: wrong networkID' });
    return chosen.map((s) => ({ nodeId: s.nodeId, publicKey: s.publicKey, signature: s.sign(msg.bytes) }));
  }
}
