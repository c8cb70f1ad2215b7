import { compareBytes } from '../../lib/bytes.js';
import { avaxAssetIdFromAvmGenesis, encodeAvmGenesis, encodeAvmOutput } from '../../codec/avm/genesis.js';
import type { AvmGenesisAsset, AvmInitialOutput } from '../../codec/avm/genesis.js';
import { initialSupply } from './genesis-config.js';
import type { GenesisAllocation, GenesisConfig } from './genesis-config.js';
import { AVM_ID, EVM_ID, NFTFX_ID, PROPERTYFX_ID, SECP256K1FX_ID, ZERO_ID } from './network-constants.js';
import { encodePlatformGenesis, genesisTxId } from '../../codec/platformvm/genesis.js';
import type {
  CreateChainTx,
  GenesisUtxo,
  PlatformGenesis,
  PlatformOutput,
  TransferableOutput,
  ValidatorTx,
} from '../../codec/platformvm/genesis.js';

export interface FromConfigResult {
  platformGenesis: PlatformGenesis;
  platformGenesisBytes: Uint8Array;
  avmGenesisBytes: Uint8Array;
  avaxAssetId: Uint8Array;
}

/** A P-chain allocation (genesis.Allocation): one UTXO or one stake output. */
interface PlatformAllocation {
  locktime: bigint;
  amount: bigint;
  address: Uint8Array;
  message: Uint8Array;
}

const UINT64_MAX = 0xffff_ffff_ffff_ffffn;

/**
 * Builds the network genesis the way AvalancheGo's genesis.FromConfig does: the avm genesis holding AVAX, the AVAX
 * asset id derived from it, then the P-chain genesis (UTXOs, genesis validators, the X and C CreateChainTxs).
 * Validation (genesis.validateConfig) is the caller's business, as in AvalancheGo.
 */
export function fromConfig(config: GenesisConfig): FromConfigResult {
  const avmGenesisBytes = encodeAvmGenesis([avaxGenesisAsset(config)]);
  const avaxAssetId = avaxAssetIdFromAvmGenesis(avmGenesisBytes);
  const time = config.startTime;

  const staked = new Set(config.initialStakedFunds.map(hexKey));
  const skipped: GenesisAllocation[] = [];
  const platformAllocations: PlatformAllocation[] = [];
  for (const a of config.allocations) {
    if (staked.has(hexKey(a.avaxAddr))) {
      skipped.push(a);
      continue;
    }
    for (const u of a.unlockSchedule) {
      if (u.amount > 0n) platformAllocations.push({ locktime: u.locktime, amount: u.amount, address: a.avaxAddr, message: a.ethAddr });
    }
  }

  const utxos: GenesisUtxo[] = platformAllocations.map((a, i) => {
    if (a.amount === 0n) throw new Error('genesis UTXO has no value');
    return { txId: ZERO_ID, outputIndex: i, assetId: avaxAssetId, output: platformOutput(a, time), message: a.message };
  });

  const validators = new TxHeapByEndTime();
  const nodeAllocations = splitAllocations(skipped, config.initialStakers.length);
  const endStakingTime = time + config.initialStakeDuration;
  config.initialStakers.forEach((staker, i) => {
    const end = endStakingTime - config.initialStakeDurationOffset * BigInt(i);
    const stakedAllocations: PlatformAllocation[] = [];
    for (const a of nodeAllocations[i] ?? []) {
      for (const u of a.unlockSchedule) stakedAllocations.push({ locktime: u.locktime, amount: u.amount, address: a.avaxAddr, message: a.ethAddr });
    }
    stakedAllocations.sort(comparePlatformAllocations);
    let weight = 0n;
    const stake: TransferableOutput[] = stakedAllocations.map((a) => {
      weight += a.amount;
      if (weight > UINT64_MAX) throw new Error('validator stake exceeds limit');
      return { assetId: avaxAssetId, output: platformOutput(a, time) };
    });
    if (weight === 0n) throw new Error('validator has not weight');
    if (end <= time) throw new Error('validator would have already unstaked');

    const owner = { locktime: 0n, threshold: 1, addresses: [staker.rewardAddress] };
    const base = { networkId: config.networkId, blockchainId: ZERO_ID, outputs: [], memo: new Uint8Array(0) };
    const validator = { nodeId: staker.nodeId, start: time, end, weight };
    const tx: ValidatorTx = staker.signer
      ? {
          type: 'AddPermissionlessValidatorTx', base, validator, subnetId: ZERO_ID, signer: staker.signer, stake,
          validatorRewardsOwner: owner, delegatorRewardsOwner: owner, delegationShares: staker.delegationFee,
        }
      : { type: 'AddValidatorTx', base, validator, stake, rewardsOwner: owner, delegationShares: staker.delegationFee };
    validators.push(tx, end);
  });

  const chains: CreateChainTx[] = [
    createChainTx(config.networkId, 'X-Chain', AVM_ID, [SECP256K1FX_ID, NFTFX_ID, PROPERTYFX_ID], avmGenesisBytes),
    createChainTx(config.networkId, 'C-Chain', EVM_ID, [], new TextEncoder().encode(config.cChainGenesis)),
  ];

  const platformGenesis: PlatformGenesis = {
    utxos,
    validators: validators.list(),
    chains,
    timestamp: time,
    initialSupply: initialSupply(config),
    message: config.message,
  };
  return { platformGenesis, platformGenesisBytes: encodePlatformGenesis(platformGenesis), avmGenesisBytes, avaxAssetId };
}

/** The AVAX genesis asset: X allocations sorted by (initialAmount, address), memo = their ETH addresses. */
function avaxGenesisAsset(config: GenesisConfig): AvmGenesisAsset {
  const xAllocations = config.allocations
    .filter((a) => a.initialAmount > 0n)
    .sort((a, b) => (a.initialAmount === b.initialAmount ? compareBytes(a.avaxAddr, b.avaxAddr) : a.initialAmount < b.initialAmount ? -1 : 1));
  const outputs: AvmInitialOutput[] = xAllocations.map((a) => ({
    type: 'TransferOutput',
    amount: a.initialAmount,
    owners: { locktime: 0n, threshold: 1, addresses: [a.avaxAddr] },
  }));
  // InitialState.Sort: outputs ordered by their codec bytes.
  const sorted = outputs
    .map((o) => ({ o, bytes: encodeAvmOutput(o) }))
    .sort((x, y) => compareBytes(x.bytes, y.bytes))
    .map((x) => x.o);
  const memo = new Uint8Array(xAllocations.length * 20);
  xAllocations.forEach((a, i) => memo.set(a.ethAddr, i * 20));
  return {
    alias: 'AVAX',
    networkId: config.networkId,
    blockchainId: ZERO_ID,
    memo,
    name: 'Avalanche',
    symbol: 'AVAX',
    denomination: 9,
    states: sorted.length > 0 ? [{ fxIndex: 0, outputs: sorted }] : [],
  };
}

function platformOutput(a: PlatformAllocation, time: bigint): PlatformOutput {
  const out: PlatformOutput = { type: 'TransferOutput', amount: a.amount, owners: { locktime: 0n, threshold: 1, addresses: [a.address] } };
  return a.locktime > time ? { type: 'StakeableLockOut', locktime: a.locktime, output: out } : out;
}

function createChainTx(networkId: number, chainName: string, vmId: Uint8Array, fxIds: Uint8Array[], genesisData: Uint8Array): CreateChainTx {
  return {
    type: 'CreateChainTx',
    base: { networkId, blockchainId: ZERO_ID, outputs: [], memo: new Uint8Array(0) },
    subnetId: ZERO_ID,
    chainName,
    vmId,
    fxIds,
    genesisData,
    subnetAuth: [],
  };
}

/** genesis.Allocation.Compare: locktime, then amount, then address. */
function comparePlatformAllocations(a: PlatformAllocation, b: PlatformAllocation): number {
  if (a.locktime !== b.locktime) return a.locktime < b.locktime ? -1 : 1;
  if (a.amount !== b.amount) return a.amount < b.amount ? -1 : 1;
  return compareBytes(a.address, b.address);
}

/**
 * Splits the initially staked allocations into `numSplits` groups of (nearly) equal locked amount, cutting unlock
 * entries where a group fills up; the last group takes the remainder (genesis.splitAllocations).
 */
export function splitAllocations(allocations: readonly GenesisAllocation[], numSplits: number): GenesisAllocation[][] {
  let total = 0n;
  for (const a of allocations) for (const u of a.unlockSchedule) total += u.amount;
  const nodeWeight = total / BigInt(numSplits);

  const all: GenesisAllocation[][] = [];
  let current: GenesisAllocation[] = [];
  let currentAmount = 0n;
  const fresh = (a: GenesisAllocation): GenesisAllocation => ({ ...a, initialAmount: 0n, unlockSchedule: [] });
  for (const allocation of allocations) {
    let currentAllocation = fresh(allocation);
    for (const unlock of allocation.unlockSchedule) {
      let amount = unlock.amount;
      while (currentAmount + amount > nodeWeight && all.length < numSplits - 1) {
        const amountToAdd = nodeWeight - currentAmount;
        currentAllocation.unlockSchedule.push({ amount: amountToAdd, locktime: unlock.locktime });
        amount -= amountToAdd;
        current.push(currentAllocation);
        all.push(current);
        current = [];
        currentAmount = 0n;
        currentAllocation = fresh(allocation);
      }
      if (amount === 0n) continue;
      currentAllocation.unlockSchedule.push({ amount, locktime: unlock.locktime });
      currentAmount += amount;
    }
    if (currentAllocation.unlockSchedule.length > 0) current.push(currentAllocation);
  }
  all.push(current);
  return all;
}

/**
 * txheap.NewByEndTime: a binary min-heap on end time; `List()` returns the heap's backing array, so the genesis
 * validator order is the heap layout after the pushes (Go container/heap sift-up), not a sorted order.
 */
class TxHeapByEndTime {
  private readonly entries: { tx: ValidatorTx; end: bigint }[] = [];
  private readonly ids = new Set<string>();

  push(tx: ValidatorTx, end: bigint): void {
    const id = hexKey(genesisTxId(tx));
    if (this.ids.has(id)) return;
    this.ids.add(id);
    this.entries.push({ tx, end });
    let j = this.entries.length - 1;
    while (j > 0) {
      const i = Math.floor((j - 1) / 2);
      const child = this.entries[j];
      const parent = this.entries[i];
      if (!child || !parent || !(child.end < parent.end)) break;
      this.entries[i] = child;
      this.entries[j] = parent;
      j = i;
    }
  }

  list(): ValidatorTx[] {
    return this.entries.map((e) => e.tx);
  }
}

function hexKey(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
