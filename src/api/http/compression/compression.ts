import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../server/global-plugin.js';

export interface CompressionOptions {
  /** Smallest body worth compressing, bytes. */
  threshold?: number;
}

/**
 * br or gzip by the client's Accept-Encoding, for bodies over 1 KiB. Brotli at quality 4: close to
 * gzip's speed with smaller output; the default 11 costs tens of milliseconds per large page.
 * Register before the routes: the compressor attaches itself to each route as it is declared.
 */
export const compression = globalPlugin('firn-compression', async (app: FastifyInstance, options: CompressionOptions) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: options.threshold ?? 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
