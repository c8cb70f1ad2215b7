import { connect, type Socket } from 'node:net';

/** What a GET answered: its status, its body's size and, when the status is not 200, the start of its body. */
export interface RawAnswer {
  status: number;
  bytes: number;
  /** Up to 4 KiB of the body of an answer other than 200 (for the error message), else empty. */
  errorBody: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const ERROR_BODY_MAX = 4096;
const READ_BUFFER_BYTES = 64 * 1024;

interface Pending {
  resolve: (answer: RawAnswer) => void;
  reject: (error: Error) => void;
  head: Buffer | undefined;
  status: number;
  /** Body bytes still to come (content-length), or -1 while reading chunked framing. */
  remaining: number;
  chunked: boolean;
  /** Chunked framing: bytes of the current chunk still to come, or -1 when a size line is next. */
  chunkLeft: number;
  /** Chunked framing: a size line or trailer cut by a packet boundary. */
  carry: Buffer | undefined;
  close: boolean;
  bytes: number;
  errorChunks: Buffer[];
}

/**
 * One keep-alive HTTP/1.1 connection that sends GETs one at a time and reads only what a load test needs from
 * each answer: the status and the body's size (content-length or chunked framing). A load generator shares the
 * machine's cores with the server it measures: node:http's client (an IncomingMessage, its events and a headers
 * object per answer) cost about as much CPU per request as the Data API's answer to a kept response. This reader
 * builds none of that, as wrk and autocannon do not.
 */
export class RawHttpConnection {
  readonly #host: string;
  readonly #port: number;
  readonly #requestHead: string;
  #socket: Socket | undefined;
  #pending: Pending | undefined;

  constructor(host: string, port: number, headers: Record<string, string>) {
    this.#host = host;
    this.#port = port;
    this.#requestHead = Object.entries({ host: `${host}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  }

  get(path: string): Promise<RawAnswer> {
    if (this.#pending) return Promise.reject(new Error('RawHttpConnection: one request at a time'));
    return new Promise<RawAnswer>((resolve, reject) => {
      this.#pending = {
        resolve, reject, head: undefined, status: 0, remaining: 0, chunked: false, chunkLeft: -1, carry: undefined, close: false, bytes: 0, errorChunks: [],
      };
      this.#open().write(`GET ${path} HTTP/1.1\r\n${this.#requestHead}\r\n`, 'latin1');
    });
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = undefined;
    socket?.destroy();
  }

  #open(): Socket {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    // Each read lands in this connection's own buffer (net's `onread`), consumed before the next one: a socket's default
    // reads allocate a 64 KiB buffer each, and at the rates a load test reads (hundreds of MB/s of big bodies) that
    // external memory drove V8 to a full GC every ~70 ms in the bench process, stalling the readers of all connections.
    const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    const socket: Socket = connect({
      host: this.#host, port: this.#port, noDelay: true,
      // Events of a socket this connection has already let go of (closed after `connection: close`) are not its own.
      onread: { buffer: readBuffer, callback: (n: number) => {
        if (this.#socket === socket) this.#onData(readBuffer.subarray(0, n));
        return true;
      } },
    });
    socket.on('error', (error) => {
      if (this.#socket === socket) this.#fail(error);
    });
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#fail(new Error('connection closed before the answer ended'));
    });
    this.#socket = socket;
    return socket;
  }

  #fail(error: Error): void {
    const p = this.#pending;
    this.#pending = undefined;
    p?.reject(error);
  }

  #onData(chunk: Buffer): void {
    const p = this.#pending;
    if (!p) {
      // Bytes no request asked for: the connection is out of step with the server.
      this.close();
      return;
    }
    let body = chunk;
    if (p.status === 0) {
      const head = p.head ? Buffer.concat([p.head, chunk]) : chunk;
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        // A copy: `chunk` is a view of the read buffer, which the next read overwrites.
        p.head = Buffer.from(head);
        return;
      }
      this.#readHead(p, head.toString('latin1', 0, end));
      body = head.subarray(end + HEAD_END.length);
    }
    if (p.chunked) this.#readChunked(p, body);
    else this.#count(p, body, body.length);
    if (p.remaining === 0) this.#finish(p);
  }

  #readHead(p: Pending, head: string): void {
    p.status = Number(head.slice(9, 12));
    const lower = head.toLowerCase();
    p.close = /\r\nconnection:\s*close/.test(lower);
    p.chunked = /\r\ntransfer-encoding:[^\r]*chunked/.test(lower);
    const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    p.remaining = p.chunked ? -1 : length ? Number(length[1]) : 0;
  }

  #count(p: Pending, data: Buffer, n: number): void {
    p.bytes += n;
    if (p.remaining > 0) p.remaining -= n;
    if (p.status !== 200 && p.errorChunks.reduce((s, c) => s + c.length, 0) < ERROR_BODY_MAX) p.errorChunks.push(Buffer.from(data.subarray(0, n)));
  }

  /** Chunked framing: `size CRLF data CRLF` … `0 CRLF (trailers) CRLF`. */
  #readChunked(p: Pending, input: Buffer): void {
    let data = p.carry ? Buffer.concat([p.carry, input]) : input;
    p.carry = undefined;
    while (data.length > 0) {
      if (p.chunkLeft > 0) {
        const n = Math.min(p.chunkLeft, data.length);
        this.#count(p, data, n);
        p.chunkLeft -= n;
        data = data.subarray(n);
        continue;
      }
      const eol = data.indexOf(CRLF);
      if (eol < 0) {
        p.carry = Buffer.from(data);
        return;
      }
      if (p.chunkLeft === 0) {
        // The CRLF after a chunk's data.
        data = data.subarray(eol + 2);
        p.chunkLeft = -1;
        continue;
      }
      const size = parseInt(data.toString('latin1', 0, eol), 16);
      if (size === 0) {
        // Last chunk: the answer ends at the empty line after any trailers.
        const end = data.indexOf(HEAD_END, eol);
        if (end < 0) {
          p.carry = Buffer.from(data);
          return;
        }
        p.remaining = 0;
        return;
      }
      p.chunkLeft = size;
      data = data.subarray(eol + 2);
    }
  }

  #finish(p: Pending): void {
    this.#pending = undefined;
    if (p.close) this.close();
    p.resolve({ status: p.status, bytes: p.bytes, errorBody: Buffer.concat(p.errorChunks).toString('utf8') });
  }
}
