import { describe, expect, it } from 'vitest';
import { blsPublicKeyOf, blsSign } from '../../../codec/warp/bls.js';
import { flattenValidatorSet, type ValidatorWeight, type WarpSet } from '../../../codec/warp/canonical-set.js';
import { parseWarpMessage, signerIndices } from '../../../codec/warp/message.js';
import { encodeUnsignedMessage } from '../../../codec/warp/unsigned-message.js';
import { verifyBitSetSignature } from '../../../codec/warp/verify.js';
import { idToString } from '../../../lib/cb58.js';
import { sha256 } from '../../../lib/hash.js';
import { QuorumNotReached } from './aggregate-set.js';
import { AggregationFailed, QuorumRangeError, SignatureAggregator, type AggregationRequest, type AggregationResult } from './aggregator.js';
import { NodeRpcError, PChainNodeClient, type SignatureFromNode } from './node-client.js';

/*
 * The aggregator over in-memory nodes: a shared P-chain (validator sets per subnet and height, chains per subnet)
 * and nodes that each run some validators, signing with real BLS keys. Nothing of the crypto is mocked: every
 * result is checked with verifyBitSetSignature against the set it claims.
 */

const NETWORK_ID = 1337;
const id = (label: string) => sha256(new TextEncoder().encode(label));
const PRIMARY_NETWORK = new Uint8Array(32);

interface Validator {
  name: string;
  secret: Uint8Array;
  publicKey: Uint8Array;
  nodeId: Uint8Array;
  weight: bigint;
}

function validator(name: string, weight: number): Validator {
  const secret = id(`validator ${name}`);
  return { name, secret, publicKey: blsPublicKeyOf(secret), nodeId: id(`node ${name}`).subarray(0, 20), weight: BigInt(weight) };
}

/** The P-chain state the nodes share: per subnet, the validator sets in force from a height on. */
class PChain {
  private readonly sets = new Map<string, Array<{ from: bigint; validators: Validator[] }>>();
  private readonly chains = new Map<string, Uint8Array>();
  constructor(public height: bigint) {}

  setFrom(subnet: Uint8Array, from: bigint, validators: Validator[]): this {
    const list = this.sets.get(idToString(subnet)) ?? [];
    list.push({ from, validators });
    list.sort((a, b) => (a.from < b.from ? -1 : 1));
    this.sets.set(idToString(subnet), list);
    return this;
  }

  chain(chainId: Uint8Array, subnet: Uint8Array): this {
    this.chains.set(idToString(chainId), subnet);
    return this;
  }

  validatorsAt(subnet: Uint8Array, height: bigint): Validator[] {
    const list = this.sets.get(idToString(subnet)) ?? [];
    return list.filter((s) => s.from <= height).at(-1)?.validators ?? [];
  }

  subnetOf(chainId: Uint8Array): Uint8Array | undefined {
    return this.chains.get(idToString(chainId));
  }
}

interface NodeBehaviour {
  /** The node refuses every request with this verifier text. */
  refuse?: string;
  /** Validators of this node whose signature is over other bytes (a valid BLS signature, not of this message). */
  wrongMessage?: Validator[];
}

/** A PChainNodeClient answered from memory: the P-chain above and ACP-118 signatures of the validators it runs. */
class MemoryNode extends PChainNodeClient {
  readonly validatorQueries: Array<{ subnet: string; height: bigint | 'proposed' }> = [];
  readonly subnetQueries: string[] = [];
  signatureRequests = 0;

  constructor(name: string, private readonly pChain: PChain, private readonly runs: Validator[], private readonly behaviour: NodeBehaviour = {}) {
    super(`memory://${name}`);
  }

  override async validatorsAt(subnetId: Uint8Array, height: bigint | 'proposed'): Promise<ValidatorWeight[]> {
    this.validatorQueries.push({ subnet: idToString(subnetId), height });
    const set = this.pChain.validatorsAt(subnetId, height === 'proposed' ? this.pChain.height : height);
    return set.map((v) => ({ nodeId: v.nodeId, weight: v.weight, publicKey: v.publicKey }));
  }

  override async subnetOfChain(chainId: Uint8Array): Promise<Uint8Array | undefined> {
    this.subnetQueries.push(idToString(chainId));
    return this.pChain.subnetOf(chainId);
  }

  override async requestSignatures(message: Uint8Array, _justification: Uint8Array): Promise<SignatureFromNode[]> {
    this.signatureRequests++;
    if (this.behaviour.refuse) throw new NodeRpcError(`node ${this.url} refused to sign: ${this.behaviour.refuse} (code 2)`, this.behaviour.refuse);
    return this.runs.map((v) => ({
      publicKey: v.publicKey,
      signature: blsSign(v.secret, this.behaviour.wrongMessage?.includes(v) ? id('some other message') : message),
    }));
  }
}

const canonical = (validators: Validator[]): WarpSet => flattenValidatorSet(validators.map((v) => ({ nodeId: v.nodeId, weight: v.weight, publicKey: v.publicKey })));

/** Checks the signed message against `validators` (quorum in percent) and answers who signed it, by name. */
function signersOf(result: AggregationResult, validators: Validator[], quorum = 67): string[] {
  const signed = parseWarpMessage(result.signedMessage);
  const set = canonical(validators);
  verifyBitSetSignature(signed.unsigned, signed.signature, NETWORK_ID, set, BigInt(quorum), 100n);
  const byKey = new Map(validators.map((v) => [Buffer.from(v.publicKey).toString('hex'), v.name]));
  return signerIndices(signed.signature.signers).map((i) => byKey.get(Buffer.from(set.validators[i]!.publicKey).toString('hex'))!).sort();
}

function request(sourceChainId: Uint8Array, over: Partial<AggregationRequest> = {}): AggregationRequest {
  return {
    message: encodeUnsignedMessage(NETWORK_ID, sourceChainId, new TextEncoder().encode('a payload')),
    justification: new Uint8Array(0),
    quorumPercentage: 67,
    quorumPercentageBuffer: 0,
    pChainHeight: 0n,
    ...over,
  };
}

async function failure(p: Promise<unknown>): Promise<AggregationFailed> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AggregationFailed);
  return e as AggregationFailed;
}

describe('SignatureAggregator: the signing subnet', () => {
  const subnetA = id('subnet A');
  const subnetB = id('subnet B');
  const chainOfA = id('chain on subnet A');
  const a = [validator('a1', 40), validator('a2', 30), validator('a3', 30)];
  const b = [validator('b1', 50), validator('b2', 50)];
  const p = [validator('p1', 60), validator('p2', 40)];
  const setup = () => {
    const pChain = new PChain(10n).setFrom(subnetA, 1n, a).setFrom(subnetB, 1n, b).setFrom(PRIMARY_NETWORK, 0n, p).chain(chainOfA, subnetA);
    const node = new MemoryNode('all', pChain, [...a, ...b, ...p]);
    return { node, aggregator: new SignatureAggregator([node]) };
  };

  it('uses signingSubnetId over the source chain\'s subnet: its set is asked for and signs, and the result verifies against it only', async () => {
    const { node, aggregator } = setup();
    const result = await aggregator.aggregate(request(chainOfA, { signingSubnetId: subnetB }));
    expect(node.validatorQueries).toEqual([{ subnet: idToString(subnetB), height: 'proposed' }]);
    expect(node.subnetQueries).toEqual([]);
    expect(idToString(result.signingSubnetId)).toBe(idToString(subnetB));
    expect([result.signedWeight, result.totalWeight]).toEqual([100n, 100n]);
    expect(signersOf(result, b)).toEqual(['b1', 'b2']);
    expect(() => signersOf(result, a)).toThrow();
  });

  it('defaults to the subnet of the source chain, looked up once', async () => {
    const { node, aggregator } = setup();
    const result = await aggregator.aggregate(request(chainOfA));
    expect(node.subnetQueries).toEqual([idToString(chainOfA)]);
    expect(node.validatorQueries).toEqual([{ subnet: idToString(subnetA), height: 'proposed' }]);
    expect(idToString(result.signingSubnetId)).toBe(idToString(subnetA));
    expect(signersOf(result, a)).toEqual(['a1', 'a2', 'a3']);
    expect(() => signersOf(result, b)).toThrow();
    await aggregator.aggregate(request(chainOfA));
    expect(node.subnetQueries).toHaveLength(1);
  });

  it('signs a P-chain message (all-zero source chain) with the primary network, without looking the chain up', async () => {
    const { node, aggregator } = setup();
    const result = await aggregator.aggregate(request(new Uint8Array(32)));
    expect(node.subnetQueries).toEqual([]);
    expect(node.validatorQueries).toEqual([{ subnet: idToString(PRIMARY_NETWORK), height: 'proposed' }]);
    expect(signersOf(result, p)).toEqual(['p1', 'p2']);
  });

  it('fails with the upstream text for a source chain the P-chain does not know', async () => {
    const { aggregator } = setup();
    const unknown = id('unknown chain');
    const e = await failure(aggregator.aggregate(request(unknown)));
    expect(e.message).toBe(`failed to aggregate signatures. error: source blockchain not found for chain ID ${idToString(unknown)}`);
  });
});

describe('SignatureAggregator: pChainHeight', () => {
  const subnet = id('subnet');
  const chain = id('chain');
  const stayed = [validator('s1', 40), validator('s2', 30), validator('s3', 30)];
  const left = validator('left', 100);
  // Validators with BLS keys from height 10; `left` (half the weight then) is removed at height 20; now: 25.
  const pChain = new PChain(25n).setFrom(subnet, 10n, [...stayed, left]).setFrom(subnet, 20n, stayed).chain(chain, subnet);

  it('0 asks for the proposed set, n for the set at height n, and the set at that height is who signs', async () => {
    const nodes = [new MemoryNode('stayed', pChain, stayed), new MemoryNode('left', pChain, [left])];
    const aggregator = new SignatureAggregator(nodes);

    const now = await aggregator.aggregate(request(chain, { pChainHeight: 0n }));
    expect(now.totalWeight).toBe(100n);
    expect(signersOf(now, stayed)).toEqual(['s1', 's2', 's3']);

    const before = await aggregator.aggregate(request(chain, { pChainHeight: 15n, quorumPercentage: 100 }));
    expect(before.totalWeight).toBe(200n);
    expect(signersOf(before, [...stayed, left], 100)).toEqual(['left', 's1', 's2', 's3']);
    expect(() => signersOf(before, stayed)).toThrow();

    expect(nodes[0]!.validatorQueries.map((q) => q.height)).toEqual(['proposed', 15n]);
  });

  it('needs the validator that has left at a height it was in the set, and fails without it', async () => {
    const aggregator = new SignatureAggregator([new MemoryNode('stayed', pChain, stayed)]);
    expect((await aggregator.aggregate(request(chain, { pChainHeight: 20n }))).signedWeight).toBe(100n);
    const e = await failure(aggregator.aggregate(request(chain, { pChainHeight: 19n })));
    expect(e.message).toBe("failed to aggregate signatures. error: failed to collect a threshold of signatures: valid signatures carry 100 of the signing subnet's 200 weight, 67% is required");
  });

  it('fails at a height before the subnet had validators with BLS keys', async () => {
    const aggregator = new SignatureAggregator([new MemoryNode('stayed', pChain, stayed)]);
    const e = await failure(aggregator.aggregate(request(chain, { pChainHeight: 9n })));
    expect(e.message).toBe(`failed to aggregate signatures. error: failed to collect a threshold of signatures: valid signatures carry 0 of the signing subnet's 0 weight, 67% is required (subnet ${idToString(subnet)} has no validators with BLS keys at that height)`);
  });
});

describe('SignatureAggregator: quorum, buffer, invalid signatures and refusals', () => {
  const subnet = id('buffered subnet');
  const chain = id('buffered chain');
  // Total 100: node A runs v0 + v1 (40), B runs v2 (30), C runs v3 (20), D runs v4 (10).
  const v = [validator('v0', 30), validator('v1', 10), validator('v2', 30), validator('v3', 20), validator('v4', 10)];
  const pChain = new PChain(5n).setFrom(subnet, 1n, v).chain(chain, subnet);
  const nodes = (behaviour: { a?: NodeBehaviour; b?: NodeBehaviour } = {}) => [
    new MemoryNode('a', pChain, [v[0]!, v[1]!], behaviour.a),
    new MemoryNode('b', pChain, [v[2]!], behaviour.b),
    new MemoryNode('c', pChain, [v[3]!]),
    new MemoryNode('d', pChain, [v[4]!]),
  ];
  const asked = (list: MemoryNode[]) => list.map((n) => n.signatureRequests);

  it('keeps asking nodes while only the quorum has signed and stops once quorum + buffer has', async () => {
    const list = nodes();
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 60, quorumPercentageBuffer: 20 }));
    expect(asked(list)).toEqual([1, 1, 1, 0]); // 40, 70 (quorum, not 80), 90
    expect(result.signedWeight).toBe(90n);
    expect(signersOf(result, v, 80)).toEqual(['v0', 'v1', 'v2', 'v3']);
  });

  it('stops at the quorum when there is no buffer', async () => {
    const list = nodes();
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 60 }));
    expect(asked(list)).toEqual([1, 1, 0, 0]);
    expect(result.signedWeight).toBe(70n);
    expect(signersOf(result, v, 60)).toEqual(['v0', 'v1', 'v2']);
  });

  it('succeeds with the quorum when the nodes run out before quorum + buffer', async () => {
    const list = nodes().slice(0, 3);
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 60, quorumPercentageBuffer: 40 }));
    expect(asked(list)).toEqual([1, 1, 1]);
    expect(result.signedWeight).toBe(90n);
    expect(signersOf(result, v, 60)).toEqual(['v0', 'v1', 'v2', 'v3']);
    expect(() => signersOf(result, v, 100)).toThrow(/signature weight is insufficient/);
  });

  it('does not count a signature that does not verify, nor one of a key outside the set', async () => {
    const outsider = validator('outsider', 1000);
    const list = [new MemoryNode('a', pChain, [v[0]!, v[1]!, outsider], { wrongMessage: [v[0]!] }), ...nodes().slice(1)];
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 60, quorumPercentageBuffer: 40 }));
    expect(result.signedWeight).toBe(70n);
    expect(signersOf(result, v, 70)).toEqual(['v1', 'v2', 'v3', 'v4']);
  });

  it('fails when the quorum rests on an invalid signature and no node is left', async () => {
    const list = nodes({ a: { wrongMessage: [v[0]!] } }).slice(0, 3);
    const e = await failure(new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 70, quorumPercentageBuffer: 30 })));
    expect(e.reason).toBeInstanceOf(QuorumNotReached);
    expect(e.message).toMatch(/^failed to aggregate signatures\. error: failed to collect a threshold of signatures: valid signatures carry 60 of the signing subnet's 100 weight, 70% is required/);
  });

  // Upstream verifies each signature before counting it (data-api.md §10.2 step 6): A's invalid 30 must not end the asking after B.
  it('keeps asking when an invalid signature made the weight look sufficient', async () => {
    // A: v0 invalid, v1 valid (10); B: 30 → 40 valid; C: 20 → 60 valid, the quorum.
    const list = nodes({ a: { wrongMessage: [v[0]!] } });
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 60 }));
    expect(result.signedWeight).toBe(60n);
    expect(signersOf(result, v, 60)).toEqual(['v1', 'v2', 'v3']);
    expect(asked(list)).toEqual([1, 1, 1, 0]);
  });

  it('reports a node\'s refusal when the quorum is not reached, and passes over it when it is', async () => {
    const refuse = 'failed to get message: not found';
    let list = nodes({ b: { refuse } }).slice(0, 3);
    const e = await failure(new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 67 })));
    expect(e.reason).toBeInstanceOf(NodeRpcError);
    expect(e.message).toBe(`failed to aggregate signatures. error: node memory://b refused to sign: ${refuse} (code 2)`);
    expect(asked(list)).toEqual([1, 1, 1]);

    list = nodes({ b: { refuse } });
    const result = await new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 67 }));
    expect(result.signedWeight).toBe(70n);
    expect(signersOf(result, v)).toEqual(['v0', 'v1', 'v3', 'v4']);
  });

  it('fails with the upstream wording when the quorum cannot be reached', async () => {
    const list = nodes().slice(0, 3);
    const e = await failure(new SignatureAggregator(list).aggregate(request(chain, { quorumPercentage: 95, quorumPercentageBuffer: 5 })));
    expect(e.reason).toBeInstanceOf(QuorumNotReached);
    expect(e.message).toBe("failed to aggregate signatures. error: failed to collect a threshold of signatures: valid signatures carry 90 of the signing subnet's 100 weight, 95% is required");
    expect(asked(list)).toEqual([1, 1, 1]);
  });

  it('refuses a quorum plus buffer above 100 (and a zero quorum) before asking anything', async () => {
    const list = nodes();
    const aggregator = new SignatureAggregator(list);
    await expect(aggregator.aggregate(request(chain, { quorumPercentage: 67, quorumPercentageBuffer: 34 }))).rejects.toThrow(QuorumRangeError);
    await expect(aggregator.aggregate(request(chain, { quorumPercentage: 0 }))).rejects.toThrow('invalid total quorum percentage');
    expect(list[0]!.validatorQueries).toEqual([]);
    expect(asked(list)).toEqual([0, 0, 0, 0]);
    expect((await aggregator.aggregate(request(chain, { quorumPercentage: 67, quorumPercentageBuffer: 33 }))).signedWeight).toBe(100n);
  });
});
