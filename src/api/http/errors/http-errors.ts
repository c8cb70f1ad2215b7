import { STATUS_CODES } from 'node:http';

/** The error body of both services: `{message, statusCode, error}` (Nest's HttpException shape, seed 000/002). */
export interface ErrorBody {
  message: string | string[];
  statusCode: number;
  error: string;
}

/** The reason phrase the real services put in `error` ("Bad Request", "Too Many Requests", ...). */
export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error');
}

/** An error whose status and message are meant for the client verbatim; route handlers throw these. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messages: string | string[];
  /** Extra response headers (e.g. retry-after on 429). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string | string[], headers: Record<string, string> = {}) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messages = message;
    this.headers = headers;
  }

  body(): ErrorBody {
    return { message: this.messages, statusCode: this.statusCode, error: reasonPhrase(this.statusCode) };
  }
}

/**
 * 400. The message is always an array, as the real services' validation errors are
 * (`{"message": ["Invalid address format"], ...}`, data-api.md §4), so clients see one shape for every 400.
 */
export class BadRequestError extends HttpError {
  constructor(message: string | string[]) {
    super(400, Array.isArray(message) ? message : [message]);
    this.name = 'BadRequestError';
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not Found') {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
    this.name = 'TooManyRequestsError';
  }
}

/** 500 for a failure the client should see described (unexpected exceptions become a bare 500 anyway). */
export class InternalServerError extends HttpError {
  constructor(message = 'Internal server error') {
    super(500, message);
    this.name = 'InternalServerError';
  }
}

/** 502: an upstream (a node over RPC) answered with something unusable. */
export class BadGatewayError extends HttpError {
  constructor(message = 'Bad Gateway') {
    super(502, message);
    this.name = 'BadGatewayError';
  }
}

/**
 * 503: the data a request relies on is not available, e.g. a chain whose status is UNAVAILABLE
 * (glacier.json ChainStatus) or a node that cannot be reached.
 */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service Unavailable', retryAfterSeconds?: number) {
    super(503, message, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });
    this.name = 'ServiceUnavailableError';
  }

  /** The 503 for a chain whose data is not available (not indexed yet, or its node is down). */
  static chain(chain: string, why = 'its data is not available right now'): ServiceUnavailableError {
    return new ServiceUnavailableError(`Chain ${chain} is unavailable: ${why}`);
  }
}

/** JSON Schema of the error body (the same for every status, glacier.json BadRequest…ServiceUnavailable). */
export const errorBodySchema = {
  $id: 'ErrorBody',
  type: 'object',
  properties: {
    message: {
      description: 'The error message describing the reason for the exception',
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
    statusCode: { type: 'number', description: 'The HTTP status code of the response' },
    error: { type: 'string', description: 'The type of error' },
  },
  required: ['message', 'statusCode', 'error'],
} as const;
