import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openApi } from './openapi.js';

async function server() {
  const app = Fastify();
  await app.register(openApi, { title: 'Firn Data API', description: 'test', servers: [{ url: 'http://localhost:8080' }] });
  app.get('/v1/networks/:network/things', {
    schema: {
      operationId: 'listThings',
      params: { type: 'object', properties: { network: { type: 'string', enum: ['mainnet', 'fuji'] } }, required: ['network'] },
      querystring: { type: 'object', properties: { pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 }, txTypes: { type: 'array', items: { type: 'string' } } } },
      response: { 200: { type: 'object', properties: { things: { type: 'array', items: { type: 'string' } }, nextPageToken: { type: 'string' } }, required: ['things'] } },
    },
    config: { weight: 'xl' },
  }, async () => ({ things: [] }));
  await app.ready();
  return app;
}

describe('openApi plugin', () => {
  it('serves an OpenAPI 3.1 document built from the route schemas at /api-json', async () => {
    const app = await server();
    const res = await app.inject('/api-json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Firn Data API', description: 'test', version: '1.0.0' });
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080' }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-glacier-api-key' });
    const op = doc.paths['/v1/networks/{network}/things'].get;
    expect(op.operationId).toBe('listThings');
    expect(op['x-execution-weight']).toBe('xl');
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:network', 'query:pageSize', 'query:txTypes']);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '502', '503']);
    expect(op.responses['429'].description).toBe('Too Many Requests');
    expect(JSON.stringify(op.responses['400'])).toContain('#/components/schemas/ErrorBody');
    expect(doc.components.schemas.ErrorBody.required).toEqual(['message', 'statusCode', 'error']);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api'))).toBe(false);
  });

  it('serves Swagger UI at /api', async () => {
    const app = await server();
    const res = await app.inject('/api');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
    const init = await app.inject('/api/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
  });
});
