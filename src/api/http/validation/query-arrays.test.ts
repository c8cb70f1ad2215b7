import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { arrayQueryParams, queryArrays, splitCommaValues } from './query-arrays.js';

describe('splitCommaValues', () => {
  it('splits strings and arrays of strings, dropping empty pieces', () => {
    expect(splitCommaValues('A,B')).toEqual(['A', 'B']);
    expect(splitCommaValues(['A', 'B,C', ''])).toEqual(['A', 'B', 'C']);
    expect(splitCommaValues('A,,B,')).toEqual(['A', 'B']);
    expect(splitCommaValues(3)).toBe(3);
  });
});

describe('arrayQueryParams', () => {
  it('finds array-typed properties only', () => {
    expect(arrayQueryParams({ type: 'object', properties: { a: { type: 'array' }, b: { type: 'string' }, c: { type: ['array', 'null'] } } })).toEqual(['a', 'c']);
    expect(arrayQueryParams(undefined)).toEqual([]);
  });
});

describe('queryArrays plugin', () => {
  async function server() {
    const app = Fastify();
    await app.register(queryArrays);
    app.get('/t', {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            txTypes: { type: 'array', items: { type: 'string', enum: ['A', 'B', 'C'] } },
            ids: { type: 'array', items: { type: 'integer' } },
            addresses: { type: 'string' },
          },
        },
      },
    }, async (request) => request.query);
    return app;
  }

  it('accepts repeated keys, comma lists and a mix', async () => {
    const app = await server();
    for (const url of ['/t?txTypes=A&txTypes=B', '/t?txTypes=A,B', '/t?txTypes=A%2CB', '/t?txTypes=A,&txTypes=B']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ txTypes: ['A', 'B'] });
    }
    expect((await app.inject('/t?txTypes=C')).json()).toEqual({ txTypes: ['C'] });
    expect((await app.inject('/t?ids=1,2&ids=3')).json()).toEqual({ ids: [1, 2, 3] });
  });

  it('leaves string parameters alone and still validates the items', async () => {
    const app = await server();
    expect((await app.inject('/t?addresses=a,b')).json()).toEqual({ addresses: 'a,b' });
    expect((await app.inject('/t?txTypes=A,D')).statusCode).toBe(400);
  });
});
