import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Log } from '../../../lib/log.js';
import { pathOf } from '../errors/error-handler.js';
import { globalPlugin } from '../server/global-plugin.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id: the caller's `x-request-id` when it is a sane token (so ids follow a request across proxies), else a UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

export interface RequestLogOptions {
  log: Log;
  /** One line per request at info level (default true); 5xx are always logged by the error handler. */
  logRequests?: boolean;
}

/** Echoes the request id in `x-request-id` and writes an access line per request (path without query: keys travel in `?rltoken=`). */
export const requestLog = globalPlugin('firn-request-log', async (app: FastifyInstance, options: RequestLogOptions) => {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  if (options.logRequests === false) return;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    options.log.info('request', {
      reqId: request.id,
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      ip: request.ip,
    });
    done();
  });
});
