import { parseWarpMessage, signerIndices } from '../../../codec/warp/message.js';
import type { DynamicFeeConfig } from './config.js';
import type { BaseFields, ConvertValidator, Owners, TransferableInput, TransferableOutput, UnsignedTx } from './tx-codec.js';

/**
 * Etna dynamic fees (vms/platformvm/txs/fee/complexity.go, vms/components/gas): a tx's complexity in four
 * dimensions, merged into gas by the weights; fee = gas × price; price = minPrice × e^(excess / K).
 */
export type Dimensions = [number, number, number, number];

const ID = 32, SHORT_ID = 20, INT = 4, LONG = 8, SHORT = 2, SIG = 65;
const VALIDATOR = SHORT_ID + 3 * LONG;
const OUTPUT_OWNERS = LONG + INT + INT;
const OUTPUT = ID + INT + LONG + OUTPUT_OWNERS;
const STAKEABLE_LOCK = LONG + INT;
const INPUT = ID + INT + ID + INT + INT + LONG + INT + INT;
const SIGNATURE = INT + SIG;
const SIGNATURE_COMPUTE = 200;
const POP_BANDWIDTH = 48 + 96;
const POP_COMPUTE = 50 + 1_000;
const BASE_TX = SHORT + INT + INT + ID + INT + INT + INT + INT;
const CONVERT_VALIDATOR = INT + LONG + LONG + INT + INT + INT + INT;
const BLS_AGGREGATE_COMPUTE = 5;
const BLS_VERIFY_COMPUTE = 1_000;
const WARP_DB_READS = 3 + 20;

const INTRINSIC: Partial<Record<UnsignedTx['kind'], Dimensions>> = {
  BaseTx: [BASE_TX, 0, 0, 0],
  CreateChainTx: [BASE_TX + ID + SHORT + ID + INT + INT + INT + INT, 3, 1, 0],
  CreateSubnetTx: [BASE_TX + INT, 0, 1, 0],
  AddPermissionlessValidatorTx: [BASE_TX + VALIDATOR + ID + INT + INT + INT + INT + INT, 1, 3, 0],
  AddPermissionlessDelegatorTx: [BASE_TX + VALIDATOR + ID + INT + INT, 1, 2, 0],
  AddSubnetValidatorTx: [BASE_TX + VALIDATOR + ID + INT + INT, 3, 3, 0],
  ExportTx: [BASE_TX + ID + INT, 0, 0, 0],
  ImportTx: [BASE_TX + ID + INT, 0, 0, 0],
  RemoveSubnetValidatorTx: [BASE_TX + SHORT_ID + ID + INT + INT, 1, 3, 0],
  TransferSubnetOwnershipTx: [BASE_TX + ID + INT + INT + INT, 1, 1, 0],
  ConvertSubnetToL1Tx: [BASE_TX + ID + ID + INT + INT + INT + INT, 3, 2, 0],
  RegisterL1ValidatorTx: [BASE_TX + LONG + 96 + INT, 5, 6, POP_COMPUTE],
  SetL1ValidatorWeightTx: [BASE_TX + INT, 3, 5, 0],
  IncreaseL1ValidatorBalanceTx: [BASE_TX + ID + LONG, 1, 5, 0],
  DisableL1ValidatorTx: [BASE_TX + ID + INT + INT, 1, 6, 0],
};

function add(a: Dimensions, b: Dimensions): Dimensions {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
}

function outputs(outs: TransferableOutput[]): Dimensions {
  let d: Dimensions = [0, 0, 0, 0];
  for (const o of outs) {
    const locked = o.output.stakeableLocktime !== 0n || o.output.bytes[3] === 22;
    d = add(d, [OUTPUT + (locked ? STAKEABLE_LOCK : 0) + o.output.owners.addresses.length * SHORT_ID, 0, 1, 0]);
  }
  return d;
}

function inputs(ins: TransferableInput[]): Dimensions {
  let d: Dimensions = [0, 0, 0, 0];
  for (const i of ins) {
    const n = i.sigIndices.length;
    d = add(d, [INPUT + (i.lockIn !== undefined ? STAKEABLE_LOCK : 0) + n * SIGNATURE, 1, 1, n * SIGNATURE_COMPUTE]);
  }
  return d;
}

const owner = (o: Owners): Dimensions => [OUTPUT_OWNERS + o.addresses.length * SHORT_ID, 0, 0, 0];
const auth = (sigIndices: number[]): Dimensions => [INT + INT + sigIndices.length * SIGNATURE, 0, 0, sigIndices.length * SIGNATURE_COMPUTE];
const convertValidator = (v: ConvertValidator): Dimensions =>
  [CONVERT_VALIDATOR + v.nodeId.length + POP_BANDWIDTH + (v.remainingBalanceOwner.addresses.length + v.deactivationOwner.addresses.length) * SHORT_ID, 0, 4, POP_COMPUTE];

/** fee.WarpComplexity: the message's bytes, the validator-set reads and one aggregate verification. */
function warp(message: Uint8Array): Dimensions {
  const signers = signerIndices(parseWarpMessage(message).signature.signers).length;
  return [message.length, WARP_DB_READS, 0, signers * BLS_AGGREGATE_COMPUTE + BLS_VERIFY_COMPUTE];
}

const base = (b: BaseFields): Dimensions => add(add(outputs(b.outs), inputs(b.ins)), [b.memo.length, 0, 0, 0]);

/** The tx's complexity, or undefined for a tx the dynamic fee calculator does not price (reward txs). */
export function txComplexity(tx: UnsignedTx): Dimensions | undefined {
  const intrinsic = INTRINSIC[tx.kind];
  if (!intrinsic || !('base' in tx)) return undefined;
  let d = add(intrinsic, base(tx.base));
  switch (tx.kind) {
    case 'CreateChainTx':
      d = add(d, [tx.fxIds.length * ID + new TextEncoder().encode(tx.chainName).length + tx.genesisData.length, 0, 0, 0]);
      return add(d, auth(tx.subnetAuth));
    case 'CreateSubnetTx':
      return add(d, owner(tx.owner));
    case 'AddPermissionlessValidatorTx':
      d = add(d, tx.signer ? [POP_BANDWIDTH, 0, 0, POP_COMPUTE] : [0, 0, 0, 0]);
      return add(add(add(d, outputs(tx.stake)), owner(tx.validatorRewardsOwner)), owner(tx.delegatorRewardsOwner));
    case 'AddPermissionlessDelegatorTx':
      return add(add(d, owner(tx.rewardsOwner)), outputs(tx.stake));
    case 'AddSubnetValidatorTx':
    case 'RemoveSubnetValidatorTx':
      return add(d, auth(tx.subnetAuth));
    case 'TransferSubnetOwnershipTx':
      return add(add(d, auth(tx.subnetAuth)), owner(tx.owner));
    case 'ExportTx':
      return add(d, outputs(tx.exportedOutputs));
    case 'ImportTx':
      return add(d, inputs(tx.importedInputs));
    case 'ConvertSubnetToL1Tx':
      for (const v of tx.validators) d = add(d, convertValidator(v));
      return add(add(d, auth(tx.subnetAuth)), [tx.address.length, 0, 0, 0]);
    case 'RegisterL1ValidatorTx':
    case 'SetL1ValidatorWeightTx':
      return add(d, warp(tx.message));
    case 'DisableL1ValidatorTx':
      return add(d, auth(tx.disableAuth));
    default:
      return d;
  }
}

export function toGas(d: Dimensions, weights: DynamicFeeConfig['weights']): bigint {
  return BigInt(d[0]) * weights[0] + BigInt(d[1]) * weights[1] + BigInt(d[2]) * weights[2] + BigInt(d[3]) * weights[3];
}

/** gas.State: the chain's spare capacity and its excess over the target. */
export interface FeeState { capacity: bigint; excess: bigint }

const MAX_U64 = 0xffff_ffff_ffff_ffffn;

export function advanceFeeState(s: FeeState, c: DynamicFeeConfig, seconds: bigint): FeeState {
  const capacity = s.capacity + c.maxPerSecond * seconds;
  const drained = c.targetPerSecond * seconds;
  return { capacity: capacity < c.maxCapacity ? capacity : c.maxCapacity, excess: s.excess > drained ? s.excess - drained : 0n };
}

/** gas.State.ConsumeGas; throws AvalancheGo's error when the block would exceed the capacity. */
export function consumeGas(s: FeeState, gas: bigint): FeeState {
  if (gas > s.capacity) throw new Error(`insufficient capacity: capacity (${s.capacity}) < gas (${gas})`);
  const excess = s.excess + gas;
  return { capacity: s.capacity - gas, excess: excess > MAX_U64 ? MAX_U64 : excess };
}

/** gas.CalculatePrice: minPrice × e^(excess / K) by the Taylor-series "fake exponential". */
export function gasPrice(minPrice: bigint, excess: bigint, k: bigint): bigint {
  let output = 0n;
  let accum = minPrice * k;
  const maxOutput = k * MAX_U64;
  for (let i = 1n; accum > 0n; i++) {
    output += accum;
    if (output >= maxOutput) return MAX_U64;
    accum = (accum * excess) / k / i;
  }
  return output / k;
}
