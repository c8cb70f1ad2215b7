import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Log } from '../../../lib/log.js';
import { globalPlugin } from '../server/global-plugin.js';
import { HttpError, reasonPhrase, type ErrorBody } from './http-errors.js';
import { validationMessages, type SchemaError } from './validation-messages.js';

export interface ErrorHandlingOptions {
  log: Log;
  /**
   * 'validation' (Data API): a 400's message is an array, other statuses a string (Nest's behaviour).
   * 'always' (Metrics API, seed 002): every message is an array of strings.
   */
  messageArrays?: 'validation' | 'always';
}

/** The body and headers for any error thrown while serving a request; never exposes internals. */
export function errorResponse(error: unknown, messageArrays: 'validation' | 'always' = 'validation'): { body: ErrorBody; headers: Record<string, string>; internal: boolean } {
  let body: ErrorBody;
  let headers: Record<string, string> = {};
  let internal = false;
  if (error instanceof HttpError) {
    body = error.body();
    headers = error.headers;
  } else if (isFastifyError(error) && Array.isArray(error.validation)) {
    body = { message: validationMessages(error.validation as SchemaError[], error.validationContext), statusCode: 400, error: reasonPhrase(400) };
  } else if (isFastifyError(error) && error.code.startsWith('FST_') && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (bad JSON, body too large, unsupported media type): their texts are safe.
    const status = error.statusCode;
    body = { message: status === 400 ? [error.message] : error.message, statusCode: status, error: reasonPhrase(status) };
  } else {
    internal = true;
    body = { message: 'Internal server error', statusCode: 500, error: reasonPhrase(500) };
  }
  if (messageArrays === 'always' && !Array.isArray(body.message)) body = { ...body, message: [body.message] };
  return { body, headers, internal };
}

function isFastifyError(e: unknown): e is FastifyError {
  return e instanceof Error && typeof (e as { code?: unknown }).code === 'string';
}

/** Strips the query string so a `?rltoken=<key>` never echoes back or reaches the log. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Error handler and not-found handler: every failure answers `{message, statusCode, error}` with the
 * HTTP reason phrase; an unknown route (or method) answers 404 "Cannot GET /path" as the real service
 * does; unexpected exceptions become a bare 500 and are logged with their stack, never sent.
 */
export const errorHandling = globalPlugin('firn-error-handling', async (app: FastifyInstance, options: ErrorHandlingOptions) => {
  const arrays = options.messageArrays ?? 'validation';
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { body, headers, internal } = errorResponse(error, arrays);
    if (internal) {
      const e = error instanceof Error ? error : new Error(String(error));
      options.log.error('request failed', { reqId: request.id, method: request.method, path: pathOf(request.url), error: e.message, stack: e.stack });
    }
    void reply.code(body.statusCode).headers(headers).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const message = `Cannot ${request.method} ${pathOf(request.url)}`;
    const body: ErrorBody = { message: arrays === 'always' ? [message] : message, statusCode: 404, error: reasonPhrase(404) };
    void reply.code(404).type('application/json; charset=utf-8').send(body);
  });
});
