import { arity, fromRpc, toRpc } from '../codec.js';
import { stateNumber } from '../resolve.js';
import type { EthMethods } from '../types.js';

export const executionMethods: EthMethods = {
  async eth_call(p, { chain }) {
    arity(p, 1, 4);
    const req = fromRpc.callRequest(p[0], 0);
    if (p[2] !== undefined && p[2] !== null) throw new Error('state overrides are not supported yet');
    return toRpc.data(await chain.call(req, await stateNumber(chain, fromRpc.blockRef(p[1], 1))));
  },
  async eth_estimateGas(p, { chain }) {
    arity(p, 1, 3);
    const req = fromRpc.callRequest(p[0], 0);
    if (p[2] !== undefined && p[2] !== null) throw new Error('state overrides are not supported yet');
    return toRpc.quantity(await chain.estimateGas(req, await stateNumber(chain, fromRpc.blockRef(p[1], 1))));
  },
};
