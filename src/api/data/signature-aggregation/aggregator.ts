import { flattenValidatorSet, type WarpSet } from '../../../codec/warp/canonical-set.js';
import { encodeWarpMessage } from '../../../codec/warp/message.js';
import type { UnsignedWarpMessage } from '../../../codec/warp/unsigned-message.js';
import { idToString } from '../../../lib/cb58.js';
import { aggregateForSet, QuorumNotReached, requiredWeight, type CollectedSignatures } from './aggregate-set.js';
import { NodeRpcError, type PChainNodeClient } from './node-client.js';
import { aggregateIfValid, signatureIsValid } from './signatures.js';

/**
 * Firn's signature aggregator (the upstream icm-services signature-aggregator's behaviour, data-api.md §10.2):
 * the signing subnet's canonical validator set at a P-chain height, an ACP-118 request to every node, and
 * the aggregate of the valid signatures once they carry the quorum.
 */
export interface AggregationRequest {
  message: UnsignedWarpMessage;
  justification: Uint8Array;
  /** Default: the subnet of the message's source chain. */
  signingSubnetId?: Uint8Array;
  /** 1..100 (the route maps 0 to 67). */
  quorumPercentage: number;
  quorumPercentageBuffer: number;
  /** 0 = the proposed height. */
  pChainHeight: bigint;
}

export interface AggregationResult {
  signedMessage: Uint8Array;
  signingSubnetId: Uint8Array;
  signedWeight: bigint;
  totalWeight: bigint;
}

/** Why aggregation failed, in the upstream's words (`failed to aggregate signatures. error: …`). */
export class AggregationFailed extends Error {
  constructor(readonly reason: Error) {
    super(`failed to aggregate signatures. error: ${reason.message}`);
    this.name = 'AggregationFailed';
  }
}

const PRIMARY_NETWORK = new Uint8Array(32);

export class SignatureAggregator {
  private readonly subnets = new Map<string, Uint8Array>();

  constructor(private readonly nodes: PChainNodeClient[]) {
    if (nodes.length === 0) throw new Error('a signature aggregator needs at least one node');
  }

  async aggregate(req: AggregationRequest): Promise<AggregationResult> {
    try {
      return await this.run(req);
    } catch (e) {
      if (e instanceof QuorumNotReached || e instanceof NodeRpcError || e instanceof SourceChainNotFound) throw new AggregationFailed(e);
      throw e;
    }
  }

  private async run(req: AggregationRequest): Promise<AggregationResult> {
    if (req.quorumPercentage <= 0 || req.quorumPercentage + req.quorumPercentageBuffer > 100) throw new QuorumRangeError();
    const node = this.nodes[0]!;
    const signingSubnetId = req.signingSubnetId ?? (await this.subnetOf(req.message.sourceChainId));
    const set = flattenValidatorSet(await node.validatorsAt(signingSubnetId, req.pChainHeight === 0n ? 'proposed' : req.pChainHeight));
    if (set.validators.length === 0) {
      throw new QuorumNotReached(0n, set.totalWeight, req.quorumPercentage, ` (subnet ${idToString(signingSubnetId)} has no validators with BLS keys at that height)`);
    }
    const { collected, aggregate } = await this.collect(req, set);
    const { signature, signedWeight } = aggregateForSet(req.message.bytes, set, collected, req.quorumPercentage, aggregate);
    return { signedMessage: encodeWarpMessage(req.message, signature).bytes, signingSubnetId, signedWeight, totalWeight: set.totalWeight };
  }

  /**
   * Asks every node for its validators' signatures, stopping early once the set members among them carry
   * quorum + buffer. A node's refusal is kept as the reason when too few signatures arrive.
   */
  private async collect(req: AggregationRequest, set: WarpSet): Promise<{ collected: CollectedSignatures; aggregate?: Uint8Array }> {
    const target = requiredWeight(set.totalWeight, req.quorumPercentage + req.quorumPercentageBuffer);
    const members = new Map(set.validators.map((v) => [Buffer.from(v.publicKey).toString('hex'), v.weight]));
    const collected: CollectedSignatures = new Map();
    let weight = 0n;
    let checked: { weight: bigint; aggregate?: Uint8Array } | undefined;
    let refusal: NodeRpcError | undefined;
    for (const node of this.nodes) {
      let signatures;
      try {
        signatures = await node.requestSignatures(req.message.bytes, req.justification);
      } catch (e) {
        if (!(e instanceof NodeRpcError)) throw e;
        refusal ??= e;
        continue;
      }
      for (const s of signatures) {
        const key = Buffer.from(s.publicKey).toString('hex');
        const w = members.get(key);
        if (w === undefined || collected.has(key)) continue;
        collected.set(key, s.signature);
        weight += w;
      }
      // Stop only on valid weight: an invalid signature must not end the asking early.
      checked = undefined;
      if (weight >= target) {
        checked = dropInvalid(req.message.bytes, collected, members);
        weight = checked.weight;
        if (weight >= target) break;
      }
    }
    if (weight < requiredWeight(set.totalWeight, req.quorumPercentage) && refusal) throw refusal;
    return { collected, ...(checked?.aggregate ? { aggregate: checked.aggregate } : {}) };
  }

  private async subnetOf(chainId: Uint8Array): Promise<Uint8Array> {
    if (chainId.every((b) => b === 0)) return PRIMARY_NETWORK;
    const key = idToString(chainId);
    const cached = this.subnets.get(key);
    if (cached) return cached;
    const subnet = await this.nodes[0]!.subnetOfChain(chainId);
    if (!subnet) throw new SourceChainNotFound(key);
    this.subnets.set(key, subnet);
    return subnet;
  }
}

/**
 * Removes the invalid signatures from `collected` and returns the weight of the rest. The aggregate is
 * checked first (one pairing check when every signature is valid, the usual case: its bytes are returned, so
 * they are not checked again); only when it fails is each signature checked, as upstream checks each one
 * before counting it.
 */
function dropInvalid(
  message: Uint8Array, collected: CollectedSignatures, members: ReadonlyMap<string, bigint>,
): { weight: bigint; aggregate?: Uint8Array } {
  const keys = [...collected.keys()];
  const publicKeys = keys.map((k) => Buffer.from(k, 'hex'));
  const aggregate = aggregateIfValid(message, publicKeys, keys.map((k) => collected.get(k)!));
  if (!aggregate) {
    keys.forEach((k, i) => {
      if (!signatureIsValid(message, publicKeys[i]!, collected.get(k)!)) collected.delete(k);
    });
  }
  let weight = 0n;
  for (const k of collected.keys()) weight += members.get(k)!;
  return { weight, ...(aggregate ? { aggregate } : {}) };
}

export class SourceChainNotFound extends Error {
  constructor(chainId: string) {
    super(`source blockchain not found for chain ID ${chainId}`);
    this.name = 'SourceChainNotFound';
  }
}

export class QuorumRangeError extends Error {
  constructor() {
    super('invalid total quorum percentage');
    this.name = 'QuorumRangeError';
  }
}
