import { BLACKHOLE } from '../../block-builder.js';
import { RPC_GAS_CAP, revertError, runCall } from '../../call.js';
import { stateBlock } from '../../query/block-ref.js';
import { chainConfigJson } from '../../query/chain-config.js';
import { applyStateOverrides, parseStateOverrides } from '../../query/overrides.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

/** coreth's price-options defaults (plugin/evm/config): slow 95 %, fast 105 %, tip capped at 20 gwei, floor 1 wei. */
const PRICE_OPTIONS = { slowPercent: 95n, fastPercent: 105n, maxTip: 20_000_000_000n, minTip: 1n } as const;

/** Avalanche's additions to the eth namespace (coreth internal/ethapi api_extra.go, api.coreth.go, eth/api.go). */
export const avalancheMethods: EthMethods = {
  eth_getChainConfig(p, { chain }) {
    arity(p, 0, 0);
    return chainConfigJson(chain);
  },
  async eth_suggestPriceOptions(p, { chain }) {
    arity(p, 0, 0);
    const baseFee = chain.nextFees().baseFee;
    const tip = await chain.gasOracle.suggestTip();
    const capped = tip < PRICE_OPTIONS.maxTip ? tip : PRICE_OPTIONS.maxTip;
    let slow = (capped * PRICE_OPTIONS.slowPercent) / 100n;
    if (slow < PRICE_OPTIONS.minTip) slow = PRICE_OPTIONS.minTip;
    const fast = (tip * PRICE_OPTIONS.fastPercent) / 100n;
    const price = (t: bigint) => ({ maxPriorityFeePerGas: toRpc.quantity(t), maxFeePerGas: toRpc.quantity(2n * baseFee + t) });
    return { slow: price(slow), normal: price(capped), fast: price(fast) };
  },
  /** coreth's CallDetailed: the call's gas, error code and text, and return data instead of an error. */
  async eth_callDetailed(p, { chain }) {
    arity(p, 2, 3);
    const req = fromRpc.callRequest(p[0], 0);
    const ref = fromRpc.blockRef(p[1], 1);
    const overrides = parseStateOverrides(p[2], 2);
    const b = await stateBlock(chain, ref);
    const view = await chain.stateView(b.block.header.number);
    await applyStateOverrides(view.state, overrides);
    const out = await runCall(view.vm, view.state, chain.common, view.block.block.header, req, req.gas ?? RPC_GAS_CAP);
    let errCode = 0;
    let err = '';
    if (out.reverted) {
      const e = revertError(out.returnValue);
      errCode = e.code;
      err = e.message;
    } else if (!out.success) {
      err = out.error ?? 'execution failed';
    }
    return { gas: Number(out.gasUsed), errCode, err, returnData: toRpc.data(out.returnValue) };
  },
  eth_getBadBlocks(p) {
    arity(p, 0, 0);
    return [];
  },
  // coreth's etherbase is the black-hole address every C-chain block names as its coinbase
  eth_coinbase(p) { arity(p, 0, 0); return toRpc.data(BLACKHOLE); },
  eth_etherbase(p) { arity(p, 0, 0); return toRpc.data(BLACKHOLE); },
};
