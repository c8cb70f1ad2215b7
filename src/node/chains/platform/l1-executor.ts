import { compareBytes } from '../../../lib/bytes.js';
import { idToString } from '../../../lib/cb58.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { verifyProofOfPossession } from '../../../codec/warp/bls.js';
import { conversionValidationId, parseL1MessageOf, registerL1ValidatorValidationId, subnetToL1ConversionId, type PChainOwner } from '../../../codec/warp/l1-messages.js';
import { parseWarpMessage } from '../../../codec/warp/message.js';
import { parseAddressedCall } from '../../../codec/warp/payload.js';
import type { ValidatorFeeConfig } from './config.js';
import { isActive, type L1Validator } from './l1-records.js';
import { TxError } from './spend.js';
import type { StateDiff } from './state.js';
import { nodeIdFromBytes, verifyOwners } from './syntactic.js';
import { readOutput, TYPE, type Owners, type SignedTx, type UnsignedTx } from './tx-codec.js';

/**
 * Execution of the Etna L1 txs (standard_tx_executor.go: ConvertSubnetToL1Tx, RegisterL1ValidatorTx,
 * SetL1ValidatorWeightTx, IncreaseL1ValidatorBalanceTx, DisableL1ValidatorTx) on a state diff, in
 * AvalancheGo's order of checks and with its error messages. Warp signatures are checked before this runs.
 */
export const REGISTER_L1_VALIDATOR_EXPIRY_WINDOW = 24n * 3600n;
const MAX_U64 = 0xffff_ffff_ffff_ffffn;

/** The shared standard-tx steps the L1 txs reuse (from executor.ts). */
export interface L1ExecTools {
  /** Flow check with `produced` extra nAVAX (fee + balances) and the given credentials. */
  spend(creds: Uint8Array[][], produced: bigint): void;
  consumeAndProduce(): void;
  /** verifyPoASubnetAuthorization: the remaining credentials. */
  poaSubnetAuth(subnetId: Uint8Array, sigIndices: number[]): Uint8Array[][];
  authorize(owner: Owners, sigIndices: number[]): Uint8Array[][];
  avaxAssetId: Uint8Array;
  validatorFee: ValidatorFeeConfig;
}

type L1Tx = Extract<UnsignedTx, { kind: 'ConvertSubnetToL1Tx' | 'RegisterL1ValidatorTx' | 'SetL1ValidatorWeightTx' | 'IncreaseL1ValidatorBalanceTx' | 'DisableL1ValidatorTx' }>;

export function isL1Tx(u: UnsignedTx): u is L1Tx {
  return u.kind === 'ConvertSubnetToL1Tx' || u.kind === 'RegisterL1ValidatorTx' || u.kind === 'SetL1ValidatorWeightTx' || u.kind === 'IncreaseL1ValidatorBalanceTx' || u.kind === 'DisableL1ValidatorTx';
}

export function ownersOf(o: PChainOwner): Owners {
  const bytes = new LinearWriter(16 + 20 * o.addresses.length).u32(TYPE.OUTPUT_OWNERS).u64(0n).u32(o.threshold).array(o.addresses, (w, a) => w.fixed(a, 20)).finish();
  return { locktime: 0n, threshold: o.threshold, addresses: o.addresses, bytes };
}

const numActive = (diff: StateDiff) => BigInt(diff.l1Validators().filter(isActive).length);

function checkCapacity(diff: StateDiff, tools: L1ExecTools): void {
  if (numActive(diff) >= tools.validatorFee.capacity) throw new TxError('already at the max number of active validators');
}

function addFee(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > MAX_U64) throw new TxError('overflow');
  return sum;
}

/** PutL1Validator's checks for a new validator: no legacy validator and no other L1 validator for the pair. */
function putNewL1Validator(diff: StateDiff, v: L1Validator): void {
  if (diff.getValidator(v.subnetId, v.nodeId)) throw new TxError('L1 validator contains conflicting subnetID + nodeID pair');
  const dup = diff.l1Validators().some((o) => compareBytes(o.subnetId, v.subnetId) === 0 && compareBytes(o.nodeId, v.nodeId) === 0);
  if (dup) throw new TxError('L1 validator contains duplicate subnetID + nodeID pair');
  diff.putL1Validator(v);
}

/** verifyL1Conversion: the message must come from the manager recorded by the conversion. */
function verifyL1Conversion(diff: StateDiff, subnetId: Uint8Array, chainId: Uint8Array, address: Uint8Array): void {
  const c = diff.getConversion(subnetId);
  if (!c) throw new TxError(`could not load subnet conversion for ${idToString(subnetId)} with: not found`);
  if (compareBytes(chainId, c.chainId) !== 0) throw new TxError(`wrong warp message source chain ID expected ${idToString(c.chainId)} but had ${idToString(chainId)}`);
  if (compareBytes(address, c.address) !== 0) {
    throw new TxError(`wrong warp message source address expected 0x${Buffer.from(c.address).toString('hex')} but got 0x${Buffer.from(address).toString('hex')}`);
  }
}

/** The warp message's AddressedCall and its inner L1 message of the expected type (parse errors as AvalancheGo's). */
function l1MessageOf<T extends 'RegisterL1Validator' | 'L1ValidatorWeight'>(message: Uint8Array, type: T) {
  try {
    const warp = parseWarpMessage(message);
    const call = parseAddressedCall(warp.unsigned.payload);
    return { sourceChainId: warp.unsigned.sourceChainId, sourceAddress: call.sourceAddress, payload: call.payload, msg: parseL1MessageOf(call.payload, type) };
  } catch (e) {
    throw new TxError((e as Error).message);
  }
}

/** The UTXO refunding an L1 validator's remaining balance, at output index len(outs). */
function refund(diff: StateDiff, tx: SignedTx, outsLength: number, v: L1Validator, tools: L1ExecTools): void {
  if (v.endAccumulatedFee <= diff.accruedFees) throw new TxError('state corruption: validator should have already been disabled');
  const amount = v.endAccumulatedFee - diff.accruedFees;
  const o = v.remainingBalanceOwner;
  const w = new LinearWriter(64).u32(TYPE.TRANSFER_OUTPUT).u64(amount).u64(0n).u32(o.threshold).array(o.addresses, (ww, a) => ww.fixed(a, 20));
  diff.addUtxo({ txId: tx.id, outputIndex: outsLength, assetId: tools.avaxAssetId, output: readOutput(new LinearReader(w.finish())) });
}

export function executeL1Tx(diff: StateDiff, tx: SignedTx, u: L1Tx, fee: bigint, tools: L1ExecTools): void {
  const now = diff.timestamp;
  switch (u.kind) {
    case 'ConvertSubnetToL1Tx': {
      const creds = tools.poaSubnetAuth(u.subnetId, u.subnetAuth);
      let produced = fee;
      u.validators.forEach((v, i) => {
        const l1: L1Validator = {
          validationId: conversionValidationId(u.subnetId, i),
          subnetId: u.subnetId,
          nodeId: nodeIdFromBytes(v.nodeId),
          publicKey: v.signer.publicKey,
          remainingBalanceOwner: v.remainingBalanceOwner,
          deactivationOwner: v.deactivationOwner,
          startTime: now,
          weight: v.weight,
          minNonce: 0n,
          endAccumulatedFee: 0n,
        };
        if (v.balance !== 0n) {
          checkCapacity(diff, tools);
          l1.endAccumulatedFee = addFee(v.balance, diff.accruedFees);
        }
        putNewL1Validator(diff, l1);
        produced = addFee(produced, v.balance);
      });
      tools.spend(creds, produced);
      const conversionId = subnetToL1ConversionId({
        subnetId: u.subnetId,
        managerChainId: u.chainId,
        managerAddress: u.address,
        validators: u.validators.map((v) => ({ nodeId: v.nodeId, blsPublicKey: v.signer.publicKey, weight: v.weight })),
      });
      tools.consumeAndProduce();
      diff.putConversion({ subnetId: u.subnetId, conversionId, chainId: u.chainId, address: u.address });
      return;
    }

    case 'RegisterL1ValidatorTx': {
      tools.spend(tx.creds, addFee(fee, u.balance));
      const { sourceChainId, sourceAddress, payload, msg } = l1MessageOf(u.message, 'RegisterL1Validator');
      verifyRegisterMessage(msg);
      verifyL1Conversion(diff, msg.subnetId, sourceChainId, sourceAddress);
      if (msg.expiry <= now) throw new TxError(`warp message expired at ${msg.expiry} and it is currently ${now}`);
      const ahead = msg.expiry - now;
      if (ahead > REGISTER_L1_VALIDATOR_EXPIRY_WINDOW) {
        throw new TxError(`warp message not yet allowed because time is ${ahead} seconds in the future but the limit is ${REGISTER_L1_VALIDATOR_EXPIRY_WINDOW}`);
      }
      const validationId = registerL1ValidatorValidationId(payload);
      const expiry = { timestamp: msg.expiry, validationId };
      if (diff.hasExpiry(expiry)) throw new TxError(`warp message already issued for validationID ${idToString(validationId)}`);
      try {
        verifyProofOfPossession(msg.blsPublicKey, u.proofOfPossession);
      } catch (e) {
        throw new TxError((e as Error).message);
      }
      const l1: L1Validator = {
        validationId,
        subnetId: msg.subnetId,
        nodeId: nodeIdFromBytes(msg.nodeId),
        publicKey: msg.blsPublicKey,
        remainingBalanceOwner: msg.remainingBalanceOwner,
        deactivationOwner: msg.disableOwner,
        startTime: now,
        weight: msg.weight,
        minNonce: 0n,
        endAccumulatedFee: 0n,
      };
      if (u.balance !== 0n) {
        checkCapacity(diff, tools);
        l1.endAccumulatedFee = addFee(u.balance, diff.accruedFees);
      }
      putNewL1Validator(diff, l1);
      tools.consumeAndProduce();
      diff.putExpiry(expiry);
      return;
    }

    case 'SetL1ValidatorWeightTx': {
      tools.spend(tx.creds, fee);
      const { sourceChainId, sourceAddress, msg } = l1MessageOf(u.message, 'L1ValidatorWeight');
      if (msg.nonce === MAX_U64 && msg.weight !== 0n) throw new TxError('maxUint64 nonce is reserved for removal');
      const v = diff.getL1Validator(msg.validationId);
      if (!v) throw new TxError('could not load L1 validator: not found');
      if (msg.nonce < v.minNonce) throw new TxError(`warp message contains stale nonce ${msg.nonce} must be at least ${v.minNonce}`);
      verifyL1Conversion(diff, v.subnetId, sourceChainId, sourceAddress);
      if (msg.weight === 0n) {
        const total = diff.l1Validators().filter((o) => compareBytes(o.subnetId, v.subnetId) === 0).reduce((n, o) => n + o.weight, 0n);
        if (total === v.weight) throw new TxError('attempting to remove the last L1 validator from a converted subnet');
        if (isActive(v)) refund(diff, tx, u.base.outs.length, v, tools);
      }
      // Go's uint64 wraps at MaxUint64; that nonce only ever removes the validator.
      diff.putL1Validator({ ...v, minNonce: (msg.nonce + 1n) & MAX_U64, weight: msg.weight });
      tools.consumeAndProduce();
      return;
    }

    case 'IncreaseL1ValidatorBalanceTx': {
      tools.spend(tx.creds, addFee(fee, u.balance));
      const v = diff.getL1Validator(u.validationId);
      if (!v) throw new TxError('not found');
      let end = v.endAccumulatedFee;
      if (end === 0n) {
        checkCapacity(diff, tools);
        end = diff.accruedFees;
      }
      diff.putL1Validator({ ...v, endAccumulatedFee: addFee(end, u.balance) });
      tools.consumeAndProduce();
      return;
    }

    case 'DisableL1ValidatorTx': {
      const v = diff.getL1Validator(u.validationId);
      if (!v) throw new TxError('could not load L1 validator: not found');
      const creds = tools.authorize(ownersOf(v.deactivationOwner), u.disableAuth);
      tools.spend(creds, fee);
      tools.consumeAndProduce();
      if (!isActive(v)) return;
      refund(diff, tx, u.base.outs.length, v, tools);
      diff.putL1Validator({ ...v, endAccumulatedFee: 0n });
      return;
    }
  }
}

/** message.RegisterL1Validator.Verify. */
function verifyRegisterMessage(m: { subnetId: Uint8Array; nodeId: Uint8Array; weight: bigint; remainingBalanceOwner: PChainOwner; disableOwner: PChainOwner }): void {
  if (m.subnetId.every((b) => b === 0)) throw new TxError('invalid subnet ID');
  if (m.weight === 0n) throw new TxError('invalid weight');
  if (m.nodeId.length !== 20) throw new TxError(`invalid node ID: invalid hash length: expected 20 bytes but got ${m.nodeId.length}`);
  if (m.nodeId.every((b) => b === 0)) throw new TxError('invalid node ID: empty nodeID is disallowed');
  try {
    verifyOwners(m.remainingBalanceOwner);
    verifyOwners(m.disableOwner);
  } catch (e) {
    throw new TxError(`invalid owner: ${(e as Error).message}`);
  }
}
