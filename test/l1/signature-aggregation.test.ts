import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApi } from '../../src/api/data/create-data-api.js';
import { flattenValidatorSet } from '../../src/codec/warp/canonical-set.js';
import { conversionValidationId, parseL1Message } from '../../src/codec/warp/l1-messages.js';
import { parseWarpMessage } from '../../src/codec/warp/message.js';
import { parseAddressedCall } from '../../src/codec/warp/payload.js';
import { verifyBitSetSignature } from '../../src/codec/warp/verify.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { idFromString, idToString, nodeIdFromString, nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { openTestDatabase, type TestDatabase } from '../../src/store/testing.js';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { EWOQ_KEY } from '../helpers/ewoq.js';

/* avalanchejs' .d.ts files do not resolve under NodeNext; its surface is typed loosely here. */
type Any = any;
const ajs = avalanchejs as Any;
const { pvm, addTxSignatures } = ajs;
const MANAGER_ADDRESS = hexToBytes('0x0feedc0de0000000000000000000000000000000');
const sigs = bls12_381.longSignatures;

describe('signature aggregation through the Data API, against a devnet', () => {
  let node: DevnetProcess;
  let store: TestDatabase;
  let indexer: RunningIndexer;
  let api: FastifyInstance;
  let context: Any;
  let pAddr: Uint8Array;
  let subnetId: string;
  let chainId: string;
  let convertTx: string;
  let registerTx: string;
  let unsignedFromManager: string;
  let outsideValidationId: string;
  let heightBeforeConversion: number;

  const rpc = async (method: string, params: Record<string, unknown> = {}): Promise<Any> => {
    const res = await fetch(`${node.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await res.json()) as Any;
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const issue = async (build: (common: Any) => Any, auth = false): Promise<string> => {
    const papi = new pvm.PVMApi(node.url);
    const feeState = await papi.getFeeState();
    const { utxos } = await papi.getUTXOs({ addresses: [`P-${context.hrp}18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u`] });
    const tx = build({ feeState, fromAddressesBytes: [pAddr], utxos });
    await addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (auth) tx.addSignatureAt(await ajs.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    return (await papi.issueSignedTx(tx.getSignedTx())).txID as string;
  };
  const post = (body: unknown) => api.inject({ method: 'POST', url: '/v1/signatureAggregator/local/aggregateSignatures', payload: body as Any });

  /** The subnet's canonical warp set at a P-chain height. */
  async function canonicalSet(subnet: string, height: number | 'proposed' = 'proposed') {
    const set = await rpc('platform.getValidatorsAt', { subnetID: subnet, height: String(height) });
    return flattenValidatorSet(Object.entries(set).map(([id, v]: [string, Any]) => ({
      nodeId: nodeIdFromString(id), weight: BigInt(v.weight), ...(v.publicKey ? { publicKey: hexToBytes(v.publicKey) } : {}),
    })));
  }

  /** Parses a 201 answer and checks its signature against the subnet's canonical set (now by default), with a 67% quorum unless told. */
  async function verified(hex: string, subnet: string, quorum = 67n, height: number | 'proposed' = 'proposed') {
    const signed = parseWarpMessage(hexToBytes(hex));
    const canonical = await canonicalSet(subnet, height);
    expect(() => verifyBitSetSignature(signed.unsigned, signed.signature, context.networkID, canonical, quorum)).not.toThrow();
    return signed;
  }

  beforeAll(async () => {
    node = await startDevnet();
    context = await ajs.Context.getContextFromURI(node.url);
    pAddr = ajs.utils.bech32ToBytes(`P-${context.hrp}18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u`);
    subnetId = await issue((c) => pvm.newCreateSubnetTx({ ...c, subnetOwners: [pAddr] }, context));
    chainId = await issue((c) => pvm.newCreateChainTx({ ...c, subnetId, chainName: 'manager', vmId: idToString(sha256(new TextEncoder().encode('firn-test-vm'))), fxIds: [], genesisData: {}, subnetAuth: [0] }, context), true);
    const { validators } = await rpc('devnet.getValidatorKeys');
    heightBeforeConversion = Number((await rpc('platform.getHeight')).height);
    const l1Validators = validators.map((v: Any) => ajs.L1Validator.fromNative(v.nodeID, 100n, 1_000_000_000n, new ajs.pvmSerial.ProofOfPossession(hexToBytes(v.publicKey), hexToBytes(v.proofOfPossession)), ajs.PChainOwner.fromNative([pAddr], 1), ajs.PChainOwner.fromNative([pAddr], 1)));
    convertTx = await issue((c) => pvm.newConvertSubnetToL1Tx({ ...c, subnetId, chainId, address: MANAGER_ADDRESS, validators: l1Validators, subnetAuth: [0] }, context), true);
    // An outside validator the devnet cannot sign for: 50 of the L1's 550 weight.
    const secret = sha256(new TextEncoder().encode('outside'));
    const publicKey = sigs.getPublicKey(secret).toBytes(true);
    const pop = sigs.sign(sigs.hash(publicKey, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), secret).toBytes(true);
    const reg = await rpc('devnet.registerL1ValidatorMessage', { subnetID: subnetId, nodeID: nodeIdToString(sha256(new TextEncoder().encode('outside')).subarray(0, 20)), blsPublicKey: bytesToHex(publicKey), weight: '50' });
    unsignedFromManager = reg.unsignedMessage;
    outsideValidationId = reg.validationID;
    registerTx = await issue((c) => pvm.newRegisterL1ValidatorTx({ ...c, balance: 1_000_000_000n, blsSignature: pop, message: hexToBytes(reg.signedMessage) }, context));

    store = await openTestDatabase('pglite');
    const { config } = loadIndexerConfig([`--node-url=${node.url}`, '--chains=P', '--metrics-port=0', '--poll-interval=50ms', '--log-level=warn'], {});
    indexer = await startIndexer(config, { db: store.db });
    api = await createDataApi(store.db, { pageTokens: { secret: 'signature-aggregation-test' }, rateLimits: { enabled: false }, nodeUrls: [node.url] });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await indexer?.stop();
    await store?.dispose();
    await node?.stop();
  });

  it('signs a message of the manager chain with its subnet\'s validators (the default signing subnet) and it verifies', async () => {
    const res = await post({ message: unsignedFromManager, quorumPercentage: 67, quorumPercentageBuffer: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { signedMessage } = res.json();
    expect(signedMessage).toMatch(/^[0-9a-f]+$/);
    const signed = await verified(signedMessage, subnetId);
    expect(bytesToHex(signed.unsigned.bytes)).toBe(unsignedFromManager.toLowerCase());
    expect(idToString(signed.unsigned.sourceChainId)).toBe(chainId);
  });

  it('answers the upstream 500 when the quorum cannot be reached', async () => {
    const res = await post({ message: unsignedFromManager, quorumPercentage: 100, signingSubnetId: subnetId });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^failed to aggregate signatures\. error: failed to collect a threshold of signatures: valid signatures carry 500 of the signing subnet's 550 weight, 100% is required/);
  });

  it('signs with the subnet signingSubnetId names, not the source chain\'s: the primary network for a manager-chain message', async () => {
    const primary = idToString(new Uint8Array(32));
    // The manager chain's own subnet cannot give 100% (the outside validator's 50 of 550 never signs)…
    expect((await post({ message: unsignedFromManager, quorumPercentage: 100 })).statusCode).toBe(500);
    // …the primary network, whose validators the devnet all runs, can.
    const res = await post({ message: unsignedFromManager, quorumPercentage: 100, signingSubnetId: primary });
    expect(res.statusCode, res.body).toBe(201);
    const signed = await verified(res.json().signedMessage, primary, 100n);
    expect(idToString(signed.unsigned.sourceChainId)).toBe(chainId);
  });

  it('signs with the set at pChainHeight: none before the conversion gave the subnet BLS validators, the full set now', async () => {
    const before = await post({ message: unsignedFromManager, pChainHeight: heightBeforeConversion });
    expect(before.statusCode).toBe(500);
    expect(before.json().message).toMatch(/^failed to aggregate signatures\. error: failed to collect a threshold of signatures: valid signatures carry 0 of the signing subnet's 0 weight, 67% is required/);
    expect(before.json().message).toContain(`subnet ${subnetId} has no validators with BLS keys at that height`);
    const height = Number((await rpc('platform.getHeight')).height);
    expect(height).toBeGreaterThan(heightBeforeConversion);
    const now = await post({ message: unsignedFromManager, pChainHeight: height });
    expect(now.statusCode, now.body).toBe(201);
    await verified(now.json().signedMessage, subnetId, 67n, height);
  });

  it('keeps the 400 rules', async () => {
    const text = async (body: unknown) => [(await post(body)).json().message].flat().join(' ');
    expect(await text({})).toContain('Must provide either message or justification');
    expect(await text({ message: unsignedFromManager, quorumPercentage: 90, quorumPercentageBuffer: 20 })).toContain('Invalid quorum buffer number');
    expect((await post({ message: unsignedFromManager, quorumPercentage: 101 })).statusCode).toBe(400);
    expect(await text({ message: 'zz' })).toContain('Could not decode message');
    expect((await post({ justification: '0x0102' })).statusCode).toBe(400);
  });

  it('rebuilds and signs the P-chain messages of a ConvertSubnetToL1Tx and a RegisterL1ValidatorTx', async () => {
    const get = (tx: string) => api.inject({ method: 'GET', url: `/v1/signatureAggregator/local/aggregateSignatures/${tx}` });
    let res = await get(registerTx);
    for (let i = 0; i < 600 && res.statusCode === 404; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await get(registerTx);
    }
    expect(res.statusCode, res.body).toBe(201);
    const registration = parseL1Message(parseAddressedCall((await verified(res.json().signedMessage, subnetId)).unsigned.payload).payload);
    expect(registration).toMatchObject({ type: 'L1ValidatorRegistration', registered: true });

    res = await get(convertTx);
    expect(res.statusCode, res.body).toBe(201);
    const conversion = await verified(res.json().signedMessage, subnetId);
    expect(idToString(conversion.unsigned.sourceChainId)).toBe(idToString(new Uint8Array(32)));
    const message = parseL1Message(parseAddressedCall(conversion.unsigned.payload).payload);
    expect(message.type).toBe('SubnetToL1Conversion');
    const { conversionID } = await rpc('platform.getSubnet', { subnetID: subnetId });
    expect(idToString((message as { id: Uint8Array }).id)).toBe(conversionID);
    expect(idFromString(conversionID)).toHaveLength(32);
  });

  it('rebuilds the removal acknowledgement of a weight-0 SetL1ValidatorWeightTx, for a registered and for a converted validator', async () => {
    const get = async (tx: string) => {
      let res = await api.inject({ method: 'GET', url: `/v1/signatureAggregator/local/aggregateSignatures/${tx}` });
      for (let i = 0; i < 600 && res.statusCode === 404; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await api.inject({ method: 'GET', url: `/v1/signatureAggregator/local/aggregateSignatures/${tx}` });
      }
      return res;
    };
    const converted = idToString(conversionValidationId(idFromString(subnetId), 0));
    for (const validationID of [outsideValidationId, converted]) {
      const zero = await rpc('devnet.l1ValidatorWeightMessage', { validationID, weight: '0' });
      const removeTx = await issue((c) => pvm.newSetL1ValidatorWeightTx({ ...c, message: hexToBytes(zero.signedMessage) }, context));
      const res = await get(removeTx);
      expect(res.statusCode, res.body).toBe(201);
      const signed = await verified(res.json().signedMessage, subnetId);
      expect(idToString(signed.unsigned.sourceChainId)).toBe(idToString(new Uint8Array(32)));
      const message = parseL1Message(parseAddressedCall(signed.unsigned.payload).payload) as Any;
      expect(message.type).toBe('L1ValidatorRegistration');
      expect(message.registered).toBe(false);
      expect(idToString(message.validationId)).toBe(validationID);
    }
  }, 120_000);
});
