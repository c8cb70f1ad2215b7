import type { StoredBlock } from '../block-store.js';
import { keccak256 } from '../crypto.js';
import type { EvmChain } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import { decodeStoredTx, rpcTxOf, type RpcTx } from './rpc-tx.js';
import { hexOf } from '../../../../lib/hex.js';
import { RingCache } from '../../../../lib/ring-cache.js';

/** A block's decoded transactions and its receipts (read once asked for). */
export interface Decoded {
  txs: RpcTx[];
  receipts?: StoredReceipt[];
}

/**
 * The decoded txs and receipts of the blocks rendered last, by block hash (what is stored under a hash never
 * changes): an indexer asks for a block with its transactions and then for its receipts, which would
 * otherwise read the receipts and decode every transaction a second time.
 */
const RECENT_DECODED = 16;
const recentDecoded = new WeakMap<EvmChain, RingCache<Decoded>>();

function recentOf(chain: EvmChain): RingCache<Decoded> {
  let recent = recentDecoded.get(chain);
  if (!recent) recentDecoded.set(chain, (recent = new RingCache(RECENT_DECODED)));
  return recent;
}

export function decoded(chain: EvmChain, block: StoredBlock): Decoded {
  const recent = recentOf(chain);
  const key = hexOf(block.hash);
  let entry = recent.get(key);
  if (!entry) {
    entry = { txs: rpcTxs(chain, block) };
    recent.set(key, entry);
  }
  return entry;
}

/**
 * Keeps a block's receipts with its decoded txs. A receipt that stored its tx's hash (receipts.ts) spares hashing the
 * tx: the hashes were ~10 % of the node's CPU when serving an indexer's backfill.
 */
export function keepReceipts(entry: Decoded, receipts: StoredReceipt[] | undefined): void {
  if (receipts === undefined) return;
  entry.receipts = receipts;
  if (receipts.length !== entry.txs.length) return;
  for (let i = 0; i < receipts.length; i++) {
    const hash = receipts[i]!.txHash;
    if (hash) entry.txs[i]!.hash = () => hash;
  }
}

/** The block's txs read straight from their encoding; ethereumjs decodes the kinds decodeStoredTx leaves out. */
function rpcTxs(chain: EvmChain, block: StoredBlock): RpcTx[] {
  let decoded: ReturnType<EvmChain['blockTransactions']> | undefined;
  return block.block.txs.map((raw, i) => decodeStoredTx(raw, chain.chainId) ?? rpcTxOf((decoded ??= chain.blockTransactions(block))[i]!, raw));
}

/**
 * The hashes of a block's txs: from its decoded entry when the block was just rendered (an indexer asks for the block,
 * its receipts and its traces together), hashed from their encodings otherwise (a typed tx's hash is the hash of its
 * envelope: no need to decode the txs).
 */
export function txHashes(chain: EvmChain, block: StoredBlock): Uint8Array[] {
  const entry = recentOf(chain).get(hexOf(block.hash));
  return entry ? entry.txs.map((tx) => tx.hash()) : block.block.txs.map((raw) => keccak256(raw));
}
