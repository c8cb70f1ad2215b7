import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash.js';
import { blsProofOfPossession, blsPublicKeyOf, blsSign, verifyProofOfPossession } from './bls.js';
import { flattenValidatorSet } from './canonical-set.js';
import { encodeRegistrationJustification, parseRegistrationJustification } from './justification.js';
import { conversionValidationId, encodeL1Message, parseL1Message, parseL1MessageOf, registerL1ValidatorValidationId, subnetToL1ConversionId } from './l1-messages.js';
import { bitLength, bitsetFromIndices, encodeWarpMessage, isMinimalBitset, parseWarpMessage, signerIndices } from './message.js';
import { encodeAddressedCall, encodeHashPayload, parseAddressedCall, parsePayload } from './payload.js';
import { encodeUnsignedMessage, parseUnsignedMessage } from './unsigned-message.js';
import { aggregateBitSetSignature, verifyBitSetSignature } from './verify.js';

const ajs = avalanchejs as any;
const warp = ajs.pvmSerial.warp;

const chain = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const key = (n: number) => sha256(new Uint8Array([n]));

describe('warp unsigned and signed messages', () => {
  it('lays out the unsigned message as AvalancheGo does and ids it by sha256', () => {
    const m = encodeUnsignedMessage(12345, chain, new Uint8Array([0xaa, 0xbb]));
    expect(Buffer.from(m.bytes.subarray(0, 6)).toString('hex')).toBe('000000003039');
    expect(m.bytes.subarray(6, 38)).toEqual(chain);
    expect(Buffer.from(m.bytes.subarray(38)).toString('hex')).toBe('00000002aabb');
    expect(m.id).toEqual(sha256(m.bytes));
    expect(parseUnsignedMessage(m.bytes)).toEqual(m);
    expect(() => parseUnsignedMessage(new Uint8Array([...m.bytes, 0]))).toThrow(/trailing buffer space/);
    expect(() => parseUnsignedMessage(new Uint8Array([0, 1, ...m.bytes.subarray(2)]))).toThrow('unknown codec version');
  });

  it('writes signed messages avalanchejs reads back field by field', () => {
    const unsigned = encodeUnsignedMessage(1337, chain, encodeAddressedCall(new Uint8Array(20).fill(7), new Uint8Array([1, 2, 3])));
    const sig = { signers: new Uint8Array([0x05]), signature: blsSign(key(1), unsigned.bytes) };
    const signed = encodeWarpMessage(unsigned, sig);
    expect(parseWarpMessage(signed.bytes)).toEqual(signed);
    const theirs = warp.getWarpManager().unpack(signed.bytes, warp.WarpMessage);
    expect(theirs.unsignedMessage.networkId.value()).toBe(1337);
    expect(Buffer.from(theirs.unsignedMessage.sourceChainId.toBytes())).toEqual(Buffer.from(chain));
    expect(Buffer.from(theirs.unsignedMessage.payload.bytes)).toEqual(Buffer.from(unsigned.payload));
    expect(theirs.signature.numOfSigners()).toBe(2);
  });

  it('encodes bitsets minimally, bit 0 in the last byte', () => {
    expect(bitsetFromIndices([0, 2])).toEqual(new Uint8Array([0x05]));
    expect(bitsetFromIndices([8])).toEqual(new Uint8Array([0x01, 0x00]));
    expect(bitsetFromIndices([])).toEqual(new Uint8Array(0));
    expect(signerIndices(new Uint8Array([0x01, 0x80]))).toEqual([7, 8]);
    expect(bitLength(new Uint8Array([0x01, 0x80]))).toBe(9);
    expect(isMinimalBitset(new Uint8Array([0, 1]))).toBe(false);
    expect(isMinimalBitset(new Uint8Array(0))).toBe(true);
  });
});

describe('payloads and L1 messages', () => {
  it('parses Hash and AddressedCall payloads and refuses the wrong one', () => {
    const h = encodeHashPayload(chain);
    expect(h.length).toBe(38);
    expect(parsePayload(h)).toEqual({ type: 'Hash', hash: chain });
    expect(() => parseAddressedCall(h)).toThrow('wrong payload type: *payload.Hash');
    const ac = encodeAddressedCall(new Uint8Array([9]), new Uint8Array([8, 7]));
    expect(Buffer.from(ac).toString('hex')).toBe('0000' + '00000001' + '00000001' + '09' + '00000002' + '0807');
    expect(parseAddressedCall(ac)).toEqual({ type: 'AddressedCall', sourceAddress: new Uint8Array([9]), payload: new Uint8Array([8, 7]) });
    expect(() => parsePayload(new Uint8Array(24 * 1024 + 1))).toThrow('byte array exceeds maximum length: 24577 > 24576');
  });

  it('round-trips every L1 message and matches avalanchejs for RegisterL1Validator', () => {
    const register = {
      type: 'RegisterL1Validator' as const,
      subnetId: chain,
      nodeId: new Uint8Array(20).fill(3),
      blsPublicKey: blsPublicKeyOf(key(2)),
      expiry: 1_700_000_000n,
      remainingBalanceOwner: { threshold: 1, addresses: [new Uint8Array(20).fill(4)] },
      disableOwner: { threshold: 0, addresses: [] },
      weight: 42n,
    };
    const bytes = encodeL1Message(register);
    expect(parseL1Message(bytes)).toEqual(register);
    const [theirs] = warp.AddressedCallPayloads.RegisterL1ValidatorMessage.fromBytes(bytes.subarray(2), warp.codec);
    expect(theirs.weight.value()).toBe(42n);
    expect(theirs.expiry.value()).toBe(1_700_000_000n);
    expect(registerL1ValidatorValidationId(bytes)).toEqual(sha256(bytes));
    for (const m of [
      { type: 'SubnetToL1Conversion' as const, id: chain },
      { type: 'L1ValidatorRegistration' as const, validationId: chain, registered: true },
      { type: 'L1ValidatorWeight' as const, validationId: chain, nonce: 3n, weight: 0n },
    ]) expect(parseL1Message(encodeL1Message(m))).toEqual(m);
    expect(() => parseL1MessageOf(bytes, 'L1ValidatorWeight')).toThrow('wrong payload type: *message.RegisterL1Validator');
  });

  it('derives conversion and validation ids from their preimages', () => {
    const id = conversionValidationId(chain, 2);
    expect(id).toEqual(sha256(new Uint8Array([...chain, 0, 0, 0, 2])));
    const data = { subnetId: chain, managerChainId: chain, managerAddress: new Uint8Array([0xab]), validators: [{ nodeId: new Uint8Array(20).fill(1), blsPublicKey: blsPublicKeyOf(key(3)), weight: 5n }] };
    const expected = sha256(new Uint8Array([0, 0, ...chain, ...chain, 0, 0, 0, 1, 0xab, 0, 0, 0, 1, 0, 0, 0, 20, ...new Uint8Array(20).fill(1), ...data.validators[0]!.blsPublicKey, 0, 0, 0, 0, 0, 0, 0, 5]));
    expect(subnetToL1ConversionId(data)).toEqual(expected);
  });

  it('reads and writes the registration justification protobuf', () => {
    const j = encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: chain, index: 3 });
    expect(Buffer.from(j).toString('hex')).toBe('0a240a20' + Buffer.from(chain).toString('hex') + '1003');
    expect(parseRegistrationJustification(j)).toEqual({ preimage: 'ConvertSubnetToL1TxData', subnetId: chain, index: 3 });
    const m = encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: new Uint8Array([1, 2]) });
    expect(Buffer.from(m).toString('hex')).toBe('12020102');
    expect(parseRegistrationJustification(m)).toEqual({ preimage: 'RegisterL1ValidatorMessage', message: new Uint8Array([1, 2]) });
    expect(parseRegistrationJustification(new Uint8Array(0))).toEqual({ preimage: undefined });
    expect(() => parseRegistrationJustification(new Uint8Array([0x0a, 0x05, 0x01]))).toThrow('proto: cannot parse invalid wire-format data');
  });
});

describe('BLS and quorum verification', () => {
  const keys = [key(10), key(11), key(12), key(13)];
  const entries = keys.map((k, i) => ({ nodeId: new Uint8Array(20).fill(i + 1), weight: BigInt(10 * (i + 1)), publicKey: blsPublicKeyOf(k) }));
  const set = flattenValidatorSet([...entries, { nodeId: new Uint8Array(20).fill(9), weight: 5n }]);
  const msg = encodeUnsignedMessage(7, chain, encodeHashPayload(chain));
  const signWith = (indices: number[]) => {
    const sigs = new Map<number, Uint8Array>();
    for (const i of indices) {
      const pk = set.validators[i]!.publicKey;
      const k = keys[entries.findIndex((e) => Buffer.from(e.publicKey).equals(Buffer.from(pk)))]!;
      sigs.set(i, blsSign(k, msg.bytes));
    }
    return aggregateBitSetSignature(sigs);
  };

  it('orders the canonical set by uncompressed key, counts keyless weight, merges shared keys', () => {
    expect(set.totalWeight).toBe(105n);
    expect(set.validators).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(Buffer.compare(set.validators[i - 1]!.uncompressed, set.validators[i]!.uncompressed)).toBe(-1);
    const merged = flattenValidatorSet([entries[0]!, { ...entries[0]!, nodeId: new Uint8Array(20).fill(7) }]);
    expect(merged.validators).toHaveLength(1);
    expect(merged.validators[0]!.weight).toBe(20n);
    expect(merged.validators[0]!.nodeIds).toHaveLength(2);
  });

  it('accepts a quorum and refuses short weight, bad signatures, unknown signers and padded bitsets', () => {
    const all = signWith([0, 1, 2, 3]);
    expect(() => verifyBitSetSignature(msg, all, 7, set)).not.toThrow();
    const heaviest = [...set.validators.keys()].sort((a, b) => Number(set.validators[b]!.weight - set.validators[a]!.weight));
    const one = signWith([heaviest[0]!]);
    expect(() => verifyBitSetSignature(msg, one, 7, set)).toThrow(`signature weight is insufficient: 67*105 > 100*40`);
    expect(() => verifyBitSetSignature(msg, all, 8, set)).toThrow('wrong networkID');
    expect(() => verifyBitSetSignature(msg, { ...all, signers: new Uint8Array([0x1f]) }, 7, set)).toThrow('unknown validator: NumIndices (4) >= NumFilteredValidators (4)');
    expect(() => verifyBitSetSignature(msg, { ...all, signers: new Uint8Array([0, 0x0f]) }, 7, set)).toThrow('bitset is invalid');
    const other = encodeUnsignedMessage(7, chain, encodeHashPayload(sha256(chain)));
    expect(() => verifyBitSetSignature(other, all, 7, set)).toThrow('signature is invalid');
    expect(() => verifyBitSetSignature(msg, { ...all, signature: new Uint8Array(96).fill(1) }, 7, set)).toThrow(/^failed to parse signature: /);
  });

  it('checks proofs of possession', () => {
    const pk = blsPublicKeyOf(keys[0]!);
    expect(() => verifyProofOfPossession(pk, blsProofOfPossession(keys[0]!))).not.toThrow();
    expect(() => verifyProofOfPossession(pk, blsProofOfPossession(keys[1]!))).toThrow('invalid proof of possession');
    expect(() => verifyProofOfPossession(new Uint8Array(48).fill(1), blsProofOfPossession(keys[1]!))).toThrow("couldn't decompress public key");
  });
});
