import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { TypedTransaction } from '@ethereumjs/tx';
import { equalsBytes } from '@ethereumjs/util';
import { runTx, type VM } from '@ethereumjs/vm';
import { bytesToHex } from '../../../../lib/hex.js';
import { BLACKHOLE, creditFee, envBlock } from '../block-builder.js';
import type { StoredBlock } from '../block-store.js';
import { type CallRequest, RPC_GAS_CAP, runCall } from '../call.js';
import type { EvmChain } from '../evm-chain.js';
import type { ScratchDb } from '../trie-db.js';
import { type BlockOverrides, type StateOverrides, applyBlockOverrides, applyStateOverrides } from './call-overrides.js';
import { observe } from './observe.js';
import { type ReplayedState, ReplayStates } from './replay-states.js';
import { type TraceConfig, createTracer, isRecordedCallTracer } from './trace-config.js';
import type { Tracer } from './types.js';

/** One entry of debug_traceBlock*: geth's txTraceResult. */
export interface TxTraceResult {
  txHash: string;
  result?: unknown;
  error?: string;
}

interface Replay {
  vm: VM;
  state: MerkleStateManager;
  scratch: ScratchDb;
  txs: TypedTransaction[];
  env: ReturnType<typeof envBlock>;
  baseFee: bigint;
  gasUsed: bigint;
}

const replayStates = new WeakMap<EvmChain, ReplayStates>();

function keptStates(chain: EvmChain): ReplayStates {
  let states = replayStates.get(chain);
  if (!states) replayStates.set(chain, (states = new ReplayStates()));
  return states;
}

/**
 * The block's parent state in a throw-away view (the state a trace of the parent left, when there is one),
 * with the block's own environment (number, timestamp, gas limit, base fee, the black-hole coinbase) as it
 * was mined. Reads only: block production goes on meanwhile. The block's changes stay in the state's caches
 * under one outer checkpoint until `finishBlock`.
 */
async function replayFromParent(chain: EvmChain, block: StoredBlock, kept?: Promise<ReplayedState | undefined>): Promise<Replay> {
  const h = block.block.header;
  if (h.number === 0n) throw new Error('genesis is not traceable');
  const { vm, state, scratch } = (await kept) ?? await chain.stateView(h.number - 1n);
  const baseFee = h.baseFee ?? 0n;
  const env = envBlock(chain.common, { number: h.number, timestamp: h.timestamp, gasLimit: h.gasLimit, baseFee, coinbase: h.coinbase });
  await state.checkpoint();
  return { vm, state, scratch, txs: chain.blockTransactions(block), env, baseFee, gasUsed: 0n };
}

/** Runs the block's next tx as the block builder did (the whole fee to the coinbase), optionally traced. */
async function runNext(r: Replay, i: number, tracer?: Tracer, timeoutMs?: number): Promise<unknown> {
  const run = async () => {
    const res = await runTx(r.vm, { tx: r.txs[i]!, block: r.env, skipHardForkValidation: true, blockGasUsed: r.gasUsed });
    r.gasUsed += res.totalGasSpent;
    await creditFee(r.state, r.env.header.coinbase, res.totalGasSpent * r.baseFee);
  };
  if (!tracer) {
    await run();
    return undefined;
  }
  return traced(r.vm, r.state, tracer, timeoutMs, run);
}

/** The replayed state after the whole block, when it is the block's state (its root matches the header's). */
async function finishBlock(r: Replay, block: StoredBlock): Promise<ReplayedState | undefined> {
  await r.state.commit();
  const root = await r.state.getStateRoot();
  return equalsBytes(root, block.block.header.stateRoot) ? { vm: r.vm, state: r.state, scratch: r.scratch } : undefined;
}

/** Runs `fn` with `tracer` fed from the VM's events; the tracer's result, or the error that stopped it. */
async function traced(vm: VM, state: MerkleStateManager, tracer: Tracer, timeoutMs: number | undefined, fn: () => Promise<void>): Promise<unknown> {
  const obs = observe(vm, state, tracer, { coinbase: BLACKHOLE, ...(timeoutMs !== undefined ? { deadline: Date.now() + timeoutMs } : {}) });
  try {
    await fn();
  } catch (e) {
    throw obs.failure() ?? e;
  } finally {
    obs.detach();
  }
  const failure = obs.failure();
  if (failure) throw failure;
  return tracer.result();
}

/**
 * debug_traceBlockByNumber / ByHash by replaying the block (a block answered from its recorded callTracer results
 * never gets here: rpc/recorded-trace-reply.ts). As geth: native tracers run the txs in order and any error fails
 * the call; a name geth would hand to its JavaScript engine fails each tx on its own. `txHashes`: the block's tx
 * hashes, in order (rpc/decoded-blocks.ts has them without decoding the txs).
 */
export async function traceBlock(chain: EvmChain, block: StoredBlock, cfg: TraceConfig, txHashes: readonly Uint8Array[]): Promise<TxTraceResult[]> {
  const hashes = txHashes.map((h) => bytesToHex(h));
  try {
    createTracer(cfg);
  } catch (e) {
    return hashes.map((txHash) => ({ txHash, error: (e as Error).message }));
  }
  const states = keptStates(chain);
  const parentState = states.take(block.block.header.parentHash);
  const offer = states.promise(block.hash);
  let after: ReplayedState | undefined;
  try {
    const r = await replayFromParent(chain, block, parentState);
    const out: TxTraceResult[] = [];
    for (let i = 0; i < r.txs.length; i++) {
      out.push({ txHash: hashes[i]!, result: await runNext(r, i, createTracer(cfg), cfg.timeoutMs) });
    }
    after = await finishBlock(r, block);
    return out;
  } finally {
    offer(after);
  }
}

/** debug_traceTransaction: replays the txs before it in its block, then traces it. */
export async function traceTransaction(chain: EvmChain, hash: Uint8Array, cfg: TraceConfig): Promise<unknown> {
  const found = await chain.getTransaction(hash);
  if (!found?.location || !found.block) throw new Error('transaction not found');
  const tracer = createTracer(cfg);
  const recorded = isRecordedCallTracer(cfg) ? (await chain.recordedCallTraces(found.block))?.[found.location.index] : undefined;
  if (recorded !== undefined && recorded !== null) return recorded;
  const r = await replayFromParent(chain, found.block);
  for (let i = 0; i < found.location.index; i++) await runNext(r, i);
  return runNext(r, found.location.index, tracer, cfg.timeoutMs);
}

export interface TraceCallOptions {
  /** Trace on the state before this tx of the block instead of after the block. */
  txIndex?: number;
  stateOverrides?: StateOverrides;
  blockOverrides?: BlockOverrides;
}

/** debug_traceCall: an eth_call on the state after `block` (or before its tx `txIndex`), traced. */
export async function traceCall(chain: EvmChain, req: CallRequest, block: StoredBlock, cfg: TraceConfig, opts: TraceCallOptions = {}): Promise<unknown> {
  const tracer = createTracer(cfg);
  let vm: VM;
  let state: MerkleStateManager;
  if (opts.txIndex !== undefined) {
    const r = await replayFromParent(chain, block);
    if (opts.txIndex > r.txs.length) throw new Error(`transaction index ${opts.txIndex} out of range for block ${bytesToHex(block.hash)}`);
    for (let i = 0; i < opts.txIndex; i++) await runNext(r, i);
    ({ vm, state } = r);
  } else {
    ({ vm, state } = await chain.stateView(block.block.header.number));
  }
  if (opts.stateOverrides) await applyStateOverrides(state, opts.stateOverrides);
  const header = applyBlockOverrides(block.block.header, opts.blockOverrides);
  const gas = req.gas !== undefined && req.gas < RPC_GAS_CAP ? req.gas : RPC_GAS_CAP;
  return traced(vm, state, tracer, cfg.timeoutMs, async () => { await runCall(vm, state, chain.common, header, req, gas, { fullEvm: true }); });
}
