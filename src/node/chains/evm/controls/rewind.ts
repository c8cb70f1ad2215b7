import type { KvOp } from '../../../storage/kv.js';
import { keccak256 } from '../crypto.js';
import type { DevnetAccess } from './access.js';
import { headRootOp } from './head-root.js';

/**
 * Rewinds the chain to block `height` with state `root` (evm_revert, anvil_reset): the blocks above it,
 * their receipts and tx lookups are deleted, the head moves back, and the consensus engine and container
 * index forget the same blocks — all in one atomic batch. Must run inside `x.exclusive`. Trie nodes stay
 * (they are content-addressed and shared). The caller restores the pool.
 */
export async function rewindLocked(x: DevnetAccess, height: bigint, root: Uint8Array): Promise<void> {
  const head = x.head();
  if (height > head.block.header.number) throw new Error(`cannot rewind to block ${height}: the head is ${head.block.header.number}`);
  const target = await x.blocks.byNumber(height);
  if (!target) throw new Error(`block ${height} is missing from the store`);
  const ops: KvOp[] = [];
  for (let n = height + 1n; n <= head.block.header.number; n++) {
    const b = await x.blocks.byNumber(n);
    if (!b) continue;
    ops.push(
      { type: 'del', key: x.keys.hashByNumber(n) },
      { type: 'del', key: x.keys.numberByHash(b.hash) },
      { type: 'del', key: x.keys.block(n, b.hash) },
      { type: 'del', key: x.keys.receipts(n, b.hash) },
      { type: 'del', key: x.keys.callTraces(n, b.hash) },
    );
    for (const raw of b.block.txs) ops.push({ type: 'del', key: x.keys.txLookup(keccak256(raw)) });
  }
  ops.push({ type: 'put', key: x.keys.head(), value: target.hash }, headRootOp(x.keys, target.hash, root));
  // pending trie writes (e.g. recorded preimages) go along, so nothing the new state needs is left behind
  const trie = x.trieDb.drain();
  ops.unshift(...trie.ops);
  await x.rewindAccepted(height, target.hash, ops);
  x.trieDb.forget(trie.keys);
  await x.setHead(target, root);
  x.notifyRewind(height);
}
