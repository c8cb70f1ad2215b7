import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandling } from '../errors/error-handler.js';
import { silentLog } from '../../../lib/log.js';
import { openPage, pageResponse, pagination } from './page.js';

describe('pageResponse', () => {
  const issue = (c: number) => `token-${c}`;
  it('emits nextPageToken only when the extra row exists', () => {
    expect(pageResponse([1, 2, 3], 3, (r) => r, issue)).toEqual({ items: [1, 2, 3] });
    expect(pageResponse([1, 2, 3, 4], 3, (r) => r, issue)).toEqual({ items: [1, 2, 3], nextPageToken: 'token-3' });
    expect(pageResponse([], 3, (r) => r, issue)).toEqual({ items: [] });
  });
});

describe('openPage', () => {
  const ROWS = Array.from({ length: 25 }, (_, i) => ({ id: 100 - i }));

  async function server() {
    const app = Fastify();
    await app.register(errorHandling, { log: silentLog });
    await app.register(pagination, { secret: 'page-test-secret-0123456789' });
    app.get('/items/:kind', {
      schema: {
        querystring: {
          type: 'object',
          properties: { pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 }, pageToken: { type: 'string' }, sortOrder: { type: 'string', enum: ['asc', 'desc'], default: 'desc' } },
        },
      },
    }, async (request) => {
      const page = openPage<{ after: number }>(request);
      const rows = ROWS.filter((r) => page.cursor === undefined || r.id < page.cursor.after).slice(0, page.limit);
      const { items, nextPageToken } = page.pageResponse(rows, (last) => ({ after: last.id }));
      return { items, ...(nextPageToken ? { nextPageToken } : {}) };
    });
    return app;
  }

  it('walks every page once, ending without a token', async () => {
    const app = await server();
    const seen: number[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await app.inject({ url: '/items/a', query: { pageSize: '10', ...(token ? { pageToken: token } : {}) } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((i: { id: number }) => i.id));
      token = body.nextPageToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(ROWS.map((r) => r.id));
  });

  it('lets the page size change but not the query, and treats an empty token as the first page', async () => {
    const app = await server();
    const first = (await app.inject('/items/a?pageSize=5')).json();
    expect((await app.inject(`/items/a?pageSize=20&pageToken=${first.nextPageToken}`)).json().items).toHaveLength(20);
    const other = await app.inject(`/items/b?pageSize=5&pageToken=${first.nextPageToken}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toEqual(['pageToken belongs to a different query: repeat the parameters of the request that returned it']);
    const resorted = await app.inject(`/items/a?sortOrder=asc&pageToken=${first.nextPageToken}`);
    expect(resorted.statusCode).toBe(400);
    const explicitDefault = await app.inject(`/items/a?sortOrder=desc&pageToken=${first.nextPageToken}`);
    expect(explicitDefault.statusCode).toBe(200);
    expect((await app.inject('/items/a?pageToken=')).json().items[0]).toEqual({ id: 100 });
  });
});
