import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenValidatorSet } from '../../src/codec/warp/canonical-set.js';
import { encodeRegistrationJustification } from '../../src/codec/warp/justification.js';
import { conversionValidationId, encodeL1Message, subnetToL1ConversionId } from '../../src/codec/warp/l1-messages.js';
import { bitsetFromIndices, encodeWarpMessage, parseWarpMessage } from '../../src/codec/warp/message.js';
import { encodeAddressedCall, parseAddressedCall } from '../../src/codec/warp/payload.js';
import { encodeUnsignedMessage, parseUnsignedMessage } from '../../src/codec/warp/unsigned-message.js';
import { formatAddress } from '../../src/lib/bech32-address.js';
import { idFromString, idToString, nodeIdFromString, nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { startPlatformHarness, type PlatformHarness } from '../../src/node/chains/platform/testing.js';
import { buildLocalGenesis } from '../../src/node/genesis/index.js';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { EWOQ_KEY } from '../helpers/ewoq.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; its surface is typed loosely here. */
type Any = any;
const ajs = avalanchejs as Any;
const { pvm, addTxSignatures } = ajs;

const AVAX = 1_000_000_000n;
const BLS_SIG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const MANAGER_ADDRESS = hexToBytes('0x0feedc0de0000000000000000000000000000000');
const EMPTY_NODE_ID = nodeIdToString(new Uint8Array(20));
const sigs = bls12_381.longSignatures;

/** A BLS key the devnet does not hold, with its proof of possession. */
function outsideBlsKey(seed: string) {
  const secret = sha256(new TextEncoder().encode(seed));
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  return { secret, publicKey, pop: sigs.sign(sigs.hash(publicKey, BLS_POP_DST), secret).toBytes(true) };
}

const blsVerify = (publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array) => sigs.verify(signature, sigs.hash(message, BLS_SIG_DST), publicKey);

/** An avalanchejs wallet on the P-chain of `url` (ewoq funds) plus the devnet's L1 helpers. */
class L1Kit {
  readonly api: Any;
  readonly addr: Uint8Array;
  readonly pAddr: string;

  constructor(readonly url: string, readonly context: Any) {
    this.api = new pvm.PVMApi(url);
    this.addr = ajs.utils.bech32ToBytes(`P-${context.hrp}18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u`);
    this.pAddr = formatAddress('P', context.hrp, this.addr);
  }

  async call(method: string, params: Record<string, unknown> = {}): Promise<{ result?: Any; error?: { message: string } }> {
    const res = await fetch(`${this.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return (await res.json()) as Any;
  }

  async result(method: string, params: Record<string, unknown> = {}): Promise<Any> {
    const r = await this.call(method, params);
    if (r.error) throw new Error(`${method}: ${r.error.message}`);
    return r.result;
  }

  /** Builds with avalanchejs, signs the inputs (and the last credential when `auth`), issues; the error text when refused. */
  async issue(build: (common: Any) => Any, opts: { auth?: boolean } = {}): Promise<string> {
    const feeState = await this.api.getFeeState();
    const { utxos } = await this.api.getUTXOs({ addresses: [this.pAddr] });
    const tx = build({ feeState, fromAddressesBytes: [this.addr], utxos });
    await addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (opts.auth) tx.addSignatureAt(await ajs.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    const { txID } = await this.api.issueSignedTx(tx.getSignedTx());
    return txID as string;
  }

  /** The error message of a refused issue. */
  async refused(build: (common: Any) => Any, opts: { auth?: boolean } = {}): Promise<string> {
    const e = await this.issue(build, opts).then(() => undefined, (err: Error) => err);
    if (!e) throw new Error('transaction was accepted');
    return e.message;
  }

  owner() {
    return { threshold: 1, addresses: [this.pAddr] };
  }

  async createSubnetAndChain(): Promise<{ subnetId: string; chainId: string }> {
    const subnetId = await this.issue((c) => pvm.newCreateSubnetTx({ ...c, subnetOwners: [this.addr] }, this.context));
    const chainId = await this.issue(
      (c) => pvm.newCreateChainTx({ ...c, subnetId, chainName: 'manager', vmId: idToString(sha256(new TextEncoder().encode('firn-test-vm'))), fxIds: [], genesisData: {}, subnetAuth: [0] }, this.context),
      { auth: true },
    );
    return { subnetId, chainId };
  }

  async convert(subnetId: string, chainId: string, validators: { nodeID: string; publicKey: string; proofOfPossession: string }[], weight: bigint, balance: bigint): Promise<string> {
    const l1Validators = validators.map((v) =>
      ajs.L1Validator.fromNative(v.nodeID, weight, balance, new ajs.pvmSerial.ProofOfPossession(hexToBytes(v.publicKey), hexToBytes(v.proofOfPossession)), ajs.PChainOwner.fromNative([this.addr], 1), ajs.PChainOwner.fromNative([this.addr], 1)),
    );
    return this.issue((c) => pvm.newConvertSubnetToL1Tx({ ...c, subnetId, chainId, address: MANAGER_ADDRESS, validators: l1Validators, subnetAuth: [0] }, this.context), { auth: true });
  }

  /** devnet.registerL1ValidatorMessage for a fresh outside node, owners = ewoq. */
  async registerMessage(subnetId: string, seed: string, weight: bigint, extra: Record<string, unknown> = {}) {
    const key = outsideBlsKey(seed);
    const nodeID = nodeIdToString(sha256(new TextEncoder().encode(seed)).subarray(0, 20));
    const r = await this.result('devnet.registerL1ValidatorMessage', {
      subnetID: subnetId, nodeID, blsPublicKey: bytesToHex(key.publicKey), weight: weight.toString(), remainingBalanceOwner: this.owner(), disableOwner: this.owner(), ...extra,
    });
    return { ...r, nodeID, key };
  }

  register(message: string, pop: Uint8Array, balance: bigint) {
    return (c: Any) => pvm.newRegisterL1ValidatorTx({ ...c, balance, blsSignature: pop, message: hexToBytes(message) }, this.context);
  }
}

function contextOf(g: PlatformHarness['genesis'], platformFeeConfig: Any) {
  return {
    networkID: g.networkId, hrp: g.hrp, xBlockchainID: g.xChainId.string, pBlockchainID: g.pChainId.string, cBlockchainID: g.cChainId.string,
    avaxAssetID: g.avaxAssetId.string, baseTxFee: 1_000_000n, createAssetTxFee: 1_000_000n, platformFeeConfig,
  };
}

describe('L1 validators and the continuous fee, on a P-chain with a controlled clock', () => {
  let clock = BigInt(Math.floor(Date.now() / 1000));
  let h: PlatformHarness;
  let kit: L1Kit;

  beforeAll(async () => {
    h = await startPlatformHarness({ now: () => clock });
    kit = new L1Kit(h.url, contextOf(h.genesis, await new pvm.PVMApi(h.url).getFeeConfig()));
  });
  afterAll(async () => h?.close());

  it('charges each active validator per second, deactivates one when its balance runs out, and a top-up revives it', async () => {
    const { subnetId, chainId } = await kit.createSubnetAndChain();
    const { validators } = await kit.result('devnet.getValidatorKeys');
    await kit.convert(subnetId, chainId, validators, 100n, AVAX);
    const reg = await kit.registerMessage(subnetId, 'fee-runner', 50n);
    await kit.issue(kit.register(reg.signedMessage, reg.key.pop, 10n));
    expect((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance).toBe('10');

    // Four seconds later nothing is due; a block at that time charges 4 nAVAX to each active validator.
    clock += 4n;
    await h.vm.advance();
    expect(h.engine.lastAccepted().timestamp).toBeLessThan(clock);
    await kit.issue((c) => pvm.newBaseTx({ ...c, outputs: [] }, kit.context));
    expect((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance).toBe('6');

    // Past the point where it can pay, the node builds a block at the exact second and deactivates it.
    clock += 20n;
    await h.vm.advance();
    const evictedAt = h.engine.lastAccepted().timestamp;
    expect(evictedAt).toBe(clock - 20n + 6n);
    const gone = await kit.result('platform.getL1Validator', { validationID: reg.validationID });
    expect(gone.balance).toBe('0');
    expect(gone.weight).toBe('50');
    const first = validators[0]!.nodeID;
    const current = (await kit.result('platform.getCurrentValidators', { subnetID: subnetId, nodeIDs: [first] })).validators;
    expect(current).toHaveLength(1);
    expect(current[0].balance).toBe(String(AVAX - 10n));
    const set = await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' });
    expect(set[EMPTY_NODE_ID]).toEqual({ publicKey: null, weight: '50' });
    expect(set[reg.nodeID]).toBeUndefined();
    expect(set[first]).toEqual({ publicKey: validators[0]!.publicKey, weight: '100' });

    // An inactive validator pays nothing; topping it up makes it active again with exactly the new balance.
    clock += 30n;
    await kit.issue((c) => pvm.newIncreaseL1ValidatorBalanceTx({ ...c, validationId: reg.validationID, balance: 7n }, kit.context));
    expect((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance).toBe('7');
    const after = await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' });
    expect(after[EMPTY_NODE_ID]).toBeUndefined();
    expect(after[reg.nodeID].weight).toBe('50');
    const fee = await kit.result('platform.getValidatorFeeState');
    expect(fee.price).toBe(1);
    expect(fee.excess).toBe(0);

    // The old signature names signers by their places in the set it was made for; the set has changed since.
    expect(await kit.refused(kit.register(reg.signedMessage, reg.key.pop, 10n))).toBe("couldn't issue tx: failed verification: failed verifying warp messages: signature is invalid");
    // Signed again for today's set, the replay is refused while its expiry stands, and as stale after it.
    const resign = async () => (await kit.result('devnet.aggregateSignatures', { message: reg.unsignedMessage })).signedMessage as string;
    expect(await kit.refused(kit.register(await resign(), reg.key.pop, 10n))).toContain(`warp message already issued for validationID ${reg.validationID}`);
    clock = BigInt(reg.expiry) + 1n;
    await h.vm.advance(); // the top-up ran out on the way: that block comes first
    expect((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance).toBe('0');
    expect(await kit.refused(kit.register(await resign(), reg.key.pop, 10n))).toContain(`warp message expired at ${reg.expiry} and it is currently ${clock}`);
  });

  it('keeps L1 validators, the conversion, accrued fees and the validator sets across a restart', async () => {
    const subnets = (await kit.result('platform.getSubnets')).subnets.filter((x: Any) => x.id !== idToString(new Uint8Array(32)));
    const subnetID = subnets[0].id;
    const read = async () => ({
      subnet: await kit.result('platform.getSubnet', { subnetID }),
      validators: await kit.result('platform.getCurrentValidators', { subnetID }),
      set: await kit.result('platform.getValidatorsAt', { subnetID, height: 'proposed' }),
      fee: await kit.result('platform.getValidatorFeeState'),
    });
    const before = await read();
    expect(before.validators.validators).toHaveLength(6);
    await h.close({ keepDb: true });
    h = await startPlatformHarness({ now: () => clock, db: h.db, genesis: h.genesis });
    kit = new L1Kit(h.url, kit.context);
    const after = await read();
    expect(after).toEqual(before);
  });
});

interface Acp118Reply { status: number; body: Any }

async function acp118(url: string, body: Record<string, unknown>): Promise<Acp118Reply> {
  const res = await fetch(`${url}/ext/bc/P/acp118`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe('L1s end to end on a devnet process, through avalanchejs 5.2.0', () => {
  let node: DevnetProcess;
  let kit: L1Kit;
  let pChainId: Uint8Array;
  let networkId: number;
  let subnetId: string;
  let chainId: string;
  let keys: { nodeID: string; publicKey: string; proofOfPossession: string }[];
  let registered: { validationID: string; nodeID: string };
  /** The devnet's validators' BLS secret keys (deterministic from the default seed). */
  const devnetSecrets = buildLocalGenesis().validators.map((v) => v.blsSecretKey);

  beforeAll(async () => {
    node = await startDevnet();
    const context = await ajs.Context.getContextFromURI(node.url);
    kit = new L1Kit(node.url, context);
    pChainId = idFromString(context.pBlockchainID);
    networkId = context.networkID;
  });
  afterAll(async () => {
    await node?.stop();
  });

  /** An unsigned message from the manager (or `address`), signed by the devnet keys for the L1's set at the current height. */
  async function signAsManager(payload: Uint8Array, address = MANAGER_ADDRESS): Promise<{ unsigned: ReturnType<typeof encodeUnsignedMessage>; signed: Uint8Array; canonical: ReturnType<typeof flattenValidatorSet> }> {
    const unsigned = encodeUnsignedMessage(networkId, idFromString(chainId), encodeAddressedCall(address, payload));
    const at = await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' });
    const canonical = flattenValidatorSet(Object.entries(at).map(([n, v]: [string, Any]) => ({ nodeId: nodeIdFromString(n), weight: BigInt(v.weight), ...(v.publicKey ? { publicKey: hexToBytes(v.publicKey) } : {}) })));
    const indices: number[] = [];
    const parts: Uint8Array[] = [];
    canonical.validators.forEach((v, i) => {
      const secret = devnetSecrets.find((s) => bytesToHex(sigs.getPublicKey(s).toBytes(true)) === bytesToHex(v.publicKey));
      if (!secret) return;
      indices.push(i);
      parts.push(sigs.sign(sigs.hash(unsigned.bytes, BLS_SIG_DST), secret).toBytes(true));
    });
    const signature = sigs.aggregateSignatures(parts.map((p) => sigs.Signature.fromBytes(p))).toBytes(true);
    return { unsigned, signed: encodeWarpMessage(unsigned, { signers: bitsetFromIndices(indices), signature }).bytes, canonical };
  }

  const pMessage = (payload: Uint8Array) => encodeUnsignedMessage(networkId, pChainId, encodeAddressedCall(new Uint8Array(0), payload));
  const getL1 = (validationID: string) => kit.call('platform.getL1Validator', { validationID });

  it('converts a subnet to an L1 run by the devnet validators and records its validator manager', async () => {
    ({ subnetId, chainId } = await kit.createSubnetAndChain());
    keys = (await kit.result('devnet.getValidatorKeys')).validators;
    expect(keys).toHaveLength(5);
    const before = await kit.result('platform.getSubnet', { subnetID: subnetId });
    expect(before).toMatchObject({ isPermissioned: true, managerAddress: null });
    const convertId = await kit.convert(subnetId, chainId, keys, 100n, AVAX);

    const subnet = await kit.result('platform.getSubnet', { subnetID: subnetId });
    expect(subnet.isPermissioned).toBe(false);
    expect(subnet.managerChainID).toBe(chainId);
    expect(subnet.managerAddress).toBe(bytesToHex(MANAGER_ADDRESS));
    const sorted = [...keys].sort((a, b) => Buffer.compare(nodeIdFromString(a.nodeID), nodeIdFromString(b.nodeID)));
    const expectedConversion = subnetToL1ConversionId({
      subnetId: idFromString(subnetId), managerChainId: idFromString(chainId), managerAddress: MANAGER_ADDRESS,
      validators: sorted.map((k) => ({ nodeId: nodeIdFromString(k.nodeID), blsPublicKey: hexToBytes(k.publicKey), weight: 100n })),
    });
    expect(subnet.conversionID).toBe(idToString(expectedConversion));

    const { validators } = await kit.result('platform.getCurrentValidators', { subnetID: subnetId });
    expect(validators.map((v: Any) => v.nodeID)).toEqual(sorted.map((k) => k.nodeID));
    validators.forEach((v: Any, i: number) => {
      expect(v.validationID).toBe(idToString(conversionValidationId(idFromString(subnetId), i)));
      expect(v.weight).toBe('100');
      expect(v.publicKey).toBe(sorted[i]!.publicKey);
      expect(v.remainingBalanceOwner).toEqual({ locktime: '0', threshold: '1', addresses: [kit.pAddr] });
      expect(BigInt(v.balance)).toBeLessThanOrEqual(AVAX);
      expect(BigInt(v.balance)).toBeGreaterThan(AVAX - 10_000n);
    });
    const set = await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' });
    expect(Object.keys(set).sort()).toEqual(sorted.map((k) => k.nodeID).sort());
    for (const k of keys) expect(set[k.nodeID]).toEqual({ publicKey: k.publicKey, weight: '100' });

    const tx = await kit.result('platform.getTx', { txID: convertId, encoding: 'json' });
    expect(tx.tx.unsignedTx.chainID).toBe(chainId);
    expect(tx.tx.unsignedTx.validators).toHaveLength(5);
    // A converted subnet is no longer managed by its owner keys.
    expect(await kit.refused((c) => pvm.newCreateChainTx({ ...c, subnetId, chainName: 'late', vmId: chainId, fxIds: [], genesisData: {}, subnetAuth: [0] }, kit.context), { auth: true }))
      .toBe(`couldn't issue tx: failed verification: "${subnetId}" is immutable`);
  });

  it('registers, re-weights, tops up and disables an L1 validator with messages from the devnet helper', async () => {
    const reg = await kit.registerMessage(subnetId, 'e2e-register', 40n);
    const signed = parseWarpMessage(hexToBytes(reg.signedMessage));
    expect(bytesToHex(signed.unsigned.bytes)).toBe(reg.unsignedMessage);
    expect(idToString(signed.unsigned.sourceChainId)).toBe(chainId);
    const call = parseAddressedCall(signed.unsigned.payload);
    expect(call.sourceAddress).toEqual(MANAGER_ADDRESS);
    expect(reg.validationID).toBe(idToString(sha256(call.payload)));

    await kit.issue(kit.register(reg.signedMessage, reg.key.pop, AVAX / 2n));
    registered = { validationID: reg.validationID, nodeID: reg.nodeID };
    const v = await kit.result('platform.getL1Validator', { validationID: reg.validationID });
    expect(v).toMatchObject({ nodeID: reg.nodeID, weight: '40', minNonce: '0', subnetID: subnetId, publicKey: bytesToHex(reg.key.publicKey), deactivationOwner: { locktime: '0', threshold: '1', addresses: [kit.pAddr] } });
    expect(BigInt(v.balance)).toBeLessThanOrEqual(AVAX / 2n);
    expect((await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' }))[reg.nodeID]).toEqual({ publicKey: bytesToHex(reg.key.publicKey), weight: '40' });

    const weight = await kit.result('devnet.l1ValidatorWeightMessage', { validationID: reg.validationID, weight: '60' });
    expect(weight.nonce).toBe('0');
    await kit.issue((c) => pvm.newSetL1ValidatorWeightTx({ ...c, message: hexToBytes(weight.signedMessage) }, kit.context));
    expect(await kit.result('platform.getL1Validator', { validationID: reg.validationID })).toMatchObject({ weight: '60', minNonce: '1' });

    const before = BigInt((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance);
    await kit.issue((c) => pvm.newIncreaseL1ValidatorBalanceTx({ ...c, validationId: reg.validationID, balance: AVAX }, kit.context));
    const topped = BigInt((await kit.result('platform.getL1Validator', { validationID: reg.validationID })).balance);
    expect(topped).toBeGreaterThan(before + AVAX - 1000n);
    expect(topped).toBeLessThanOrEqual(before + AVAX);

    const disableId = await kit.issue((c) => pvm.newDisableL1ValidatorTx({ ...c, validationId: reg.validationID, disableAuth: [0] }, kit.context), { auth: true });
    const disabled = await kit.result('platform.getL1Validator', { validationID: reg.validationID });
    expect(disabled).toMatchObject({ weight: '60', balance: '0' });
    const { utxos } = await kit.api.getUTXOs({ addresses: [kit.pAddr] });
    const refund = utxos.find((u: Any) => u.utxoId.txID.toString() === disableId && u.utxoId.outputIdx.value() > 0);
    expect(refund).toBeDefined();
    expect(refund.output.amount()).toBeGreaterThan(topped - 1000n);
    expect((await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' }))[EMPTY_NODE_ID]).toEqual({ publicKey: null, weight: '60' });

    // A second validator is removed outright with a weight of 0; its balance comes back and the record is gone.
    const second = await kit.registerMessage(subnetId, 'e2e-remove', 10n);
    await kit.issue(kit.register(second.signedMessage, second.key.pop, AVAX / 4n));
    const zero = await kit.result('devnet.l1ValidatorWeightMessage', { validationID: second.validationID, weight: '0' });
    await kit.issue((c) => pvm.newSetL1ValidatorWeightTx({ ...c, message: hexToBytes(zero.signedMessage) }, kit.context));
    expect((await getL1(second.validationID)).error?.message).toBe(`fetching L1 validator "${second.validationID}" failed: not found`);
    const nodes = (await kit.result('platform.getCurrentValidators', { subnetID: subnetId })).validators.map((x: Any) => x.nodeID);
    expect(nodes).toContain(reg.nodeID);
    expect(nodes).not.toContain(second.nodeID);

    // The ACP-118 side of the removal: the P-chain attests that the registration can never happen again.
    const gone = pMessage(encodeL1Message({ type: 'L1ValidatorRegistration', validationId: idFromString(second.validationID), registered: false }));
    const call2 = parseAddressedCall(parseUnsignedMessage(hexToBytes(second.unsignedMessage)).payload);
    const justification = encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: call2.payload });
    const r = await acp118(node.url, { message: bytesToHex(gone.bytes), justification: bytesToHex(justification) });
    expect(r.status).toBe(200);
    expect(r.body.signatures).toHaveLength(5);
  });

  it('answers ACP-118 signature requests with signatures that verify, and refuses what the P-chain cannot attest', async () => {
    const { validationID } = registered;
    const live = pMessage(encodeL1Message({ type: 'L1ValidatorRegistration', validationId: idFromString(validationID), registered: true }));
    const all = await acp118(node.url, { message: bytesToHex(live.bytes) });
    expect(all.status).toBe(200);
    expect(all.body.signatures.map((s: Any) => s.nodeID).sort()).toEqual(keys.map((k) => k.nodeID).sort());
    for (const s of all.body.signatures) {
      const key = keys.find((k) => k.nodeID === s.nodeID)!;
      expect(s.publicKey).toBe(key.publicKey);
      expect(blsVerify(hexToBytes(key.publicKey), hexToBytes(s.signature), live.bytes)).toBe(true);
      expect(blsVerify(hexToBytes(key.publicKey), hexToBytes(s.signature), pMessage(encodeL1Message({ type: 'L1ValidatorRegistration', validationId: idFromString(validationID), registered: false })).bytes)).toBe(false);
    }
    const one = await acp118(node.url, { message: live.bytes.reduce((t, b) => t + b.toString(16).padStart(2, '0'), ''), nodeID: keys[2]!.nodeID });
    expect(one.body.signatures).toEqual([all.body.signatures.find((s: Any) => s.nodeID === keys[2]!.nodeID)]);

    const weightMsg = (w: bigint) => pMessage(encodeL1Message({ type: 'L1ValidatorWeight', validationId: idFromString(validationID), nonce: 0n, weight: w }));
    expect((await acp118(node.url, { message: bytesToHex(weightMsg(60n).bytes) })).status).toBe(200);
    expect(await acp118(node.url, { message: bytesToHex(weightMsg(61n).bytes) })).toEqual({ status: 400, body: { error: { code: 17, message: 'provided weight 61 != expected weight 60' } } });

    const subnet = await kit.result('platform.getSubnet', { subnetID: subnetId });
    const conversion = pMessage(encodeL1Message({ type: 'SubnetToL1Conversion', id: idFromString(subnet.conversionID) }));
    expect((await acp118(node.url, { message: bytesToHex(conversion.bytes), justification: bytesToHex(idFromString(subnetId)) })).status).toBe(200);
    const wrong = pMessage(encodeL1Message({ type: 'SubnetToL1Conversion', id: sha256(new Uint8Array([1])) }));
    expect((await acp118(node.url, { message: bytesToHex(wrong.bytes), justification: bytesToHex(idFromString(subnetId)) })).body.error).toEqual({
      code: 7, message: `provided conversionID "${idToString(sha256(new Uint8Array([1])))}" != expected conversionID "${subnet.conversionID}"`,
    });

    const unknownId = sha256(new TextEncoder().encode('nobody'));
    const unknown = pMessage(encodeL1Message({ type: 'L1ValidatorRegistration', validationId: unknownId, registered: true }));
    expect((await acp118(node.url, { message: bytesToHex(unknown.bytes) })).body.error).toEqual({ code: 11, message: `validation "${idToString(unknownId)}" does not exist` });
    const stillThere = pMessage(encodeL1Message({ type: 'L1ValidatorRegistration', validationId: conversionValidationId(idFromString(subnetId), 0), registered: false }));
    const byIndex = encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: idFromString(subnetId), index: 0 });
    expect((await acp118(node.url, { message: bytesToHex(stillThere.bytes), justification: bytesToHex(byIndex) })).body.error.code).toBe(12);

    // Messages of other chains are signed only when the chain emitted them: the devnet helper's are.
    const emitted = await kit.registerMessage(subnetId, 'acp118-emitted', 5n);
    expect((await acp118(node.url, { message: emitted.unsignedMessage })).status).toBe(200);
    const notEmitted = encodeUnsignedMessage(networkId, idFromString(chainId), encodeAddressedCall(MANAGER_ADDRESS, new Uint8Array([1, 2, 3])));
    expect((await acp118(node.url, { message: bytesToHex(notEmitted.bytes) })).status).toBe(400);
    expect((await acp118(node.url, { message: bytesToHex(live.bytes), nodeID: nodeIdToString(new Uint8Array(20).fill(1)) })).status).toBe(404);
    expect((await acp118(node.url, { message: '0x1234' })).body.error.message).toMatch(/^failed to parse warp unsigned message: /);
  });

  it('refuses short quorums, bad signatures, foreign senders and unknown validation ids with AvalancheGo messages, leaving state untouched', async () => {
    const { validationID } = registered;
    const height = (await kit.result('platform.getHeight')).height;
    const balance = (await kit.result('platform.getBalance', { addresses: [kit.pAddr] })).balance;
    const record = await kit.result('platform.getL1Validator', { validationID });

    const weight = await kit.result('devnet.l1ValidatorWeightMessage', { validationID, weight: '70' });
    const good = parseWarpMessage(hexToBytes(weight.signedMessage));
    const set = flattenValidatorSet(Object.entries(await kit.result('platform.getValidatorsAt', { subnetID: subnetId, height: 'proposed' })).map(([n, v]: [string, Any]) => ({ nodeId: nodeIdFromString(n), weight: BigInt(v.weight), ...(v.publicKey ? { publicKey: hexToBytes(v.publicKey) } : {}) })));
    const first = set.validators.findIndex((v) => keys.some((k) => k.publicKey === bytesToHex(v.publicKey)));
    const short = encodeWarpMessage(good.unsigned, { signers: bitsetFromIndices([first]), signature: good.signature.signature });
    const setWeight = (m: Uint8Array) => (c: Any) => pvm.newSetL1ValidatorWeightTx({ ...c, message: m }, kit.context);
    expect(await kit.refused(setWeight(short.bytes))).toBe(`couldn't issue tx: failed verification: failed verifying warp messages: signature weight is insufficient: 67*${set.totalWeight} > 100*${set.validators[first]!.weight}`);

    const forged = sigs.sign(sigs.hash(good.unsigned.bytes, BLS_SIG_DST), outsideBlsKey('forger').secret).toBytes(true);
    expect(await kit.refused(setWeight(encodeWarpMessage(good.unsigned, { ...good.signature, signature: forged }).bytes))).toBe(
      "couldn't issue tx: failed verification: failed verifying warp messages: signature is invalid",
    );

    const stranger = new Uint8Array(20).fill(0xee);
    const foreign = await signAsManager(encodeL1Message({ type: 'L1ValidatorWeight', validationId: idFromString(validationID), nonce: 1n, weight: 70n }), stranger);
    expect(await kit.refused(setWeight(foreign.signed))).toBe(`couldn't issue tx: failed verification: wrong warp message source address expected ${bytesToHex(MANAGER_ADDRESS)} but got ${bytesToHex(stranger)}`);

    const nobody = idToString(sha256(new TextEncoder().encode('no such validation')));
    const unknown = await signAsManager(encodeL1Message({ type: 'L1ValidatorWeight', validationId: idFromString(nobody), nonce: 0n, weight: 5n }));
    expect(await kit.refused(setWeight(unknown.signed))).toBe("couldn't issue tx: failed verification: could not load L1 validator: not found");
    expect(await kit.refused((c) => pvm.newIncreaseL1ValidatorBalanceTx({ ...c, validationId: nobody, balance: AVAX }, kit.context))).toBe("couldn't issue tx: failed verification: not found");
    expect(await kit.refused((c) => pvm.newDisableL1ValidatorTx({ ...c, validationId: nobody, disableAuth: [0] }, kit.context), { auth: true })).toBe(
      "couldn't issue tx: failed verification: could not load L1 validator: not found",
    );
    const stale = await signAsManager(encodeL1Message({ type: 'L1ValidatorWeight', validationId: idFromString(validationID), nonce: 0n, weight: 70n }));
    expect(await kit.refused(setWeight(stale.signed))).toBe("couldn't issue tx: failed verification: warp message contains stale nonce 0 must be at least 1");

    expect((await kit.result('platform.getHeight')).height).toBe(height);
    expect((await kit.result('platform.getBalance', { addresses: [kit.pAddr] })).balance).toBe(balance);
    expect(await kit.result('platform.getL1Validator', { validationID })).toEqual(record);

    // The good message still goes through afterwards.
    await kit.issue(setWeight(good.bytes));
    expect((await kit.result('platform.getL1Validator', { validationID })).weight).toBe('70');
  });
});
