import { keccak256 } from '../../crypto.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

export const web3NetMethods: EthMethods = {
  web3_clientVersion: (p, ctx) => { arity(p, 0, 0); return ctx.clientVersion; },
  web3_sha3: (p) => { arity(p, 1, 1); return toRpc.data(keccak256(fromRpc.data(p[0], 0))); },
  // coreth sets the eth network id to the chain id, printed in decimal
  net_version: (p, ctx) => { arity(p, 0, 0); return ctx.chain.chainId.toString(10); },
  net_listening: (p) => { arity(p, 0, 0); return true; },
  net_peerCount: (p) => { arity(p, 0, 0); return '0x0'; },
};
