import { describe, expect, it } from 'vitest';
import { BadGatewayError, BadRequestError, ForbiddenError, HttpError, InternalServerError, NotFoundError, reasonPhrase, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from './http-errors.js';

describe('http errors', () => {
  it('build the {message, statusCode, error} body with the reason phrase', () => {
    expect(new NotFoundError('Transaction 0xab not found').body()).toEqual({ message: 'Transaction 0xab not found', statusCode: 404, error: 'Not Found' });
    expect(new UnauthorizedError().body()).toEqual({ message: 'Unauthorized', statusCode: 401, error: 'Unauthorized' });
    expect(new ForbiddenError().body().error).toBe('Forbidden');
    expect(new InternalServerError().body()).toEqual({ message: 'Internal server error', statusCode: 500, error: 'Internal Server Error' });
    expect(new BadGatewayError('node answered garbage').body().statusCode).toBe(502);
    expect(new HttpError(418, 'teapot').body()).toEqual({ message: 'teapot', statusCode: 418, error: "I'm a Teapot" });
  });

  it('always give a 400 an array of messages', () => {
    expect(new BadRequestError('Invalid address format').body()).toEqual({ message: ['Invalid address format'], statusCode: 400, error: 'Bad Request' });
    expect(new BadRequestError(['a', 'b']).body().message).toEqual(['a', 'b']);
    expect(new BadRequestError(['a', 'b']).message).toBe('a; b');
  });

  it('carry retry-after where it applies', () => {
    expect(new TooManyRequestsError('slow down', 12).headers).toEqual({ 'retry-after': '12' });
    expect(new ServiceUnavailableError('later', 5).headers).toEqual({ 'retry-after': '5' });
    expect(new ServiceUnavailableError().headers).toEqual({});
  });

  it('word a 503 for an unavailable chain', () => {
    expect(ServiceUnavailableError.chain('c-chain').body()).toEqual({ message: 'Chain c-chain is unavailable: its data is not available right now', statusCode: 503, error: 'Service Unavailable' });
    expect(ServiceUnavailableError.chain('43114', 'not indexed yet').message).toBe('Chain 43114 is unavailable: not indexed yet');
  });

  it('name unknown statuses sensibly', () => {
    expect(reasonPhrase(599)).toBe('Internal Server Error');
    expect(reasonPhrase(429)).toBe('Too Many Requests');
  });
});
