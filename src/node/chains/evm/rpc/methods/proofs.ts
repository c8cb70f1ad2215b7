import { getProof, parseProofKeys } from '../../query/proof.js';
import { arity, fromRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

export const proofMethods: EthMethods = {
  async eth_getProof(p, { chain }) {
    arity(p, 3, 3);
    const address = fromRpc.address(p[0], 0);
    const keys = parseProofKeys(p[1], 1);
    return getProof(chain, address, keys, fromRpc.blockRef(p[2], 2));
  },
};
