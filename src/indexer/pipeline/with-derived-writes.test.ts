import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import type { BlockStream } from './stream.js';
import { withDerivedWrites } from './with-derived-writes.js';

describe('withDerivedWrites', () => {
  it('runs the derived writes after the stream\'s own, and passes committed() and close() through', async () => {
    const calls: string[] = [];
    const stream: BlockStream<number> = {
      chain: { id: 1 } as ChainRef, name: 'blocks', firstHeight: 0n,
      head: async () => 9n,
      fetch: async (from) => Number(from),
      summarize: (b) => ({ firstHeight: BigInt(b), firstParentHash: new Uint8Array(32), lastHeight: BigInt(b), lastHash: new Uint8Array(32), blocks: 1, transactions: 0, rows: 0 }),
      write: async (_tx, b) => { calls.push(`write ${b}`); },
      committed: (b) => { calls.push(`committed ${b}`); },
      close: async () => { calls.push('close'); },
    };
    const wrapped = withDerivedWrites(stream, [async (_tx, b, summary) => { calls.push(`derived ${b} ${summary.lastHeight}`); }]);
    await wrapped.write({} as Queryable, 4);
    wrapped.committed?.(4);
    await wrapped.close?.({} as Database);
    expect(calls).toEqual(['write 4', 'derived 4 4', 'committed 4', 'close']);
  });

  it('adds no committed() or close() to a stream without them', () => {
    const bare = { chain: { id: 1 } as ChainRef, name: 'blocks', firstHeight: 0n } as BlockStream<number>;
    const wrapped = withDerivedWrites(bare, []);
    expect(wrapped.committed).toBeUndefined();
    expect(wrapped.close).toBeUndefined();
  });
});
