import Fastify, { type FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../validation/ajv-options.js';
import { validationMessages, type SchemaError } from './validation-messages.js';

/** Validates `value` as a route's querystring (or body) with the services' Ajv options and words the errors. */
async function messagesFor(schema: object, value: Record<string, unknown> | unknown, part: 'querystring' | 'body' = 'querystring'): Promise<string[]> {
  const app = Fastify({ ajv: AJV_OPTIONS });
  let messages: string[] = [];
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    messages = validationMessages((error.validation ?? []) as SchemaError[], error.validationContext);
    void reply.code(400).send();
  });
  app.post('/t', { schema: { [part]: schema } }, async () => ({}));
  const res = part === 'body'
    ? await app.inject({ method: 'POST', url: '/t', payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } })
    : await app.inject({ method: 'POST', url: '/t', query: value as Record<string, string> });
  expect(res.statusCode).toBe(400);
  return messages;
}

const query = {
  type: 'object',
  properties: {
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    network: { type: 'string', enum: ['mainnet', 'fuji', 'testnet'] },
    txTypes: { type: 'array', items: { type: 'string', enum: ['AddValidatorTx', 'AddDelegatorTx'] } },
    addresses: { type: 'string', pattern: '^[a-z]+$', errorMessage: 'Invalid address format' },
    includeInactive: { type: 'boolean' },
    name: { type: 'string', maxLength: 3 },
  },
  additionalProperties: false,
};

describe('validationMessages', () => {
  it('words range, type and enum failures like class-validator', async () => {
    expect(await messagesFor(query, { pageSize: '101' })).toEqual(['pageSize must not be greater than 100']);
    expect(await messagesFor(query, { pageSize: '0' })).toEqual(['pageSize must not be less than 1']);
    expect(await messagesFor(query, { pageSize: 'ten' })).toEqual(['pageSize must be an integer number']);
    expect(await messagesFor(query, { network: 'devnet' })).toEqual(['network must be one of the following values: mainnet, fuji, testnet']);
    expect(await messagesFor(query, { includeInactive: 'yes' })).toEqual(['includeInactive must be a boolean value']);
    expect(await messagesFor(query, { name: 'abcd' })).toEqual(['name must be shorter than or equal to 3 characters']);
  });

  it('reports array items as "each value in"', async () => {
    expect(await messagesFor(query, { txTypes: ['AddValidatorTx', 'Nope'] })).toEqual([
      'each value in txTypes must be one of the following values: AddValidatorTx, AddDelegatorTx',
    ]);
  });

  it('uses a schema errorMessage when present', async () => {
    expect(await messagesFor(query, { addresses: 'X-123' })).toEqual(['Invalid address format']);
  });

  it('lists every failure, dropping unknown properties silently', async () => {
    expect(await messagesFor(query, { pageSize: 500, network: 'x', extra: 1 }, 'body')).toEqual([
      'pageSize must not be greater than 100',
      'network must be one of the following values: mainnet, fuji, testnet',
    ]);
  });

  it('names missing properties, nested paths and the body itself', async () => {
    const body = { type: 'object', required: ['message'], properties: { opts: { type: 'object', properties: { quorum: { type: 'integer', maximum: 100 } } } } };
    expect(await messagesFor(body, { opts: { quorum: 101 } }, 'body')).toEqual(['message should not be empty', 'opts.quorum must not be greater than 100']);
    expect(await messagesFor(body, 'text', 'body')).toEqual(['body must be an object']);
  });

  it('skips the anyOf summary in favour of the branch errors', async () => {
    const body = { type: 'object', properties: { v: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'integer' }] } } };
    const msgs = await messagesFor(body, { v: 'a' }, 'body');
    expect(msgs).toContain('v must be longer than or equal to 2 characters');
    expect(msgs.some((m) => m.includes('anyOf') || m.includes('must match a schema'))).toBe(false);
  });
});
