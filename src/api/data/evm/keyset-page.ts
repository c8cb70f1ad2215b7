import type { Page, PageResult } from '../../http/pagination/page.js';
import type { JsonValue } from '../../http/pagination/page-token.js';
import { BadRequestError } from '../../http/errors/http-errors.js';

/**
 * Answers with a page the store already cut from its `LIMIT pageSize + 1` read (`next` present when more
 * rows follow): one stand-in row tells pageResponse there is more, and the token continues after the last item.
 */
export function answerStorePage<T, C extends JsonValue>(page: Page<C>, result: { items: T[]; next?: unknown }, cursorOf: (last: T) => C): PageResult<T> {
  const rows = result.next === undefined || result.items.length === 0 ? result.items : [...result.items, result.items[0]!];
  return page.pageResponse(rows, cursorOf);
}

/** Cursors are `[blockNumber, index]` (transactions) or `[blockNumber]` (blocks), block numbers as decimal strings. */
export type BlockCursor = [string];
export type TransactionCursor = [string, number];

function stale(): BadRequestError {
  return new BadRequestError('pageToken is invalid: pass the nextPageToken of a previous response unchanged');
}

export function blockNumberOfCursor(cursor: BlockCursor | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  if (!Array.isArray(cursor) || typeof cursor[0] !== 'string' || !/^[0-9]{1,19}$/.test(cursor[0])) throw stale();
  return BigInt(cursor[0]);
}

export function transactionOfCursor(cursor: TransactionCursor | undefined): { blockNumber: bigint; index: number } | undefined {
  if (cursor === undefined) return undefined;
  if (!Array.isArray(cursor) || typeof cursor[0] !== 'string' || !/^[0-9]{1,19}$/.test(cursor[0]) || !Number.isSafeInteger(cursor[1])) throw stale();
  return { blockNumber: BigInt(cursor[0]), index: cursor[1] };
}
