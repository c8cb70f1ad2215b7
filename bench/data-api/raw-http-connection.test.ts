import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RawHttpConnection } from './raw-http-connection.js';

const servers: (HttpServer | NetServer)[] = [];
const connections: RawHttpConnection[] = [];

afterEach(async () => {
  for (const c of connections.splice(0)) c.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen<S extends HttpServer | NetServer>(server: S): Promise<{ server: S; connect: (headers?: Record<string, string>) => RawHttpConnection }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    server,
    connect: (headers = {}) => {
      const c = new RawHttpConnection('127.0.0.1', port, headers);
      connections.push(c);
      return c;
    },
  };
}

/** A server that answers every request on a socket with `reply`'s pieces, written one event-loop turn apart. */
function piecewise(reply: (n: number) => string[]): NetServer {
  return createNetServer((socket: Socket) => {
    let n = 0;
    socket.on('data', async () => {
      for (const piece of reply(n++)) {
        socket.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
  });
}

describe('RawHttpConnection', () => {
  it('reads content-length answers one after another on one keep-alive connection, sending the given headers', async () => {
    const seen: { url: string; encoding: string | undefined; remote: number | undefined }[] = [];
    const { connect } = await listen(createHttpServer((req, res) => {
      seen.push({ url: req.url!, encoding: req.headers['accept-encoding'], remote: req.socket.remotePort });
      res.setHeader('content-type', 'application/json');
      res.end('x'.repeat(Number(new URL(req.url!, 'http://h').searchParams.get('n'))));
    }));
    const c = connect({ 'accept-encoding': 'gzip, deflate' });
    expect(await c.get('/a?n=10')).toEqual({ status: 200, bytes: 10, errorBody: '' });
    expect(await c.get('/b?n=300000')).toEqual({ status: 200, bytes: 300_000, errorBody: '' });
    expect(await c.get('/c?n=0')).toEqual({ status: 200, bytes: 0, errorBody: '' });
    expect(seen.map((s) => s.url)).toEqual(['/a?n=10', '/b?n=300000', '/c?n=0']);
    expect(seen.every((s) => s.encoding === 'gzip, deflate')).toBe(true);
    expect(new Set(seen.map((s) => s.remote)).size).toBe(1);
  });

  it('reads chunked answers, however their framing is cut into packets', async () => {
    const { connect } = await listen(piecewise(() => [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n', '\r\n5\r', '\nhello\r\n1', '0\r\n0123456789abcdef\r\n',
      '0\r\n', 'X-Trailer: 1\r\n', '\r\n',
    ]));
    const c = connect();
    expect(await c.get('/')).toEqual({ status: 200, bytes: 21, errorBody: '' });
    expect(await c.get('/')).toEqual({ status: 200, bytes: 21, errorBody: '' });
  });

  it('reads an answer whose head is cut into packets, and gives the start of the body of one that is not a 200', async () => {
    const body = JSON.stringify({ message: 'Not found', statusCode: 404, error: 'Not Found' });
    const { connect } = await listen(piecewise(() => ['HTTP/1.1 404 Not Found\r\nContent-Le', `ngth: ${body.length}\r\n\r`, `\n${body.slice(0, 10)}`, body.slice(10)]));
    expect(await connect().get('/missing')).toEqual({ status: 404, bytes: body.length, errorBody: body });
  });

  it('opens a new connection after an answer that closes its own', async () => {
    const remotes: number[] = [];
    const { connect } = await listen(createHttpServer((req, res) => {
      remotes.push(req.socket.remotePort!);
      res.setHeader('connection', 'close');
      res.end('ok');
    }));
    const c = connect();
    expect(await c.get('/1')).toMatchObject({ status: 200, bytes: 2 });
    expect(await c.get('/2')).toMatchObject({ status: 200, bytes: 2 });
    expect(remotes).toHaveLength(2);
    expect(remotes[0]).not.toBe(remotes[1]);
  });

  it('fails the request when the server closes the connection before the answer ends, and works again after', async () => {
    let accepted = 0;
    const { connect } = await listen(createNetServer((socket) => {
      const first = accepted++ === 0;
      socket.on('data', () => {
        if (first) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort');
        else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      });
    }));
    const c = connect();
    await expect(c.get('/')).rejects.toThrow(/closed before the answer ended/);
    expect(await c.get('/')).toEqual({ status: 200, bytes: 2, errorBody: '' });
    expect(accepted).toBe(2);
  });

  it('refuses a second request while one is waiting', async () => {
    const { connect } = await listen(createHttpServer((_req, res) => setTimeout(() => res.end('late'), 20)));
    const c = connect();
    const first = c.get('/');
    await expect(c.get('/')).rejects.toThrow(/one request at a time/);
    expect(await first).toMatchObject({ status: 200, bytes: 4 });
  });
});
