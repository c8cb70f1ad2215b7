/** One page of a keyset-paginated list: `next` (the sort key of the last item) is present only when more rows follow. */
export interface Page<T, Cursor> {
  items: T[];
  next?: Cursor;
}

export type SortOrder = 'asc' | 'desc';

export function checkPageSize(pageSize: number): void {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new Error(`pageSize must be a positive integer, got ${pageSize}`);
}

/** Rows were fetched with LIMIT pageSize + 1: trim to a page and derive the cursor from the last item kept. */
export function toPage<T, Cursor>(rows: T[], pageSize: number, cursorOf: (last: T) => Cursor): Page<T, Cursor> {
  if (rows.length <= pageSize) return { items: rows };
  const items = rows.slice(0, pageSize);
  return { items, next: cursorOf(items[items.length - 1]!) };
}
