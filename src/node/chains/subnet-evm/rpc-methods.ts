import { ParamError, arity, fromRpc } from '../evm/rpc/codec.js';
import type { EthMethods } from '../evm/rpc/types.js';
import { stateBlock } from '../evm/query/block-ref.js';
import { activePrecompilesJson, activeRulesJson, subnetChainConfigJson } from './chain-config-json.js';
import { feeConfigJson } from './fee-config.js';
import { type ParentContext, parentContext } from './parent-context.js';
import type { SubnetEvmRules } from './rules.js';
import { directState } from './state-access.js';

/** A `*uint64` param: a JSON number; absent or null → undefined. */
function timestampParam(v: unknown, index: number): bigint | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number') throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${typeof v === 'string' ? 'string' : 'non-number'} into Go value of type uint64`);
  if (!Number.isInteger(v) || v < 0) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal number ${v} into Go value of type uint64`);
  return BigInt(v);
}

/** Subnet-EVM's eth additions (internal/ethapi/api_extra.go); eth_getChainConfig replaces coreth's. */
export function subnetEvmMethods(rules: SubnetEvmRules): EthMethods {
  const config = rules.config;
  return {
    async eth_feeConfig(p, { chain }) {
      arity(p, 0, 1);
      let ctx: ParentContext;
      if (p[0] === undefined || p[0] === null) {
        ctx = rules.headContext;
      } else {
        const block = await stateBlock(chain, fromRpc.blockRef(p[0], 0));
        const view = await chain.stateView(block.block.header.number);
        ctx = await parentContext(config, block.block.header.timestamp, directState(view.state));
      }
      return { feeConfig: feeConfigJson(ctx.feeConfig), ...(ctx.lastChangedAt !== undefined ? { lastChangedAt: ctx.lastChangedAt } : {}) };
    },
    eth_getChainConfig(p) {
      arity(p, 0, 0);
      return subnetChainConfigJson(config);
    },
    eth_getActivePrecompilesAt(p, { chain }) {
      arity(p, 0, 1);
      return activePrecompilesJson(config, timestampParam(p[0], 0) ?? chain.headBlock.block.header.timestamp);
    },
    eth_getActiveRulesAt(p, { chain }) {
      arity(p, 0, 1);
      return activeRulesJson(config, timestampParam(p[0], 0) ?? chain.headBlock.block.header.timestamp);
    },
  };
}
