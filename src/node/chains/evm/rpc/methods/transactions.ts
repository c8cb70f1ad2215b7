import { arity, fromRpc, toRpc } from '../codec.js';
import { receiptReply, txReply } from '../render.js';
import type { EthMethods } from '../types.js';

export const transactionMethods: EthMethods = {
  async eth_sendRawTransaction(p, { chain }) {
    arity(p, 1, 1);
    // pool rejections are TxRejected errors carrying geth's message (-32000)
    return toRpc.hash(await chain.sendRawTransaction(fromRpc.data(p[0], 0)));
  },
  async eth_getTransactionByHash(p, { chain }) {
    arity(p, 1, 1);
    const found = await chain.getTransaction(fromRpc.hash(p[0], 0));
    return found ? txReply(found) : null;
  },
  async eth_getTransactionReceipt(p, { chain }) {
    arity(p, 1, 1);
    const found = await chain.getReceipt(fromRpc.hash(p[0], 0));
    if (!found) return null;
    const receipts = (await chain.getBlockReceipts(found.block!)) ?? [];
    let before = 0;
    for (let i = 0; i < found.location!.index; i++) before += receipts[i]?.logs.length ?? 0;
    return receiptReply(found, before);
  },
};
