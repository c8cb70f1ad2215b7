import { type KvOp, type KvStore, key, readU64, u64Key, utf8 } from '../../storage/kv.js';
import type { EvmLog } from './acceptor.js';
import { BLOCK_LAYOUT_VERSION, type EvmKeys } from './keys.js';

/**
 * Brings an EVM chain's block records to the layout EvmKeys describes before the chain opens. A new store is
 * marked as such; a store of layout 1 (records keyed by block hash) has each canonical block's block, receipts and
 * call traces moved under number-first keys, `batchBlocks` blocks per atomic batch that also records how far it
 * came, so a process killed during the move resumes where it stopped and no block is ever in neither place.
 * Returns how many blocks were moved.
 */
export async function ensureBlockLayout(
  db: KvStore, keys: EvmKeys, log: Pick<EvmLog, 'info'>, label: string, batchBlocks = 1000,
): Promise<number> {
  const layout = await db.get(keys.layout());
  if (layout !== undefined) {
    if (layout[0] === BLOCK_LAYOUT_VERSION) return 0;
    throw new Error(`${label}: the store's block layout is version ${layout[0]}; this Firn reads version ${BLOCK_LAYOUT_VERSION}`);
  }
  const marker: KvOp = { type: 'put', key: keys.layout(), value: Uint8Array.of(BLOCK_LAYOUT_VERSION) };
  if ((await db.get(keys.head())) === undefined) {
    await db.batch([marker]);
    return 0;
  }
  const progress = await db.get(keys.layoutProgress());
  let next = progress ? readU64(progress) : 0n;
  const started = performance.now();
  log.info(`${label} store: moving block records to layout ${BLOCK_LAYOUT_VERSION} (number-first keys)`, { fromBlock: next.toString() });
  let moved = 0;
  for (;;) {
    const ops: KvOp[] = [];
    let n = next;
    for (; n < next + BigInt(batchBlocks); n++) {
      const hash = await db.get(keys.hashByNumber(n));
      if (hash === undefined) break;
      ops.push({ type: 'put', key: keys.numberByHash(hash), value: u64Key(n) });
      move(ops, keys.legacyBlock(hash), keys.block(n, hash), await db.get(keys.legacyBlock(hash)));
      move(ops, keys.legacyReceipts(hash), keys.receipts(n, hash), await db.get(keys.legacyReceipts(hash)));
      move(ops, keys.legacyCallTraces(hash), keys.callTraces(n, hash), await db.get(keys.legacyCallTraces(hash)));
    }
    const done = n < next + BigInt(batchBlocks);
    ops.push(done ? { type: 'del', key: keys.layoutProgress() } : { type: 'put', key: keys.layoutProgress(), value: u64Key(n) });
    if (done) ops.push(marker);
    await db.batch(ops);
    moved += Number(n - next);
    next = n;
    if (done) break;
    if (moved % (batchBlocks * 10) === 0) log.info(`${label} store: ${moved} blocks moved`, { nextBlock: next.toString() });
  }
  // LevelDB would otherwise drop what the move deleted (and merge what it wrote) during the reads that follow: the first
  // backfill after moving the bench chain took twice the node's CPU while it did.
  const moveMs = performance.now() - started;
  await db.compact({ gte: key(keys.root, utf8('B')), lt: key(keys.root, utf8('S')) });
  await db.compact({ gte: key(keys.root, utf8('b')), lt: key(keys.root, utf8('s')) });
  log.info(`${label} store: block layout ${BLOCK_LAYOUT_VERSION}`, {
    blocksMoved: moved, moveMs: Math.round(moveMs), compactMs: Math.round(performance.now() - started - moveMs),
  });
  return moved;
}

function move(ops: KvOp[], from: Uint8Array, to: Uint8Array, value: Uint8Array | undefined): void {
  if (value === undefined) return;
  ops.push({ type: 'put', key: to, value }, { type: 'del', key: from });
}
