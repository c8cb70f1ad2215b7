import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../server/global-plugin.js';

export interface CorsOptions {
  /** Allowed origins; `*` (the default, like the real service) allows any. */
  origins?: string[];
}

/** Headers browsers may read from responses: the rate-limit state, the request id, the ETag. */
export const EXPOSED_HEADERS = ['ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'x-request-id', 'etag'];

/** CORS for browser apps: any origin by default, any request header (keys), the useful response headers exposed. */
export const cors = globalPlugin('firn-cors', async (app: FastifyInstance, options: CorsOptions) => {
  const origins = options.origins ?? ['*'];
  await app.register(fastifyCors, {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
    // A preflight without its headers is answered like a plain OPTIONS request, not with a text/plain 400.
    strictPreflight: false,
  });
});
