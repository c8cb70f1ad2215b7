import type { StoredBlock } from '../../block-store.js';
import type { EvmChain } from '../../evm-chain.js';
import { blockByRef } from '../../query/block-ref.js';
import type { StoredReceipt } from '../../receipts.js';
import { type BlockRef, arity, fromRpc, toRpc } from '../codec.js';
import { blockJson, blockReceiptsReply, blockReply, txReply } from '../render.js';
import { decoded, keepReceipts, type Decoded } from '../decoded-blocks.js';
import type { EthMethods } from '../types.js';

async function receiptsOf(chain: EvmChain, block: StoredBlock, entry: Decoded): Promise<StoredReceipt[] | undefined> {
  if (entry.receipts === undefined) keepReceipts(entry, await chain.getBlockReceipts(block));
  return entry.receipts;
}

async function render(chain: EvmChain, block: StoredBlock | undefined, fullTx: boolean) {
  if (!block) return null;
  const entry = decoded(chain, block);
  const receipts = fullTx ? await receiptsOf(chain, block, entry) : undefined;
  // without receipts the senders are recovered from the signatures, which needs the decoded txs
  const txs = fullTx && receipts?.length !== entry.txs.length ? chain.blockTransactions(block) : entry.txs;
  return blockReply(block, txs, receipts, fullTx, chain.rules.codec.format);
}

/** coreth's rpcMarshalHeader: the block fields without body ones, plus totalDifficulty. */
function headerJson(chain: EvmChain, block: StoredBlock): Record<string, unknown> {
  const out = blockJson(block, [], undefined, false, chain.rules.codec.format);
  for (const k of ['size', 'blockExtraData', 'transactions', 'uncles']) delete out[k];
  return out;
}

/** The methods that ignore the backend's error (a height above the last accepted block) and answer null. */
async function blockOrNull(chain: EvmChain, ref: BlockRef): Promise<StoredBlock | undefined> {
  try {
    return await blockByRef(chain, ref);
  } catch {
    return undefined;
  }
}

/** hexutil.Uint index params. */
const index = (v: unknown, i: number) => Number(fromRpc.quantity(v, i, 64));

function txAt(chain: EvmChain, block: StoredBlock | undefined, i: number, receiptsFrom?: Uint8Array) {
  if (!block || i >= block.block.txs.length) return null;
  const tx = chain.blockTransactions(block)[i]!;
  return txReply({ tx, raw: block.block.txs[i]!, from: receiptsFrom ?? tx.getSenderAddress().bytes, block, location: { blockHash: block.hash, blockNumber: block.block.header.number, index: i } });
}

async function txByIndex(chain: EvmChain, block: StoredBlock | undefined, i: number) {
  if (!block || i >= block.block.txs.length) return null;
  const receipts = await chain.getBlockReceipts(block);
  return txAt(chain, block, i, receipts?.[i]?.from);
}

async function blockReceipts(chain: EvmChain, block: StoredBlock | undefined) {
  if (!block) return null;
  const entry = decoded(chain, block);
  const receipts = (await receiptsOf(chain, block, entry)) ?? [];
  const txs = entry.txs;
  if (txs.length !== receipts.length) throw new Error(`receipts length mismatch: ${txs.length} vs ${receipts.length}`);
  const blockNumber = block.block.header.number;
  return blockReceiptsReply(receipts.map((receipt, i) => ({ tx: txs[i]!, raw: block.block.txs[i]!, from: receipt.from, block, receipt, location: { blockHash: block.hash, blockNumber, index: i } })));
}

export const blockMethods: EthMethods = {
  async eth_getBlockByNumber(p, { chain }) {
    arity(p, 2, 2);
    const ref = fromRpc.blockTag(p[0], 0);
    return render(chain, await blockByRef(chain, ref), fromRpc.bool(p[1], 1));
  },
  async eth_getBlockByHash(p, { chain }) {
    arity(p, 2, 2);
    return render(chain, await chain.getBlockByHash(fromRpc.hash(p[0], 0)), fromRpc.bool(p[1], 1));
  },
  async eth_getHeaderByNumber(p, { chain }) {
    arity(p, 1, 1);
    const b = await blockByRef(chain, fromRpc.blockTag(p[0], 0));
    return b ? headerJson(chain, b) : null;
  },
  async eth_getHeaderByHash(p, { chain }) {
    arity(p, 1, 1);
    const b = await chain.getBlockByHash(fromRpc.hash(p[0], 0));
    return b ? headerJson(chain, b) : null;
  },
  async eth_getBlockTransactionCountByNumber(p, { chain }) {
    arity(p, 1, 1);
    const b = await blockOrNull(chain, fromRpc.blockTag(p[0], 0));
    return b ? toRpc.quantity(b.block.txs.length) : null;
  },
  async eth_getBlockTransactionCountByHash(p, { chain }) {
    arity(p, 1, 1);
    const b = await chain.getBlockByHash(fromRpc.hash(p[0], 0));
    return b ? toRpc.quantity(b.block.txs.length) : null;
  },
  async eth_getTransactionByBlockNumberAndIndex(p, { chain }) {
    arity(p, 2, 2);
    const ref = fromRpc.blockTag(p[0], 0);
    return txByIndex(chain, await blockOrNull(chain, ref), index(p[1], 1));
  },
  async eth_getTransactionByBlockHashAndIndex(p, { chain }) {
    arity(p, 2, 2);
    const hash = fromRpc.hash(p[0], 0);
    return txByIndex(chain, await chain.getBlockByHash(hash), index(p[1], 1));
  },
  async eth_getRawTransactionByBlockNumberAndIndex(p, { chain }) {
    arity(p, 2, 2);
    const b = await blockOrNull(chain, fromRpc.blockTag(p[0], 0));
    const i = index(p[1], 1);
    return b && i < b.block.txs.length ? toRpc.data(b.block.txs[i]!) : '0x';
  },
  async eth_getRawTransactionByBlockHashAndIndex(p, { chain }) {
    arity(p, 2, 2);
    const b = await chain.getBlockByHash(fromRpc.hash(p[0], 0));
    const i = index(p[1], 1);
    return b && i < b.block.txs.length ? toRpc.data(b.block.txs[i]!) : '0x';
  },
  async eth_getRawTransactionByHash(p, { chain }) {
    arity(p, 1, 1);
    const found = await chain.getTransaction(fromRpc.hash(p[0], 0));
    return found ? toRpc.data(found.raw) : '0x';
  },
  async eth_getBlockReceipts(p, { chain }) {
    arity(p, 1, 1);
    const ref = fromRpc.blockRef(p[0], 0);
    // coreth answers null for any lookup failure (unknown hash, height above the last accepted block)
    return blockReceipts(chain, await blockOrNull(chain, ref));
  },
  // C-chain blocks never have uncles
  async eth_getUncleCountByBlockNumber(p, { chain }) {
    arity(p, 1, 1);
    return (await blockOrNull(chain, fromRpc.blockTag(p[0], 0))) ? '0x0' : null;
  },
  async eth_getUncleCountByBlockHash(p, { chain }) {
    arity(p, 1, 1);
    return (await chain.getBlockByHash(fromRpc.hash(p[0], 0))) ? '0x0' : null;
  },
  async eth_getUncleByBlockNumberAndIndex(p, { chain }) {
    arity(p, 2, 2);
    const ref = fromRpc.blockTag(p[0], 0);
    index(p[1], 1);
    await blockByRef(chain, ref);
    return null;
  },
  async eth_getUncleByBlockHashAndIndex(p) {
    arity(p, 2, 2);
    fromRpc.hash(p[0], 0);
    index(p[1], 1);
    return null;
  },
};
