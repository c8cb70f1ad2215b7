import http from 'node:http';
import https from 'node:https';

export interface PostAnswer {
  status: number;
  /** The body as it arrived, chunk by chunk: joining them is left to the caller (see parse-json-chunks.ts). */
  chunks: Buffer[];
}

/** An answer's body in one Buffer. */
export function bodyOf(answer: PostAnswer): Buffer {
  return answer.chunks.length === 1 ? answer.chunks[0]! : Buffer.concat(answer.chunks);
}

/** The request failed before an answer came: refused, reset, timed out, a bad URL. */
export class PostFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostFailedError';
  }
}

/**
 * POSTs a JSON text and collects the answer's bytes, over node:http(s) with keep-alive sockets (Node's global agents).
 * The indexer's backfill moves hundreds of kilobytes per request; `fetch` passes every chunk through a web stream,
 * which cost ~0.8 ms of CPU more per 400 KB answer than reading the socket's chunks directly.
 * `timeoutMs` bounds the whole exchange (redirects included), not only the idle time between chunks.
 */
export async function postJson(url: string, json: string, timeoutMs: number): Promise<PostAnswer> {
  const deadline = Date.now() + timeoutMs;
  let target = url;
  for (let hop = 0; ; hop++) {
    const answer = await postRetryingStaleSocket(target, json, deadline);
    const location = answer.location;
    if (location === undefined || !REDIRECTS.has(answer.status)) return { status: answer.status, chunks: answer.chunks };
    if (hop >= MAX_REDIRECTS) throw new PostFailedError(`more than ${MAX_REDIRECTS} redirects`);
    target = new URL(location, target).toString();
  }
}

/**
 * A kept-alive socket can be closed by the server (its idle timeout) just as a request goes out on it: the request
 * then fails with a reset before any answer, and the server never read it. Such a request is sent once more on a
 * new socket, as Node's documentation advises (`request.reusedSocket`); any other failure is the caller's.
 */
async function postRetryingStaleSocket(url: string, json: string, deadline: number): Promise<PostAnswer & { location?: string }> {
  try {
    return await postOnce(url, json, Math.max(1, deadline - Date.now()));
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    return postOnce(url, json, Math.max(1, deadline - Date.now()));
  }
}

class StaleSocketError extends PostFailedError {}

/**
 * A node behind a proxy may answer with a redirect (http to https, a moved path). JSON-RPC only works as a POST, so
 * the request is sent again, unchanged, to the new location (what `fetch` did for 307 and 308).
 */
const REDIRECTS = new Set([301, 302, 307, 308]);
const MAX_REDIRECTS = 5;

function postOnce(url: string, json: string, timeoutMs: number): Promise<PostAnswer & { location?: string }> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new PostFailedError(`invalid URL ${JSON.stringify(url)}`));
      return;
    }
    const transport = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
    if (!transport) {
      reject(new PostFailedError(`unsupported protocol ${target.protocol}`));
      return;
    }
    const payload = Buffer.from(json, 'utf8');
    const request = transport.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': payload.length, accept: 'application/json' },
    });
    const timer = setTimeout(() => request.destroy(new PostFailedError(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    let answered = false;
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (error instanceof PostFailedError) reject(error);
      else if (!answered && request.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') reject(new StaleSocketError(describe(error)));
      else reject(new PostFailedError(describe(error)));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('aborted', () => fail(new PostFailedError('the answer was cut off')));
      response.on('end', () => {
        clearTimeout(timer);
        if (!response.complete) {
          reject(new PostFailedError('the answer was cut off'));
          return;
        }
        const location = response.headers.location;
        resolve({
          status: response.statusCode ?? 0, chunks,
          ...(typeof location === 'string' ? { location } : {}),
        });
      });
    });
    request.end(payload);
  });
}

/** A socket error's text; a connection tried on several addresses fails with an AggregateError and no message of its own. */
function describe(error: Error): string {
  if (error.message) return error.message;
  const inner = (error as Partial<AggregateError>).errors;
  if (Array.isArray(inner) && inner.length > 0) return inner.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; ');
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
