import { arity, fromRpc, toRpc } from '../codec.js';
import { stateNumber } from '../resolve.js';
import type { EthMethods } from '../types.js';

export const stateMethods: EthMethods = {
  async eth_getBalance(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    return toRpc.quantity(await chain.getBalance(addr, await stateNumber(chain, fromRpc.blockRef(p[1], 1))));
  },
  async eth_getTransactionCount(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    const ref = fromRpc.blockRef(p[1], 1);
    if ('tag' in ref && ref.tag === 'pending') return toRpc.quantity(await chain.getPendingNonce(addr));
    return toRpc.quantity(await chain.getNonce(addr, await stateNumber(chain, ref)));
  },
  async eth_getCode(p, { chain }) {
    arity(p, 1, 2);
    const addr = fromRpc.address(p[0], 0);
    return toRpc.data(await chain.getCode(addr, await stateNumber(chain, fromRpc.blockRef(p[1], 1))));
  },
  async eth_getStorageAt(p, { chain }) {
    arity(p, 2, 3);
    const addr = fromRpc.address(p[0], 0);
    const slot = storageKey(p[1]);
    return toRpc.data(await chain.getStorageAt(addr, slot, await stateNumber(chain, fromRpc.blockRef(p[2], 2))));
  },
};

/** geth accepts any hex up to 32 bytes for the slot (left-padded). */
function storageKey(v: unknown): Uint8Array {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{0,64}$/.test(v)) {
    throw new Error(`unable to decode storage key: ${typeof v === 'string' && !v.startsWith('0x') ? 'hex string without 0x prefix' : 'hex string invalid'}`);
  }
  const body = v.slice(2).padStart(64, '0');
  return new Uint8Array(Buffer.from(body, 'hex'));
}
