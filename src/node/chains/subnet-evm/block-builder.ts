import { EMPTY_PREDICATE_RESULTS, type BuildResult, type ExecutedTxs, envBlock, executeCandidates } from '../evm/block-builder.js';
import type { ChainBuildInput } from '../evm/chain-rules.js';
import { EMPTY_UNCLE_HASH } from '../evm/coreth-block.js';
import type { CorethHeader } from '../evm/coreth-header.js';
import { ACP226, nextDelayExcess } from '../evm/fees.js';
import { consensusReceipt } from '../evm/receipts.js';
import { orderedTrieRoot } from '../evm/trie-root.js';
import { warpPredicatesOf } from '../evm/warp/warp-predicates.js';
import { applyPrecompileActivations } from './activation.js';
import { type SubnetEvmConfig, isPrecompileEnabled, rulesAt } from './chain-config.js';
import { childBaseFee, childWindow, windowBytes } from './fee-window.js';
import { parentContext } from './parent-context.js';
import { TX_ALLOW_LIST_ADDRESS } from './precompiles/addresses.js';
import { TX_ALLOW_LIST_MODULE } from './precompiles/allow-list-modules.js';
import { checksum, isEnabledRole, readRole } from './precompiles/allow-list.js';
import type { PrecompileState } from './precompiles/types.js';
import { directState } from './state-access.js';

/** vmerrors.ErrSenderAddressNotAllowListed, as the pool and the state transition word it. */
export async function txAllowListRefusal(config: SubnetEvmConfig, time: bigint, state: PrecompileState, sender: Uint8Array): Promise<string | undefined> {
  if (!isPrecompileEnabled(config, TX_ALLOW_LIST_MODULE.key, time)) return undefined;
  if (isEnabledRole(await readRole(state, TX_ALLOW_LIST_ADDRESS, sender))) return undefined;
  return `cannot issue transaction from non-allow listed address: ${checksum(sender)}`;
}

/**
 * One subnet-EVM block (miner/worker.go + consensus/dummy FinalizeAndAssemble), on `state` at the parent's
 * root: the fee config and coinbase come from the parent's state, precompile upgrades due by this block's
 * time are applied before its txs, each tx's sender must pass the tx allow list, and the header carries the
 * fee window (plus Durango's empty predicate results) in Extra, the window base fee, gas limit = the fee
 * config's, block gas cost 0 (Granite), the ms time and the ACP-226 delay excess.
 */
export async function buildSubnetBlock(inp: ChainBuildInput, config: SubnetEvmConfig): Promise<BuildResult> {
  const { vm, state, common, parent } = inp;
  const number = parent.number + 1n;
  const timestamp = inp.timestampMs / 1000n;
  const rules = rulesAt(config, timestamp);
  if (!rules.IsGranite) throw new Error(`block at ${timestamp} precedes Granite (${config.upgrades.graniteTimestamp}): the devnet builds Granite blocks only`);
  const reader = directState(state);
  const ctx = await parentContext(config, parent.timestamp, reader);
  const parentIsSubnetEvm = rulesAt(config, parent.timestamp).IsSubnetEVM;
  const baseFee = childBaseFee(parent, timestamp, ctx.feeConfig, parentIsSubnetEvm);
  const gasLimit = ctx.feeConfig.gasLimit;
  const env = envBlock(common, { number, timestamp, gasLimit, baseFee, coinbase: ctx.coinbase });
  let executed: ExecutedTxs;
  const predicates = warpPredicatesOf(vm);
  await predicates?.beginBlock(timestamp, inp.candidates.map((p) => p.tx));

  await state.checkpoint();
  try {
    await applyPrecompileActivations(config, parent.timestamp, { number, time: timestamp }, state);
    executed = await executeCandidates({
      vm, state, common, env, baseFee, gasAvailable: gasLimit, candidates: inp.candidates,
      admit: (ptx) => txAllowListRefusal(config, timestamp, reader, ptx.sender.bytes),
      ...(inp.recorder ? { recorder: inp.recorder } : {}),
    });
    await state.commit();
  } catch (e) {
    predicates?.abandonBlock();
    await state.revert();
    await state.setStateRoot(parent.stateRoot);
    throw e;
  }
  const { included, receipts, dropped, gasUsed, bloom } = executed;
  const window = windowBytes(childWindow(parent, timestamp, parentIsSubnetEvm));
  const predicateResults = predicates ? predicates.finishBlock(included.map((p) => p.tx)) : EMPTY_PREDICATE_RESULTS;
  const extra = new Uint8Array(window.length + (rules.IsDurango ? predicateResults.length : 0));
  extra.set(window, 0);
  if (rules.IsDurango) extra.set(predicateResults, window.length);
  const header: CorethHeader = {
    parentHash: inp.parentHash,
    uncleHash: EMPTY_UNCLE_HASH,
    coinbase: ctx.coinbase,
    stateRoot: await state.getStateRoot(),
    txRoot: orderedTrieRoot(included.map((p) => p.raw)),
    receiptRoot: orderedTrieRoot(included.map((p, i) => consensusReceipt(receipts[i]!, p.tx.type))),
    bloom: bloom.bitvector,
    difficulty: 1n,
    number,
    gasLimit,
    gasUsed,
    timestamp,
    extra,
    mixHash: new Uint8Array(32),
    nonce: new Uint8Array(8),
    extDataHash: new Uint8Array(32),
    baseFee,
    blockGasCost: 0n,
    blobGasUsed: 0n,
    excessBlobGas: 0n,
    parentBeaconRoot: new Uint8Array(32),
    timestampMs: inp.timestampMs,
    // MinDelayExcess: the parent's once it ran Granite, else the initial one; no desired delay on the devnet
    minDelayExcess: nextDelayExcess(rulesAt(config, parent.timestamp).IsGranite && parent.minDelayExcess !== undefined ? parent.minDelayExcess : ACP226.initialDelayExcess),
  };
  return {
    block: { header, txs: included.map((p) => p.raw), uncles: [], version: 0, extData: new Uint8Array(0) }, receipts, included, dropped,
    ...(executed.traces ? { traces: executed.traces } : {}),
  };
}
