import { parseAddress } from '../../lib/bech32-address.js';
import { nodeIdFromString } from '../../lib/cb58.js';
import { hexToBytes } from '../../lib/hex.js';
import type { GenesisConfig } from './genesis-config.js';

/** AvalancheGo's genesis JSON (genesis/unparsed_config.go), as in genesis_local.json or a --genesis-file. */
export interface UnparsedGenesisConfig {
  networkID: number;
  allocations: {
    ethAddr: string;
    avaxAddr: string;
    initialAmount: number | string;
    unlockSchedule?: { amount: number | string; locktime?: number | string }[];
  }[];
  startTime: number;
  initialStakeDuration: number;
  initialStakeDurationOffset: number;
  initialStakedFunds: string[];
  initialStakers: {
    nodeID: string;
    rewardAddress: string;
    delegationFee: number;
    signer?: { publicKey: string; proofOfPossession: string };
  }[];
  cChainGenesis: string;
  message: string;
}

function shortId(address: string): Uint8Array {
  return parseAddress(address).shortId;
}

/** Parses the JSON form; amounts may be JSON numbers or strings (big values lose nothing when given as strings). */
export function parseGenesisConfig(json: string | UnparsedGenesisConfig): GenesisConfig {
  const u: UnparsedGenesisConfig = typeof json === 'string' ? (JSON.parse(json) as UnparsedGenesisConfig) : json;
  return {
    networkId: u.networkID,
    allocations: u.allocations.map((a) => ({
      ethAddr: hexToBytes(a.ethAddr),
      avaxAddr: shortId(a.avaxAddr),
      initialAmount: BigInt(a.initialAmount),
      unlockSchedule: (a.unlockSchedule ?? []).map((s) => ({ amount: BigInt(s.amount), locktime: BigInt(s.locktime ?? 0) })),
    })),
    startTime: BigInt(u.startTime),
    initialStakeDuration: BigInt(u.initialStakeDuration),
    initialStakeDurationOffset: BigInt(u.initialStakeDurationOffset),
    initialStakedFunds: u.initialStakedFunds.map(shortId),
    initialStakers: u.initialStakers.map((s) => ({
      nodeId: nodeIdFromString(s.nodeID),
      rewardAddress: shortId(s.rewardAddress),
      delegationFee: s.delegationFee,
      ...(s.signer
        ? { signer: { publicKey: hexToBytes(s.signer.publicKey), proofOfPossession: hexToBytes(s.signer.proofOfPossession) } }
        : {}),
    })),
    cChainGenesis: u.cChainGenesis,
    message: u.message,
  };
}
