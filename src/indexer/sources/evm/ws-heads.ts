import WebSocket from 'ws';

/**
 * A node's `newHeads` over WebSocket (`eth_subscribe`), as a wake-up signal for the follower: `next()`
 * resolves at the next head. The connection is opened lazily, re-opened after a drop (with backoff), and
 * when it cannot be had, `next()` rejects so the follower falls back to polling.
 */
export class WsHeads {
  private socket: WebSocket | undefined;
  private waiters: (() => void)[] = [];
  private failures = 0;
  private retryAt = 0;
  private closed = false;

  constructor(private readonly url: string) {}

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
