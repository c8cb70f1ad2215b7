import { parseAddress } from '../../../lib/bech32-address.js';
import { idFromString, nodeIdFromString } from '../../../lib/cb58.js';
import { decodeHex } from '../../../lib/hex.js';
import type { BlockchainRow, Owners, PrimaryRows, StakerRow, StakerSnapshotRow } from '../../../store/writers/primary/rows.js';
import { emptyPrimaryRows } from '../../../store/writers/primary/rows.js';
import type { BlockchainJson, CurrentStakerJson, OwnerJson, PlatformUtxo } from '../../sources/primary/platform-api.js';
import { genesisUtxoRows } from './genesis-utxos.js';
import { decodePlatformTx, type PlatformTx } from './platform-tx.js';
import { blockchainRowOf, isStakingTx, knownStakeUtxos, PRIMARY_NETWORK_ID, stakerOf, type PlatformChainContext } from './platform-rows.js';
import { hexKey } from './rows-common.js';

/**
 * What the P-chain genesis holds is in no block: its validators, its chains (X and C), its UTXOs. The node's
 * APIs give the first two: current validators whose staking period began before the first indexed block
 * (with their staking txs from platform.getTx when the node has them), and the primary network's chains.
 * Genesis UTXOs cannot be listed as such: the caller asks platform.getUTXOs for the addresses that may hold them,
 * and rebuilds those already spent from their spends (genesis-utxos.ts).
 */
export interface PlatformGenesisInput {
  /** platform.getCurrentValidators at the time of the first batch. */
  validators: readonly CurrentStakerJson[];
  /** Staking and chain-creation txs the node returned (platform.getTx), keyed by hex tx id. */
  txs: ReadonlyMap<string, Uint8Array>;
  blockchains: readonly BlockchainJson[];
  /** Time of the first indexed block: stakers that began before it are not in any indexed block. */
  firstBlockTime: bigint;
  /** UTXOs platform.getUTXOs returned for the genesis address candidates; the genesis ones are kept. */
  utxos?: readonly PlatformUtxo[];
}

/** The stakers of the input that began before the first indexed block. */
export function genesisStakersOf(input: Pick<PlatformGenesisInput, 'validators' | 'firstBlockTime'>): CurrentStakerJson[] {
  return input.validators.filter((v) => BigInt(v.startTime) < input.firstBlockTime);
}

export function platformGenesisRows(ctx: PlatformChainContext, input: PlatformGenesisInput): PrimaryRows {
  const rows = emptyPrimaryRows();
  const stakers = genesisStakersOf(input);
  const genesisTime = stakers.reduce((min, v) => (BigInt(v.startTime) < min ? BigInt(v.startTime) : min), input.firstBlockTime);
  stakers.forEach((v, i) => {
    const txId = idFromString(v.txID);
    const bytes = input.txs.get(hexKey(txId));
    const tx = bytes ? safeDecode(bytes) : undefined;
    const place = { txId, blockHeight: 0n, blockTimestamp: BigInt(v.startTime), txIndex: i };
    if (tx && isStakingTx(tx.unsigned)) {
      const staker = stakerOf(ctx.chain, place, tx.unsigned, true);
      rows.known.stakers.push(staker);
      rows.known.utxos.push(...knownStakeUtxos(ctx, tx, staker));
    } else {
      rows.known.stakers.push(stakerFromJson(ctx.chain, v, place));
    }
  });
  rows.known.utxos.push(...genesisUtxoRows(ctx, input.utxos ?? [], genesisTime));
  rows.known.subnets.push({ chain: ctx.chain, subnetId: PRIMARY_NETWORK_ID, blockHeight: 0n, txIndex: 0, blockTimestamp: genesisTime, owner: { locktime: 0n, threshold: 0, addresses: [] } });
  input.blockchains.filter((b) => isPrimaryNetwork(b.subnetID)).forEach((b) => {
    const id = idFromString(b.id);
    const bytes = input.txs.get(hexKey(id));
    const tx = bytes ? safeDecode(bytes) : undefined;
    if (tx?.unsigned.type === 'CreateChainTx') {
      rows.known.blockchains.push(blockchainRowOf(ctx.chain, id, tx.unsigned, 0n, genesisTime, true));
    } else {
      rows.known.blockchains.push(blockchainFromJson(ctx.chain, b, genesisTime));
    }
  });
  return rows;
}

function isPrimaryNetwork(subnetId: string): boolean {
  try {
    return idFromString(subnetId).every((b) => b === 0);
  } catch {
    return false;
  }
}

export function safeDecode(bytes: Uint8Array): PlatformTx | undefined {
  try {
    return decodePlatformTx(bytes);
  } catch {
    return undefined;
  }
}

function ownersFromJson(o: OwnerJson | undefined): Owners | undefined {
  if (!o) return undefined;
  return { locktime: BigInt(o.locktime), threshold: Number(o.threshold), addresses: o.addresses.map((a) => parseAddress(a).shortId) };
}

/** "2.0000" percent → 20000 parts per million. */
export function sharesFromPercent(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 10_000) : undefined;
}

function stakerFromJson(chain: number, v: CurrentStakerJson, place: { txId: Uint8Array; blockHeight: bigint; blockTimestamp: bigint; txIndex: number }): StakerRow {
  const rewardOwner = ownersFromJson(v.validationRewardOwner ?? v.rewardOwner);
  const delegationRewardOwner = ownersFromJson(v.delegationRewardOwner);
  const shares = sharesFromPercent(v.delegationFee);
  return {
    chain, txId: place.txId, txType: 'AddValidatorTx', kind: 'validator', nodeId: nodeIdFromString(v.nodeID), subnetId: PRIMARY_NETWORK_ID,
    startTime: BigInt(v.startTime), endTime: BigInt(v.endTime), weight: BigInt(v.weight ?? v.stakeAmount ?? '0'),
    ...(shares !== undefined ? { delegationShares: shares } : {}), ...(rewardOwner ? { rewardOwner } : {}),
    ...(delegationRewardOwner ? { delegationRewardOwner } : {}),
    ...(v.signer ? { bls: { publicKey: signerBytes(v, 'publicKey', 48), proofOfPossession: signerBytes(v, 'proofOfPossession', 96) } } : {}),
    blockHeight: place.blockHeight, txIndex: place.txIndex, blockTimestamp: place.blockTimestamp, genesis: true,
  };
}

function blockchainFromJson(chain: number, b: BlockchainJson, time: bigint): BlockchainRow {
  return {
    chain, blockchainId: idFromString(b.id), subnetId: idFromString(b.subnetID), name: b.name, vmId: idFromString(b.vmID), fxIds: [],
    genesisData: new Uint8Array(0), blockHeight: 0n, blockTimestamp: time, genesis: true,
  };
}

/** A BLS key or proof of possession as getCurrentValidators gives it (0x hex, no checksum), of its exact length. */
function signerBytes(v: CurrentStakerJson, field: 'publicKey' | 'proofOfPossession', length: number): Uint8Array {
  const text = v.signer![field];
  const bytes = decodeHex(text);
  if (!bytes || bytes.length !== length) throw new Error(`validator ${v.nodeID} (${v.txID}): signer.${field} is not ${length} bytes of hex: ${JSON.stringify(text).slice(0, 40)}`);
  return bytes;
}

/** What getCurrentValidators says about current stakers (validators, and the delegators of those asked by node id). */
export function stakerSnapshots(chain: number, validators: readonly CurrentStakerJson[], observedAt: bigint): StakerSnapshotRow[] {
  const out: StakerSnapshotRow[] = [];
  const add = (v: CurrentStakerJson) => {
    const uptime = v.uptime !== undefined ? Number(v.uptime) : undefined;
    out.push({
      chain, txId: idFromString(v.txID), observedAt, startTime: BigInt(v.startTime),
      ...(uptime !== undefined && Number.isFinite(uptime) ? { uptime } : {}),
      ...(v.connected !== undefined ? { connected: v.connected } : {}),
      ...(v.potentialReward !== undefined ? { potentialReward: BigInt(v.potentialReward) } : {}),
      ...(v.accruedDelegateeReward !== undefined ? { accruedDelegateeReward: BigInt(v.accruedDelegateeReward) } : {}),
    });
  };
  const seen = new Set<string>();
  for (const v of validators) {
    if (seen.has(v.txID)) continue;
    seen.add(v.txID);
    add(v);
    for (const d of v.delegators ?? []) {
      if (seen.has(d.txID)) continue;
      seen.add(d.txID);
      add(d);
    }
  }
  return out;
}
