/**
 * The transport floor: a bare node:http server in a process of its own that answers `GET /?bytes=N` with N bytes
 * of JSON held in memory (built once per size), nothing else. Under the same load generator and connections as a
 * Data API row, it shows what moving a body of that size costs on this machine whatever the server does to build
 * it: no routing, validation, cache lookup or database. Listens on `BENCH_PORT`; tells its parent `ready` over IPC.
 */
import { createServer } from 'node:http';

const port = Number(process.env.BENCH_PORT);
const bodies = new Map<number, Buffer>();

function bodyOf(bytes: number): Buffer {
  let body = bodies.get(bytes);
  if (body === undefined) {
    // A JSON object of N bytes: {"pad":"xxx…"}
    const filler = Math.max(0, bytes - 10);
    body = Buffer.from(`{"pad":"${'x'.repeat(filler)}"}`.slice(0, Math.max(bytes, 10)));
    bodies.set(bytes, body);
  }
  return body;
}

const server = createServer((req, res) => {
  const bytes = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('bytes'));
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > 64 * 1024 * 1024) {
    res.writeHead(400).end();
    return;
  }
  const body = bodyOf(bytes);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
