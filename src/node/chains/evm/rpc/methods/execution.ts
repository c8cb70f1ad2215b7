import { createAccessList } from '../../query/access-list.js';
import { stateBlock } from '../../query/block-ref.js';
import { callWithOverrides, estimateWithOverrides } from '../../query/call-overrides.js';
import { parseBlockOverrides, parseStateOverrides } from '../../query/overrides.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

export const executionMethods: EthMethods = {
  async eth_call(p, { chain }) {
    arity(p, 1, 4);
    const req = fromRpc.callRequest(p[0], 0);
    const ref = fromRpc.blockRef(p[1], 1);
    const state = parseStateOverrides(p[2], 2);
    const block = parseBlockOverrides(p[3], 3);
    if (state || block || ('tag' in ref && ref.tag === 'pending')) return toRpc.data(await callWithOverrides(chain, req, ref, state, block));
    // the common case stays on the chain's own call path
    return toRpc.data(await chain.call(req, (await stateBlock(chain, ref)).block.header.number));
  },
  async eth_estimateGas(p, { chain }) {
    arity(p, 1, 3);
    const req = fromRpc.callRequest(p[0], 0);
    const ref = fromRpc.blockRef(p[1], 1);
    const state = parseStateOverrides(p[2], 2);
    if (state) return toRpc.quantity(await estimateWithOverrides(chain, req, ref, state));
    return toRpc.quantity(await chain.estimateGas(req, (await stateBlock(chain, ref)).block.header.number));
  },
  async eth_createAccessList(p, { chain }) {
    arity(p, 1, 2);
    const req = fromRpc.callRequest(p[0], 0);
    return createAccessList(chain, req, fromRpc.blockRef(p[1], 1));
  },
};
