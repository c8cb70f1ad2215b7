import { Agent, request } from 'node:http';

/**
 * A minimal JSON poster over node:http keep-alive sockets, so the load generator's own cost stays small
 * and comparable between the nodes measured.
 */
export function jsonPoster(maxSockets: number): {
  post: (url: string, body: string) => Promise<any>;
  /** The answer's bytes as they came, unparsed (to count them). */
  postRaw: (url: string, body: string) => Promise<Buffer>;
  close: () => void;
} {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const postRaw = (url: string, body: string): Promise<Buffer> => {
    const u = new URL(url);
    return new Promise((res, rej) => {
      const req = request({ agent, host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => res(Buffer.concat(chunks)));
        r.on('error', rej);
      });
      req.on('error', rej);
      req.end(body);
    });
  };
  const post = async (url: string, body: string): Promise<any> => JSON.parse((await postRaw(url, body)).toString('utf8'));
  return { post, postRaw, close: () => agent.destroy() };
}

/**
 * GETs over node:http keep-alive sockets that only count the body's bytes (no string or JSON is built), so a
 * server measured in the same process pays for its own garbage, not the client's.
 */
export function byteGetter(maxSockets: number): { get: (url: string) => Promise<{ status: number; bytes: number }>; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const get = (url: string): Promise<{ status: number; bytes: number }> => {
    const u = new URL(url);
    return new Promise((res, rej) => {
      const req = request({ agent, host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'GET' }, (r) => {
        let bytes = 0;
        r.on('data', (c: Buffer) => { bytes += c.length; });
        r.on('end', () => res({ status: r.statusCode ?? 0, bytes }));
        r.on('error', rej);
      });
      req.on('error', rej);
      req.end();
    });
  };
  return { get, close: () => agent.destroy() };
}
