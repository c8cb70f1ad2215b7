import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import { fuzzDecoder } from '../../../codec/container/fuzz.fixtures.js';
import { avalanchejsPTxCatalog, pRewardValidatorTx } from '../../../codec/platformvm/test-txs.fixtures.js';
import { sha256 } from '../../../lib/hash.js';
import { plain, type Plain } from './avalanchejs-plain.fixtures.js';
import type { OutputOwners, TransferableInput, TransferableOutput, TxOutput } from './avax-components.js';
import { decodePlatformTx, PLATFORM_TX_TYPE_IDS, type BlsSigner, type PlatformUnsignedTx, type Validator } from './platform-tx.js';

const A = avalanchejs as any;
const pvm = A.utils.getManagerForVM('PVM');

/** Our decoded tx in avalanchejs' shape (its field names and nesting), so the two parsers can be compared whole. */
function owners(o: OutputOwners): Plain {
  return { locktime: o.locktime, threshold: o.threshold, addrs: o.addresses, _type: 'secp256k1fx.OutputOwners' };
}
function pOwner(o: OutputOwners): Plain {
  return { threshold: o.threshold, addresses: o.addresses, _type: 'pvm.PChainOwner' };
}
function output(o: TxOutput): Plain {
  const transfer = { amt: o.amount, outputOwners: owners(o.owners), _type: 'secp256k1fx.TransferOutput' };
  return o.stakeableLocktime !== undefined ? { lockTime: o.stakeableLocktime, transferOut: transfer, _type: 'pvm.StakeableLockOut' } : transfer;
}
const outs = (list: TransferableOutput[]): Plain => list.map((o) => ({ assetId: o.assetId, output: output(o.output), _type: 'avax.TransferableOutput' }));
function input(i: TransferableInput): Plain {
  const transfer = { amt: i.amount, input: { sigIndices: i.sigIndices, _type: 'secp256k1fx.Input' }, _type: 'secp256k1fx.TransferInput' };
  return {
    utxoID: { txID: i.txId, outputIdx: i.outputIndex, _type: 'avax.UTXOID' }, assetId: i.assetId,
    input: i.stakeableLocktime !== undefined ? { lockTime: i.stakeableLocktime, transferableInput: transfer, _type: 'pvm.StakeableLockIn' } : transfer,
    _type: 'avax.TransferableInput',
  };
}
const auth = (a: { sigIndices: number[] }): Plain => ({ sigIndices: a.sigIndices, _type: 'secp256k1fx.Input' });
const validator = (v: Validator): Plain => ({ nodeId: v.nodeId, startTime: v.startTime, endTime: v.endTime, weight: v.weight, _type: 'pvm.Validator' });
const pop = (s: BlsSigner): Plain => ({ publicKey: s.publicKey, signature: s.proofOfPossession, _type: 'pvm.proofOfPossession' });
const signer = (s?: BlsSigner): Plain => (s ? { proof: pop(s), _type: 'pvm.signer' } : { _type: 'pvm.signerEmpty' });

function ours(u: PlatformUnsignedTx): Plain {
  const base = 'base' in u ? {
    baseTx: {
      NetworkId: u.base.networkId, BlockchainId: u.base.blockchainId, outputs: outs(u.base.outputs), inputs: u.base.inputs.map(input), memo: u.base.memo, _type: 'avax.BaseTx',
    },
  } : {};
  switch (u.type) {
    case 'AddValidatorTx':
      return { ...base, validator: validator(u.validator), stake: outs(u.stake), rewardsOwner: owners(u.rewardsOwner), shares: u.shares, _type: 'pvm.AddValidatorTx' };
    case 'AddSubnetValidatorTx':
      return { ...base, subnetValidator: { validator: validator(u.validator), subnetId: u.subnetId, _type: 'pvm.SubnetValidator' }, subnetAuth: auth(u.subnetAuth), _type: 'pvm.AddSubnetValidator' };
    case 'AddDelegatorTx':
      return { ...base, validator: validator(u.validator), stake: outs(u.stake), rewardsOwner: owners(u.rewardsOwner), _type: 'pvm.AddDelegatorTx' };
    case 'CreateChainTx':
      return { ...base, subnetID: u.subnetId, chainName: u.chainName, vmID: u.vmId, fxIds: u.fxIds, genesisData: u.genesisData, subnetAuth: auth(u.subnetAuth), _type: 'pvm.CreateChainTx' };
    case 'CreateSubnetTx':
      return { ...base, subnetOwners: owners(u.owner), _type: 'pvm.CreateSubnetTx' };
    case 'ImportTx':
      return { ...base, sourceChain: u.sourceChain, ins: u.importedInputs.map(input), _type: 'pvm.ImportTx' };
    case 'ExportTx':
      return { ...base, destination: u.destinationChain, outs: outs(u.exportedOutputs), _type: 'pvm.ExportTx' };
    case 'AdvanceTimeTx':
      return { time: u.time, _type: 'pvm.AdvanceTimeTx' };
    case 'RemoveSubnetValidatorTx':
      return { ...base, nodeId: u.nodeId, subnetId: u.subnetId, subnetAuth: auth(u.subnetAuth), _type: 'pvm.RemoveSubnetValidator' };
    case 'TransformSubnetTx':
      return {
        ...base, subnetID: u.subnetId, assetId: u.assetId, initialSupply: u.initialSupply, maximumSupply: u.maxSupply, minConsumptionRate: u.minConsumptionRate,
        maxConsumptionRate: u.maxConsumptionRate, minValidatorStake: u.minValidatorStake, maxValidatorStake: u.maxValidatorStake, minStakeDuration: u.minStakeDuration,
        maxStakeDuration: u.maxStakeDuration, minDelegationFee: u.minDelegationFee, minDelegatorStake: u.minDelegatorStake,
        maxValidatorWeightFactor: u.maxValidatorWeightFactor, uptimeRequirement: u.uptimeRequirement, subnetAuth: auth(u.subnetAuth), _type: 'pvm.TransformSubnetTx',
      };
    case 'AddPermissionlessValidatorTx':
      return {
        ...base, subnetValidator: { validator: validator(u.validator), subnetId: u.subnetId, _type: 'pvm.SubnetValidator' }, signer: signer(u.signer), stake: outs(u.stake),
        validatorRewardsOwner: owners(u.validatorRewardsOwner), delegatorRewardsOwner: owners(u.delegatorRewardsOwner), shares: u.shares, _type: 'pvm.AddPermissionlessValidator',
      };
    case 'AddPermissionlessDelegatorTx':
      return {
        ...base, subnetValidator: { validator: validator(u.validator), subnetId: u.subnetId, _type: 'pvm.SubnetValidator' }, stake: outs(u.stake),
        delegatorRewardsOwner: owners(u.rewardsOwner), _type: 'pvm.AddPermissionlessDelegator',
      };
    case 'TransferSubnetOwnershipTx':
      return { ...base, subnetID: u.subnetId, subnetAuth: auth(u.subnetAuth), subnetOwners: owners(u.owner), _type: 'pvm.TransferSubnetOwnershipTx' };
    case 'BaseTx':
      return { ...base, _type: 'pvm.BaseTx' };
    case 'ConvertSubnetToL1Tx':
      return {
        ...base, subnetID: u.subnetId, chainID: u.chainId, address: u.address, subnetAuth: auth(u.subnetAuth), _type: 'pvm.ConvertSubnetToL1Tx',
        validators: u.validators.map((v) => ({
          nodeId: v.nodeId, weight: v.weight, balance: v.balance, signer: pop(v.signer), remainingBalanceOwner: pOwner(v.remainingBalanceOwner),
          deactivationOwner: pOwner(v.deactivationOwner), _type: 'pvm.L1Validator',
        })),
      };
    case 'RegisterL1ValidatorTx':
      return { ...base, balance: u.balance, blsSignature: u.proofOfPossession, message: u.message, _type: 'pvm.RegisterL1ValidatorTx' };
    case 'SetL1ValidatorWeightTx':
      return { ...base, message: u.message, _type: 'pvm.SetL1ValidatorWeightTx' };
    case 'IncreaseL1ValidatorBalanceTx':
      return { ...base, validationId: u.validationId, balance: u.balance, _type: 'pvm.IncreaseL1ValidatorBalanceTx' };
    case 'DisableL1ValidatorTx':
      return { ...base, validationId: u.validationId, disableAuth: auth(u.disableAuth), _type: 'pvm.DisableL1ValidatorTx' };
    case 'AddAutoRenewedValidatorTx':
      return {
        ...base, nodeId: u.nodeId, signer: signer(u.signer), stake: outs(u.stake), validatorRewardsOwner: owners(u.validatorRewardsOwner),
        delegatorRewardsOwner: owners(u.delegatorRewardsOwner), validatorAuthority: owners(u.validatorAuthority), delegationShares: u.shares,
        autoCompoundRewardShares: u.autoCompoundRewardShares, period: u.period, _type: 'pvm.AddAutoRenewedValidatorTx',
      };
    case 'SetAutoRenewedValidatorConfigTx':
      return { ...base, txId: u.stakingTxId, auth: auth(u.auth), autoCompoundRewardShares: u.autoCompoundRewardShares, period: u.period, _type: 'pvm.SetAutoRenewedValidatorConfigTx' };
    case 'RewardAutoRenewedValidatorTx':
      return { txId: u.stakingTxId, timestamp: u.timestamp, _type: 'pvm.RewardAutoRenewedValidatorTx' };
    case 'RewardValidatorTx':
      return { txID: u.stakingTxId, _type: 'pvm.RewardValidatorTx' };
  }
}

describe('P-chain tx decoder against avalanchejs 5.2.0', () => {
  const catalog = avalanchejsPTxCatalog();

  it('covers every tx type avalanchejs can build', () => {
    const types = new Set(catalog.map((c) => decodePlatformTx(c.bytes).unsigned.type));
    const all = Object.keys(PLATFORM_TX_TYPE_IDS).filter((t) => t !== 'RewardValidatorTx');
    expect([...types].sort()).toEqual(all.sort());
  });

  it.each(catalog.map((c) => [c.name, c] as const))('%s: every field as avalanchejs parses it', (_name, c) => {
    const tx = decodePlatformTx(c.bytes);
    expect(PLATFORM_TX_TYPE_IDS[tx.unsigned.type]).toBe(c.typeId);
    expect(ours(tx.unsigned)).toEqual(plain(pvm.unpackTransaction(c.bytes)));
    const signed = pvm.unpack(c.bytes, A.avaxSerial.SignedTx);
    expect(tx.credentials.map((cr) => cr.signatures)).toEqual((plain(signed.credentials) as { signatures: { sig: Uint8Array }[] }[]).map((cr) => cr.signatures.map((s) => s.sig)));
    expect(tx.id).toEqual(sha256(c.bytes));
    // The unsigned bytes are what avalanchejs signs: the signed tx without its credentials.
    expect(tx.unsignedBytes).toEqual(new A.avaxSerial.SignedTx(pvm.unpackTransaction(c.bytes), []).toBytes().slice(0, -4));
  });

  it('decodes RewardValidatorTx, which avalanchejs does not export', () => {
    const stakingTx = new Uint8Array(32).fill(0x77);
    const tx = decodePlatformTx(pRewardValidatorTx(stakingTx));
    expect(tx.unsigned).toEqual({ type: 'RewardValidatorTx', stakingTxId: stakingTx });
    expect(tx.credentials).toEqual([]);
  });

  it('rejects truncated, extended and corrupted txs with errors, never crashes', () => {
    const seeds = catalog.map((c) => c.bytes);
    for (const s of seeds) {
      expect(() => decodePlatformTx(s.subarray(0, s.length - 1))).toThrow();
      expect(() => decodePlatformTx(new Uint8Array([...s, 0]))).toThrow('trailing buffer space');
    }
    expect(() => decodePlatformTx(new Uint8Array([0, 0, 0, 0, 0, 99]))).toThrow('unknown P-chain tx type ID 99');
    expect(() => decodePlatformTx(new Uint8Array([0, 1, 0, 0, 0, 34]))).toThrow('unknown codec version 1');
    fuzzDecoder(decodePlatformTx, seeds, 2000, 7);
  });
});
