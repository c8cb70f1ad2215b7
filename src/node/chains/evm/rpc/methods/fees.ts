import { feeHistory, parseBlockCount, parsePercentiles } from '../../query/fee-history.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

export const feeMethods: EthMethods = {
  eth_baseFee: (p, { chain }) => { arity(p, 0, 0); return toRpc.quantity(chain.nextFees().baseFee); },
  async eth_maxPriorityFeePerGas(p, { chain }) {
    arity(p, 0, 0);
    return toRpc.quantity(await chain.gasOracle.suggestTip());
  },
  async eth_gasPrice(p, { chain }) {
    arity(p, 0, 0);
    return toRpc.quantity((await chain.gasOracle.suggestTip()) + chain.nextFees().baseFee);
  },
  async eth_feeHistory(p, { chain }) {
    arity(p, 2, 3);
    const count = parseBlockCount(p[0], 0);
    const last = fromRpc.blockTag(p[1], 1);
    return feeHistory(chain, count, last, parsePercentiles(p[2], 2));
  },
};
