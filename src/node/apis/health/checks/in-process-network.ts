import type { NetworkStatus } from './network.js';

/** avalanchego pings every peer at 3/4 of the 30 s ping-pong timeout. */
export const PING_FREQUENCY_MS = 22_500;

/**
 * The devnet's peer layer: the other genesis validators run in this process, are connected for the
 * node's whole life, and exchange what real peers exchange — the handshake at start and a ping/pong
 * every PING_FREQUENCY_MS — without a socket that could fail. Other in-process traffic (gossip, queries)
 * can be recorded with recordSent/recordReceived; a failed delivery with recordSendFailure.
 */
export class InProcessNetwork implements NetworkStatus {
  private lastSent: number | undefined;
  private lastReceived: number | undefined;
  private sends = 0;
  private failures = 0;

  constructor(
    private readonly peers: number,
    private readonly startedAtMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  connectedPeers(): number {
    return this.peers;
  }

  sendFailRate(): number {
    const attempts = this.sends + this.failures;
    return attempts === 0 ? 0 : this.failures / attempts;
  }

  lastReceivedMs(): number | undefined {
    return latest(this.lastReceived, this.lastPing());
  }

  lastSentMs(): number | undefined {
    return latest(this.lastSent, this.lastPing());
  }

  /** Validators in-process reach each other directly: every validator has ingress from the others. */
  primaryNetworkValidatorHealth() {
    return { ingressConnectionCount: this.peers, primaryNetworkValidator: true };
  }

  recordSent(atMs = this.now()): void {
    this.sends++;
    this.lastSent = latest(this.lastSent, atMs);
  }

  recordReceived(atMs = this.now()): void {
    this.lastReceived = latest(this.lastReceived, atMs);
  }

  recordSendFailure(): void {
    this.failures++;
  }

  /** Time of the handshake or latest ping round; undefined with no peers. */
  private lastPing(): number | undefined {
    if (this.peers === 0) return undefined;
    const elapsed = Math.max(0, this.now() - this.startedAtMs);
    return this.startedAtMs + Math.floor(elapsed / PING_FREQUENCY_MS) * PING_FREQUENCY_MS;
  }
}

function latest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}
