import { describe, expect, it } from 'vitest';
import { blsPublicKeyOf } from '../../codec/warp/bls.js';
import { encodeRegistrationJustification } from '../../codec/warp/justification.js';
import { conversionValidationId, encodeL1Message, registerL1ValidatorValidationId, type L1Message } from '../../codec/warp/l1-messages.js';
import { encodeAddressedCall, encodeHashPayload } from '../../codec/warp/payload.js';
import { encodeUnsignedMessage } from '../../codec/warp/unsigned-message.js';
import { idToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { PlatformState, StateDiff } from '../chains/platform/state.js';
import { verifyPChainMessage } from './p-chain-verifier.js';

const P = new Uint8Array(32);
const subnet = sha256(new TextEncoder().encode('subnet'));
const conversionId = sha256(new TextEncoder().encode('conversion'));
const q = (id: Uint8Array) => `"${idToString(id)}"`;
const owner = { threshold: 1, addresses: [new Uint8Array(20).fill(7)] };

const register = (expiry: bigint): L1Message => ({
  type: 'RegisterL1Validator', subnetId: subnet, nodeId: new Uint8Array(20).fill(3), blsPublicKey: blsPublicKeyOf(sha256(new Uint8Array([1]))),
  expiry, remainingBalanceOwner: owner, disableOwner: owner, weight: 10n,
});

/** A P-chain state at time 1000 with a converted subnet, one conversion validator (index 0) and one registered-then-removed validator. */
function stateWith() {
  const state = new PlatformState();
  const diff = new StateDiff(state);
  diff.timestamp = 1000n;
  diff.putConversion({ subnetId: subnet, conversionId, chainId: sha256(new Uint8Array([9])), address: new Uint8Array([1]) });
  diff.putL1Validator({
    validationId: conversionValidationId(subnet, 0), subnetId: subnet, nodeId: new Uint8Array(20).fill(1), publicKey: blsPublicKeyOf(sha256(new Uint8Array([2]))),
    remainingBalanceOwner: owner, deactivationOwner: owner, startTime: 900n, weight: 50n, minNonce: 3n, endAccumulatedFee: 77n,
  });
  const removed = encodeL1Message(register(5000n));
  diff.putExpiry({ timestamp: 5000n, validationId: registerL1ValidatorValidationId(removed) });
  state.apply(diff);
  return { state, removed };
}

const message = (m: L1Message, sourceAddress = new Uint8Array(0)) => encodeUnsignedMessage(1, P, encodeAddressedCall(sourceAddress, encodeL1Message(m)));

describe('the P-chain ACP-118 verifier', () => {
  const { state, removed } = stateWith();
  const live = conversionValidationId(subnet, 0);
  const verify = (m: ReturnType<typeof message>, j: Uint8Array = new Uint8Array(0)) => verifyPChainMessage(state, m, j);

  it('attests the conversion, current registrations and the current weight', () => {
    expect(verify(message({ type: 'SubnetToL1Conversion', id: conversionId }), subnet)).toBeUndefined();
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: live, registered: true }))).toBeUndefined();
    expect(verify(message({ type: 'L1ValidatorWeight', validationId: live, nonce: 2n, weight: 50n }))).toBeUndefined();
  });

  it('attests that a validation can never happen, from either preimage', () => {
    const removedId = registerL1ValidatorValidationId(removed);
    const byMessage = encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: removed });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: removedId, registered: false }), byMessage)).toBeUndefined();
    const expired = encodeL1Message(register(999n));
    const expiredJ = encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: expired });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: registerL1ValidatorValidationId(expired), registered: false }), expiredJ)).toBeUndefined();
    const pending = encodeL1Message(register(4000n));
    const pendingId = registerL1ValidatorValidationId(pending);
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: pendingId, registered: false }), encodeRegistrationJustification({ preimage: 'RegisterL1ValidatorMessage', message: pending })))
      .toEqual({ code: 14, message: `validation ${q(pendingId)} can be registered until 4000` });
    const index1 = conversionValidationId(subnet, 1);
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: index1, registered: false }), encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: subnet, index: 1 }))).toBeUndefined();
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: live, registered: false }), encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: subnet, index: 0 })))
      .toEqual({ code: 12, message: `validation ${q(live)} exists` });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: live, registered: false }), encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: subnet, index: 1 })))
      .toEqual({ code: 10, message: `validationID ${q(live)} != justificationID ${q(index1)}` });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: live, registered: false }))).toEqual({ code: 8, message: 'invalid justification type: <nil>' });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: live, registered: false }), encodeRegistrationJustification({ preimage: 'ConvertSubnetToL1TxData', subnetId: new Uint8Array(3), index: 0 })))
      .toEqual({ code: 9, message: 'failed to parse subnetID: invalid hash length: expected 32 bytes but got 3' });
  });

  it('refuses with AvalancheGo codes and texts', () => {
    const other = sha256(new Uint8Array([5]));
    expect(verify(message({ type: 'SubnetToL1Conversion', id: other }), subnet)).toEqual({ code: 7, message: `provided conversionID ${q(other)} != expected conversionID ${q(conversionId)}` });
    expect(verify(message({ type: 'SubnetToL1Conversion', id: conversionId }), other)).toEqual({ code: 6, message: `subnet ${q(other)} has not been converted` });
    expect(verify(message({ type: 'SubnetToL1Conversion', id: conversionId }), new Uint8Array(4))).toEqual({ code: 5, message: 'failed to parse justification: invalid hash length: expected 32 bytes but got 4' });
    expect(verify(message({ type: 'L1ValidatorRegistration', validationId: other, registered: true }))).toEqual({ code: 11, message: `validation ${q(other)} does not exist` });
    expect(verify(message({ type: 'L1ValidatorWeight', validationId: live, nonce: 3n, weight: 50n }))).toEqual({ code: 16, message: 'provided nonce 3 != expected nonce (3 - 1)' });
    expect(verify(message({ type: 'L1ValidatorWeight', validationId: live, nonce: 2n, weight: 51n }))).toEqual({ code: 17, message: 'provided weight 51 != expected weight 50' });
    expect(verify(message({ type: 'L1ValidatorWeight', validationId: live, nonce: 0xffff_ffff_ffff_ffffn, weight: 0n }))).toEqual({ code: 15, message: 'impossible nonce' });
    expect(verify(message(register(2000n)))).toEqual({ code: 4, message: 'unsupported warp addressed call payload type: *message.RegisterL1Validator' });
    expect(verify(message({ type: 'SubnetToL1Conversion', id: conversionId }, new Uint8Array([1])), subnet)).toEqual({ code: 2, message: 'source address should be empty' });
    expect(verify(encodeUnsignedMessage(1, P, encodeHashPayload(other)))).toEqual({ code: 1, message: 'failed to parse warp addressed call: wrong payload type: *payload.Hash' });
    expect(verify(encodeUnsignedMessage(1, P, encodeAddressedCall(new Uint8Array(0), new Uint8Array([0, 0, 0, 0, 0, 9]))))).toEqual({
      code: 3, message: 'failed to parse warp addressed call payload: couldn\'t unmarshal interface: unknown type ID 9',
    });
  });
});
