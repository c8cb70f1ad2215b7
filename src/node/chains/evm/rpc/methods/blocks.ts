import type { StoredBlock } from '../../block-store.js';
import type { EvmChain } from '../../evm-chain.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import { blockJson } from '../render.js';
import { resolveBlock } from '../resolve.js';
import type { EthMethods } from '../types.js';

async function render(chain: EvmChain, block: StoredBlock | undefined, fullTx: boolean) {
  if (!block) return null;
  const receipts = fullTx ? await chain.getBlockReceipts(block.hash) : undefined;
  return blockJson(block, chain.blockTransactions(block), receipts, fullTx);
}

export const blockMethods: EthMethods = {
  async eth_getBlockByNumber(p, { chain }) {
    arity(p, 2, 2);
    const ref = fromRpc.blockTag(p[0], 0);
    return render(chain, await resolveBlock(chain, ref), fromRpc.bool(p[1], 1));
  },
  async eth_getBlockByHash(p, { chain }) {
    arity(p, 2, 2);
    return render(chain, await chain.getBlockByHash(fromRpc.hash(p[0], 0)), fromRpc.bool(p[1], 1));
  },
  async eth_getBlockTransactionCountByNumber(p, { chain }) {
    arity(p, 1, 1);
    const b = await resolveBlock(chain, fromRpc.blockTag(p[0], 0));
    return b ? toRpc.quantity(b.block.txs.length) : null;
  },
  async eth_getBlockTransactionCountByHash(p, { chain }) {
    arity(p, 1, 1);
    const b = await chain.getBlockByHash(fromRpc.hash(p[0], 0));
    return b ? toRpc.quantity(b.block.txs.length) : null;
  },
};
