import { arity, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

export const chainMethods: EthMethods = {
  eth_chainId: (p, ctx) => { arity(p, 0, 0); return toRpc.quantity(ctx.chain.chainId); },
  eth_blockNumber: (p, ctx) => { arity(p, 0, 0); return toRpc.quantity(ctx.chain.headNumber); },
  eth_syncing: (p) => { arity(p, 0, 0); return false; },
};
