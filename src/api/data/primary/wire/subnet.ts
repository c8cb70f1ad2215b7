import type { Blockchain, Subnet } from '../../../../store/queries/primary/subnets.js';
import { bech32, cb58, seconds } from './format.js';
import { genesisDataWire } from './genesis.js';
import { contractAddressWire, ownershipWire, type SubnetOwnershipInfoWire } from './p-chain-transaction.js';

/** glacier.json Blockchain. */
export interface BlockchainWire {
  createBlockTimestamp: number;
  createBlockNumber: string;
  blockchainId: string;
  vmId: string;
  subnetId: string;
  blockchainName: string;
  evmChainId?: number;
  genesisData?: Record<string, unknown> | string;
}

/** glacier.json Subnet. */
export interface SubnetWire {
  createBlockTimestamp: number;
  createBlockIndex: string;
  subnetId: string;
  ownerAddresses: string[];
  threshold: number;
  locktime: number;
  subnetOwnershipInfo: SubnetOwnershipInfoWire;
  isL1: boolean;
  l1ConversionTransactionHash?: string;
  l1ValidatorManagerDetails?: { blockchainId: string; contractAddress: string };
  blockchains: BlockchainWire[];
}

export function blockchainWire(b: Blockchain): BlockchainWire {
  const out: BlockchainWire = {
    createBlockTimestamp: seconds(b.blockTimestamp),
    createBlockNumber: b.blockHeight.toString(),
    blockchainId: cb58(b.blockchainId),
    vmId: cb58(b.vmId),
    subnetId: cb58(b.subnetId),
    blockchainName: b.name,
  };
  if (b.evmChainId !== undefined) out.evmChainId = Number(b.evmChainId);
  const genesisData = genesisDataWire(b.genesisJson, b.genesisData);
  if (genesisData !== undefined) out.genesisData = genesisData;
  return out;
}

/**
 * A subnet. The deprecated ownerAddresses/threshold/locktime keep the owner at creation, as the real service
 * does; subnetOwnershipInfo is the current owner (after TransferSubnetOwnershipTx).
 */
export function subnetWire(s: Subnet, hrp: string): SubnetWire {
  const out: SubnetWire = {
    createBlockTimestamp: seconds(s.blockTimestamp),
    createBlockIndex: s.blockHeight.toString(),
    subnetId: cb58(s.subnetId),
    ownerAddresses: s.owner.addresses.map((a) => bech32(hrp, a)),
    threshold: s.owner.threshold,
    locktime: seconds(s.owner.locktime),
    subnetOwnershipInfo: ownershipWire(hrp, s.currentOwner),
    isL1: s.isL1,
    blockchains: s.blockchains.map(blockchainWire),
  };
  if (s.conversionTxId) out.l1ConversionTransactionHash = cb58(s.conversionTxId);
  if (s.managerChainId && s.managerAddress) out.l1ValidatorManagerDetails = { blockchainId: cb58(s.managerChainId), contractAddress: contractAddressWire(s.managerAddress) };
  return out;
}
