/**
 * The network genesis configuration in AvalancheGo's parsed form (genesis/config.go `Config`): what FromConfig turns
 * into the P-chain genesis bytes. Addresses are 20-byte short ids; amounts are nAVAX.
 */

export interface LockedAmount {
  amount: bigint;
  /** Unix seconds; 0 = unlocked. A locktime after the genesis time makes the P-chain output stakeable-locked. */
  locktime: bigint;
}

export interface GenesisAllocation {
  ethAddr: Uint8Array;
  avaxAddr: Uint8Array;
  /** Unlocked X-chain amount. */
  initialAmount: bigint;
  /** P-chain amounts (or stake, when avaxAddr is in initialStakedFunds). */
  unlockSchedule: LockedAmount[];
}

export type { BlsProofOfPossession } from '../../codec/platformvm/genesis.js';
import type { BlsProofOfPossession } from '../../codec/platformvm/genesis.js';

export interface GenesisStaker {
  nodeId: Uint8Array;
  rewardAddress: Uint8Array;
  /** Delegation shares in parts per million (20000 = 2%). */
  delegationFee: number;
  /** With a signer the validator is an AddPermissionlessValidatorTx, without one an AddValidatorTx. */
  signer?: BlsProofOfPossession;
}

export interface GenesisConfig {
  networkId: number;
  allocations: GenesisAllocation[];
  startTime: bigint;
  initialStakeDuration: bigint;
  initialStakeDurationOffset: bigint;
  initialStakedFunds: Uint8Array[];
  initialStakers: GenesisStaker[];
  cChainGenesis: string;
  message: string;
}

export function initialSupply(config: GenesisConfig): bigint {
  let total = 0n;
  for (const a of config.allocations) {
    total += a.initialAmount;
    for (const u of a.unlockSchedule) total += u.amount;
  }
  if (total > 0xffff_ffff_ffff_ffffn) throw new Error('initial supply overflows uint64');
  return total;
}
