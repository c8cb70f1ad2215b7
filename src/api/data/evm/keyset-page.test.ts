import { describe, expect, it } from 'vitest';
import { Page } from '../../http/pagination/page.js';
import { answerStorePage, blockNumberOfCursor, transactionOfCursor, type BlockCursor } from './keyset-page.js';

/** A page whose tokens are the JSON of their cursor, so the test can read them. */
const page = (pageSize: number) => new Page<BlockCursor>(undefined, pageSize, (c) => JSON.stringify(c));
const cursorOf = (n: number): BlockCursor => [String(n)];

describe('answerStorePage', () => {
  it('issues a token after the last item when the store found more', () => {
    expect(answerStorePage(page(3), { items: [9, 8, 7], next: { number: 7n } }, cursorOf)).toEqual({ items: [9, 8, 7], nextPageToken: '["7"]' });
  });

  it('no token on the last page, even a full one, or an empty one', () => {
    expect(answerStorePage(page(3), { items: [3, 2, 1] }, cursorOf)).toEqual({ items: [3, 2, 1] });
    expect(answerStorePage(page(3), { items: [] }, cursorOf)).toEqual({ items: [] });
  });
});

describe('cursors', () => {
  it('read back what the routes write', () => {
    expect(blockNumberOfCursor(['42'])).toBe(42n);
    expect(blockNumberOfCursor(undefined)).toBeUndefined();
    expect(transactionOfCursor(['9223372036854775807', 3])).toEqual({ blockNumber: 2n ** 63n - 1n, index: 3 });
  });

  it('a cursor of another shape is a 400', () => {
    expect(() => blockNumberOfCursor([42] as never)).toThrow(/pageToken/);
    expect(() => blockNumberOfCursor({ number: '1' } as never)).toThrow(/pageToken/);
    expect(() => transactionOfCursor(['1', '2'] as never)).toThrow(/pageToken/);
    expect(() => transactionOfCursor(['-1', 2])).toThrow(/pageToken/);
  });
});
