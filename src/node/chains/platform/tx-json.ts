import { encodeHexNoChecksum } from '../../../codec/container/checksum-hex.js';
import { formatAddress } from '../../../lib/bech32-address.js';
import { cb58Encode, idToString, nodeIdToString } from '../../../lib/cb58.js';
import type { PChainOwner } from '../../../codec/warp/l1-messages.js';
import { parseSignedTx, type BaseFields, type Output, type Owners, type TransferableInput, type TransferableOutput, type ValidatorFields } from './tx-codec.js';

/** AvalancheGo's `json` encoding of a P-chain tx (platform.getTx / getBlock with encoding json). */
const SECP_FX_ID = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';

export function txToJson(bytes: Uint8Array, hrp: string): unknown {
  const tx = parseSignedTx(bytes);
  const addr = (a: Uint8Array) => formatAddress('P', hrp, a);
  const owners = (o: Owners) => ({ addresses: o.addresses.map(addr), locktime: Number(o.locktime), threshold: o.threshold });
  const output = (o: Output): unknown => {
    const transfer = { addresses: o.owners.addresses.map(addr), amount: Number(o.amount), locktime: Number(o.owners.locktime), threshold: o.owners.threshold };
    return o.stakeableLocktime !== 0n ? { locktime: Number(o.stakeableLocktime), output: transfer } : transfer;
  };
  const outs = (list: TransferableOutput[]) => list.map((o) => ({ assetID: idToString(o.assetId), fxID: SECP_FX_ID, output: output(o.output) }));
  const ins = (list: TransferableInput[]) =>
    list.map((i) => {
      const input = { amount: Number(i.amount), signatureIndices: i.sigIndices };
      return { txID: idToString(i.txId), outputIndex: i.outputIndex, assetID: idToString(i.assetId), fxID: SECP_FX_ID, input: i.lockIn !== undefined ? { locktime: Number(i.lockIn), input } : input };
    });
  const base = (b: BaseFields) => ({ networkID: b.networkId, blockchainID: idToString(b.blockchainId), outputs: outs(b.outs), inputs: ins(b.ins), memo: encodeHexNoChecksum(b.memo) });
  const pChainOwner = (o: PChainOwner) => ({ threshold: o.threshold, addresses: o.addresses.map(cb58Encode) });
  const validator = (v: ValidatorFields) => ({ nodeID: nodeIdToString(v.nodeId), start: Number(v.start), end: Number(v.end), weight: Number(v.weight) });
  const u = tx.unsigned;
  let unsignedTx: Record<string, unknown>;
  switch (u.kind) {
    case 'BaseTx': unsignedTx = base(u.base); break;
    case 'CreateSubnetTx': unsignedTx = { ...base(u.base), owner: owners(u.owner) }; break;
    case 'CreateChainTx': unsignedTx = { ...base(u.base), subnetID: idToString(u.subnetId), chainName: u.chainName, vmID: idToString(u.vmId), fxIDs: u.fxIds.map(idToString), genesisData: encodeHexNoChecksum(u.genesisData), subnetAuthorization: { signatureIndices: u.subnetAuth } }; break;
    case 'ImportTx': unsignedTx = { ...base(u.base), sourceChain: idToString(u.sourceChain), importedInputs: ins(u.importedInputs) }; break;
    case 'ExportTx': unsignedTx = { ...base(u.base), destinationChain: idToString(u.destinationChain), exportedOutputs: outs(u.exportedOutputs) }; break;
    case 'AddSubnetValidatorTx': unsignedTx = { ...base(u.base), validator: { ...validator(u.validator), subnetID: idToString(u.subnetId) }, subnetAuthorization: { signatureIndices: u.subnetAuth } }; break;
    case 'RemoveSubnetValidatorTx': unsignedTx = { ...base(u.base), nodeID: nodeIdToString(u.nodeId), subnetID: idToString(u.subnetId), subnetAuthorization: { signatureIndices: u.subnetAuth } }; break;
    case 'TransferSubnetOwnershipTx': unsignedTx = { ...base(u.base), subnetID: idToString(u.subnetId), subnetAuthorization: { signatureIndices: u.subnetAuth }, owner: owners(u.owner) }; break;
    case 'AddPermissionlessValidatorTx':
      unsignedTx = {
        ...base(u.base), validator: validator(u.validator), subnetID: idToString(u.subnetId),
        signer: u.signer ? { publicKey: encodeHexNoChecksum(u.signer.publicKey), proofOfPossession: encodeHexNoChecksum(u.signer.proofOfPossession) } : {},
        stake: outs(u.stake), validationRewardsOwner: owners(u.validatorRewardsOwner), delegationRewardsOwner: owners(u.delegatorRewardsOwner), shares: u.shares,
      };
      break;
    case 'AddPermissionlessDelegatorTx': unsignedTx = { ...base(u.base), validator: validator(u.validator), subnetID: idToString(u.subnetId), stake: outs(u.stake), rewardsOwner: owners(u.rewardsOwner) }; break;
    case 'AddValidatorTx': unsignedTx = { ...base(u.base), validator: validator(u.validator), stake: outs(u.stake), rewardsOwner: owners(u.rewardsOwner), shares: u.shares }; break;
    case 'AddDelegatorTx': unsignedTx = { ...base(u.base), validator: validator(u.validator), stake: outs(u.stake), rewardsOwner: owners(u.rewardsOwner) }; break;
    case 'ConvertSubnetToL1Tx':
      unsignedTx = {
        ...base(u.base), subnetID: idToString(u.subnetId), chainID: idToString(u.chainId), address: encodeHexNoChecksum(u.address),
        validators: u.validators.map((v) => ({
          nodeID: encodeHexNoChecksum(v.nodeId), weight: Number(v.weight), balance: Number(v.balance),
          signer: { publicKey: encodeHexNoChecksum(v.signer.publicKey), proofOfPossession: encodeHexNoChecksum(v.signer.proofOfPossession) },
          remainingBalanceOwner: pChainOwner(v.remainingBalanceOwner), deactivationOwner: pChainOwner(v.deactivationOwner),
        })),
        subnetAuthorization: { signatureIndices: u.subnetAuth },
      };
      break;
    // [96]byte marshals as a JSON array of numbers in Go.
    case 'RegisterL1ValidatorTx': unsignedTx = { ...base(u.base), balance: Number(u.balance), proofOfPossession: [...u.proofOfPossession], message: encodeHexNoChecksum(u.message) }; break;
    case 'SetL1ValidatorWeightTx': unsignedTx = { ...base(u.base), message: encodeHexNoChecksum(u.message) }; break;
    case 'IncreaseL1ValidatorBalanceTx': unsignedTx = { ...base(u.base), validationID: idToString(u.validationId), balance: Number(u.balance) }; break;
    case 'DisableL1ValidatorTx': unsignedTx = { ...base(u.base), validationID: idToString(u.validationId), disableAuthorization: { signatureIndices: u.disableAuth } }; break;
    case 'RewardValidatorTx': unsignedTx = { txID: idToString(u.txId) }; break;
    case 'AdvanceTimeTx': unsignedTx = { time: Number(u.time) }; break;
    default: unsignedTx = {};
  }
  return { unsignedTx, credentials: tx.creds.map((sigs) => ({ signatures: sigs.map(encodeHexNoChecksum) })), id: idToString(tx.id) };
}

