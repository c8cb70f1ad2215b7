import WebSocket from 'ws';

/**
 * A node's `newHeads` over WebSocket (`eth_subscribe`), as a wake-up signal for followers. The connection is
 * opened by the first `signal()` or wait, re-opened after a drop (with backoff), and when it cannot be had, a wait
 * rejects so the follower falls back to polling.
 *
 * Heads are counted, not only broadcast: a follower asks for its head, finds nothing new and then waits, and a
 * head pushed between its question and its wait must still wake it (otherwise its block waits for the next
 * head or the fallback poll). Each `signal()` keeps the count it last woke at.
 */
export class WsHeads {
  private socket: WebSocket | undefined;
  private waiters: (() => void)[] = [];
  private failures = 0;
  private retryAt = 0;
  private closed = false;
  /** Heads received since the socket first opened. */
  private heads = 0;

  constructor(private readonly url: string) {}

  /**
   * A wait of one follower's own: it resolves at once for heads that arrived since the previous wait resolved. The
   * socket opens now, so heads pushed while the follower backfills are counted too.
   */
  signal(): (abort: AbortSignal) => Promise<void> {
    if (!this.closed && !this.connected()) this.open();
    let seen = this.heads;
    return async (abort: AbortSignal) => {
      if (this.heads === seen) await this.next(abort);
      seen = this.heads;
    };
  }

  /** Resolves at the next head received from now on. */
  next(signal: AbortSignal): Promise<void> {
    if (this.closed) return Promise.reject(new Error('closed'));
    if (!this.connected()) {
      if (Date.now() < this.retryAt) return Promise.reject(new Error('WebSocket unavailable'));
      this.open();
    }
    return new Promise((resolve, reject) => {
      const done = () => {
        signal.removeEventListener('abort', abort);
        resolve();
      };
      const abort = () => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new Error('aborted'));
      };
      signal.addEventListener('abort', abort, { once: true });
      this.waiters.push(done);
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.terminate();
    this.wake();
  }

  private connected(): boolean {
    return this.socket !== undefined && (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING);
  }

  private open(): void {
    const socket = new WebSocket(this.url, { handshakeTimeout: 5000 });
    this.socket = socket;
    socket.on('open', () => {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    });
    socket.on('message', (data) => {
      const text = data.toString();
      if (text.includes('"eth_subscription"')) {
        this.failures = 0;
        this.heads++;
        this.wake();
      }
    });
    const drop = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.failures++;
      this.retryAt = Date.now() + Math.min(1000 * 2 ** this.failures, 30_000);
      this.wake();
    };
    socket.on('error', drop);
    socket.on('close', drop);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
