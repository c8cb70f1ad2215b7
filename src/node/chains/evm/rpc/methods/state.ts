import { stateBlock } from '../../query/block-ref.js';
import { ParamError, arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods } from '../types.js';
import type { EvmChain } from '../../evm-chain.js';
import type { BlockRef } from '../codec.js';

/** The height whose state a query reads (coreth's StateAndHeaderByNumberOrHash errors). */
const stateHeight = async (chain: EvmChain, ref: BlockRef) => (await stateBlock(chain, ref)).block.header.number;

export const stateMethods: EthMethods = {
  async eth_getBalance(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    return toRpc.quantity(await chain.getBalance(addr, await stateHeight(chain, fromRpc.blockRef(p[1], 1))));
  },
  async eth_getTransactionCount(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    const ref = fromRpc.blockRef(p[1], 1);
    if ('tag' in ref && ref.tag === 'pending') return toRpc.quantity(await chain.getPendingNonce(addr));
    return toRpc.quantity(await chain.getNonce(addr, await stateHeight(chain, ref)));
  },
  async eth_getCode(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    return toRpc.data(await chain.getCode(addr, await stateHeight(chain, fromRpc.blockRef(p[1], 1))));
  },
  async eth_getStorageAt(p, { chain }) {
    arity(p, 2, 3);
    const addr = fromRpc.address(p[0], 0);
    if (typeof p[1] !== 'string') throw new ParamError('invalid argument 1: json: cannot unmarshal non-string into Go value of type string');
    const height = await stateHeight(chain, fromRpc.blockRef(p[2], 2));
    const slot = decodeStorageKey(p[1]);
    return toRpc.data(await chain.getStorageAt(addr, slot, height));
  },
};

/** coreth's decodeHash: optional 0x, odd lengths padded, at most 32 bytes, left-padded. */
export function decodeStorageKey(s: string): Uint8Array {
  let body = s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
  if (body.length % 2 === 1) body = '0' + body;
  if (!/^[0-9a-fA-F]*$/.test(body)) throw new Error('unable to decode storage key: hex string invalid');
  if (body.length > 64) throw new Error('unable to decode storage key: hex string too long, want at most 32 bytes');
  return new Uint8Array(Buffer.from(body.padStart(64, '0'), 'hex'));
}
