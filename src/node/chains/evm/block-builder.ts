import type { Common } from '@ethereumjs/common';
import { type Block, createBlock } from '@ethereumjs/block';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Address, setLengthLeft } from '@ethereumjs/util';
import { Bloom, runTx, type VM } from '@ethereumjs/vm';
import { type CorethBlock, EMPTY_UNCLE_HASH, extDataHash } from './coreth-block.js';
import type { CorethHeader } from './coreth-header.js';
import { type FeeConfig, type FeeState, decodeFeeState, encodeFeeState, feeStateAfterBlock, feesForChild, nextDelayExcess } from './fees.js';
import { type RawLog, type StoredReceipt, consensusReceipt } from './receipts.js';
import { orderedTrieRoot } from './trie-root.js';
import { type PoolTx, feeCap, tipCap } from './tx-pool.js';
import type { CallRecorder } from './tracing/call-recorder.js';
import { warpPredicatesOf } from './warp/warp-predicates.js';

/** Every C-chain block's coinbase: the black-hole address (graft/evm/constants). */
export const BLACKHOLE = new Uint8Array(20);
BLACKHOLE[0] = 0x01;
/** An empty predicate-results map (codec version 0, u32 count 0), appended to Extra from Durango on. */
export const EMPTY_PREDICATE_RESULTS = new Uint8Array(6);

/** The ACP-176 state a block left in its Extra (undefined for genesis, whose successor starts from zero). */
export function feeStateOf(header: CorethHeader): FeeState | undefined {
  return header.number === 0n ? undefined : decodeFeeState(header.extra);
}

/** Fee numbers for a child of `parent` built at `childMs`. */
export function childFees(parent: CorethHeader, childMs: bigint, cfg: FeeConfig) {
  return feesForChild(feeStateOf(parent), parent.timestampMs ?? parent.timestamp * 1000n, childMs, cfg);
}

/**
 * The block environment ethereumjs executes against. coreth sets Random = Difficulty (1) from Shanghai on,
 * so PREVRANDAO reads 1; BLOCKHASH goes through the VM's blockchain adapter. The coinbase is the black-hole
 * address unless given (a subnet-EVM chain's reward address).
 */
export function envBlock(common: Common, h: { number: bigint; timestamp: bigint; gasLimit: bigint; baseFee: bigint; coinbase?: Uint8Array }): Block {
  return createBlock({
    header: {
      number: h.number, timestamp: h.timestamp, gasLimit: h.gasLimit, baseFeePerGas: h.baseFee,
      coinbase: new Address(h.coinbase ?? BLACKHOLE), difficulty: 0n, mixHash: setLengthLeft(new Uint8Array([1]), 32),
      excessBlobGas: 0n, blobGasUsed: 0n, parentBeaconBlockRoot: new Uint8Array(32),
    },
  }, { common, skipConsensusFormatValidation: true });
}

/** Where a block's extra data is built: after its EVM txs, on the same state (coreth's onFinalizeAndAssemble). */
export interface ExtDataContext {
  state: MerkleStateManager;
  number: bigint;
  timestamp: bigint;
  baseFee: bigint;
  /** ACP-176 capacity left after the EVM txs: the most gas the extra data may use (Fortuna+). */
  gasCapacity: bigint;
}

/** Builds a block's extra data (the atomic txs) and applies its state changes; returns the bytes and their gas. */
export type ExtDataBuilder = (ctx: ExtDataContext) => Promise<{ extData: Uint8Array; gasUsed: bigint }>;

/**
 * coreth's ApplyUpgrades (core/state_processor_ext.go): the state changes of the precompile configs taking
 * effect after `parentTime` (exclusive; undefined for the genesis) up to `block.time`, applied to `state`
 * before the block's txs (or the genesis allocation).
 */
export type UpgradeActivations = (state: MerkleStateManager, parentTime: bigint | undefined, block: { number: bigint; time: bigint }, chainId: bigint) => Promise<void>;

export interface BuildInput {
  vm: VM;
  state: MerkleStateManager;
  common: Common;
  parent: CorethHeader;
  parentHash: Uint8Array;
  timestampMs: bigint;
  feeConfig: FeeConfig;
  candidates: PoolTx[];
  desiredDelayExcess?: bigint;
  extData?: ExtDataBuilder;
  /** Precompile activations due by this block (the C-chain's warp at Durango). */
  activations?: UpgradeActivations;
  /** Records each included tx's callTracer result. */
  recorder?: CallRecorder;
}

export interface BuildResult {
  block: CorethBlock;
  receipts: StoredReceipt[];
  included: PoolTx[];
  /** Txs that failed execution (invalid now: nonce/balance/fee); they leave the pool. */
  dropped: { ptx: PoolTx; error: string }[];
  /** Each included tx's callTracer result as JSON (undefined where it could not be recorded); absent without a recorder. */
  traces?: (string | undefined)[];
}

/** The base-fee part of a tx's fee, which goes to the coinbase as coreth pays it (ethereumjs burns it). */
export async function creditFee(state: BuildInput['state'], coinbase: Address, amount: bigint): Promise<void> {
  if (amount === 0n) return;
  const account = await state.getAccount(coinbase);
  await state.modifyAccountFields(coinbase, { balance: (account?.balance ?? 0n) + amount });
}

/** The txs a block executed, with their receipts, and the ones that left the pool as invalid. */
export interface ExecutedTxs {
  receipts: StoredReceipt[];
  included: PoolTx[];
  dropped: { ptx: PoolTx; error: string }[];
  gasUsed: bigint;
  bloom: Bloom;
  traces?: (string | undefined)[];
}

/**
 * Runs the candidates in order on `state` under the block environment `env`: a tx that does not fit the gas
 * left or is priced under the base fee waits (with its sender's later nonces); one that fails before
 * execution (nonce, balance, or `admit`'s rule) is dropped. The whole fee, base fee included, goes to the
 * env's coinbase: ethereumjs credits only the tip and burns the base fee, so the base-fee part is added here.
 */
export async function executeCandidates(inp: {
  vm: VM; state: BuildInput['state']; common: Common; env: Block; baseFee: bigint; gasAvailable: bigint; candidates: PoolTx[];
  /** A reason to drop the tx before running it (subnet-EVM's tx allow list), or undefined. */
  admit?: (ptx: PoolTx) => Promise<string | undefined>;
  recorder?: CallRecorder;
}): Promise<ExecutedTxs> {
  const { vm, state, env, baseFee, recorder } = inp;
  const coinbase = env.header.coinbase;
  const out: ExecutedTxs = { receipts: [], included: [], dropped: [], gasUsed: 0n, bloom: new Bloom(undefined, inp.common), ...(recorder ? { traces: [] } : {}) };
  const blocked = new Set<string>();
  for (const ptx of inp.candidates) {
    if (blocked.has(ptx.senderHex)) continue;
    if (ptx.tx.gasLimit > inp.gasAvailable - out.gasUsed || feeCap(ptx.tx) < baseFee) {
      blocked.add(ptx.senderHex);
      continue;
    }
    const refusal = await inp.admit?.(ptx);
    if (refusal !== undefined) {
      out.dropped.push({ ptx, error: refusal });
      blocked.add(ptx.senderHex);
      continue;
    }
    let res;
    recorder?.beginTx(ptx.tx, ptx.sender.bytes);
    try {
      res = await runTx(vm, { tx: ptx.tx, block: env, skipHardForkValidation: true, blockGasUsed: out.gasUsed });
    } catch (e) {
      recorder?.abandonTx();
      out.dropped.push({ ptx, error: (e as Error).message });
      blocked.add(ptx.senderHex);
      continue;
    }
    out.traces?.push(recorder!.endTx(res));
    out.gasUsed += res.totalGasSpent;
    await creditFee(state, coinbase, res.totalGasSpent * baseFee);
    const tip = tipCap(ptx.tx) < feeCap(ptx.tx) - baseFee ? tipCap(ptx.tx) : feeCap(ptx.tx) - baseFee;
    out.receipts.push({
      status: res.execResult.exceptionError ? 0 : 1,
      cumulativeGasUsed: out.gasUsed,
      gasUsed: res.totalGasSpent,
      logs: (res.execResult.logs ?? []) as unknown as RawLog[],
      bloom: res.bloom.bitvector,
      from: ptx.sender.bytes,
      ...(res.createdAddress ? { contractAddress: res.createdAddress.bytes } : {}),
      effectiveGasPrice: baseFee + tip,
    });
    out.bloom.or(res.bloom);
    out.included.push(ptx);
  }
  return out;
}

/**
 * Executes the candidates on `state` (which must be at the parent's root) and forms the block. State
 * changes stay in ethereumjs' caches under one outer checkpoint and reach the trie once at the end; the
 * tx and receipt roots are computed once. On error the state is reverted to the parent.
 */
export async function buildBlock(inp: BuildInput): Promise<BuildResult> {
  const { vm, state, common, parent } = inp;
  const number = parent.number + 1n;
  const timestamp = inp.timestampMs / 1000n;
  const fees = childFees(parent, inp.timestampMs, inp.feeConfig);
  const env = envBlock(common, { number, timestamp, gasLimit: fees.gasLimit, baseFee: fees.baseFee });
  const gasAvailable = fees.state.capacity < fees.gasLimit ? fees.state.capacity : fees.gasLimit;
  let ext: { extData: Uint8Array; gasUsed: bigint } = { extData: new Uint8Array(0), gasUsed: 0n };
  let executed: ExecutedTxs;
  const predicates = warpPredicatesOf(vm);
  await predicates?.beginBlock(timestamp, inp.candidates.map((p) => p.tx));

  await state.checkpoint();
  try {
    await inp.activations?.(state, parent.timestamp, { number, time: timestamp }, common.chainId());
    executed = await executeCandidates({ vm, state, common, env, baseFee: fees.baseFee, gasAvailable, candidates: inp.candidates, ...(inp.recorder ? { recorder: inp.recorder } : {}) });
    if (inp.extData) ext = await inp.extData({ state, number, timestamp, baseFee: fees.baseFee, gasCapacity: fees.state.capacity - executed.gasUsed });
    await state.commit();
  } catch (e) {
    predicates?.abandonBlock();
    await state.revert();
    await state.setStateRoot(parent.stateRoot);
    throw e;
  }
  const stateRoot = await state.getStateRoot();
  const { included, receipts, dropped, gasUsed, bloom } = executed;

  const txRoot = orderedTrieRoot(included.map((p) => p.raw));
  const receiptRoot = orderedTrieRoot(included.map((p, i) => consensusReceipt(receipts[i]!, p.tx.type)));
  const feeAfter = feeStateAfterBlock(fees.state, gasUsed + ext.gasUsed, inp.feeConfig);
  // Durango+: the predicate results follow the fee state
  const predicateResults = predicates ? predicates.finishBlock(included.map((p) => p.tx)) : EMPTY_PREDICATE_RESULTS;
  const extra = new Uint8Array(24 + predicateResults.length);
  extra.set(encodeFeeState(feeAfter), 0);
  extra.set(predicateResults, 24);
  const extData = ext.extData;

  const header: CorethHeader = {
    parentHash: inp.parentHash,
    uncleHash: EMPTY_UNCLE_HASH,
    coinbase: BLACKHOLE,
    stateRoot,
    txRoot,
    receiptRoot,
    bloom: bloom.bitvector,
    difficulty: 1n,
    number,
    gasLimit: fees.gasLimit,
    gasUsed,
    timestamp,
    extra,
    mixHash: new Uint8Array(32),
    nonce: new Uint8Array(8),
    extDataHash: extDataHash(extData),
    baseFee: fees.baseFee,
    extDataGasUsed: ext.gasUsed,
    blockGasCost: 0n,
    blobGasUsed: 0n,
    excessBlobGas: 0n,
    parentBeaconRoot: new Uint8Array(32),
    timestampMs: inp.timestampMs,
    minDelayExcess: nextDelayExcess(parent.minDelayExcess ?? 0n, inp.desiredDelayExcess),
  };
  return { block: { header, txs: included.map((p) => p.raw), uncles: [], version: 0, extData }, receipts, included, dropped, ...(executed.traces ? { traces: executed.traces } : {}) };
}
