import { Agent, request } from 'node:http';
import { RawHttpConnection } from './raw-http-connection.js';

export interface LoadResult {
  /** Latency of every measured call, in ms. */
  latencies: number[];
  /** Measured calls per second (completed calls over the measured wall time). */
  rate: number;
  /** Response bytes of the measured calls (HTTP only). */
  bytes: number;
}

/** How long a run lasts: `warmup` calls (at most `warmupSeconds`), then `calls` measured ones (at most `seconds`). */
export interface RunPlan {
  concurrency: number;
  warmup: number;
  calls: number;
  warmupSeconds?: number;
  seconds?: number;
}

/**
 * Runs `call(i)` with `plan.concurrency` callers, each starting its next call when the previous one is done.
 * No new call starts once a phase's time is up. `call` returns the bytes it received (or nothing).
 */
export async function drive(plan: RunPlan, call: (i: number) => Promise<number | void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let bytes = 0;
  let issued = 0;
  let phaseStart = performance.now();
  let measuring = plan.warmup === 0;
  let measured = 0;
  const take = (): { i: number; measure: boolean } | undefined => {
    const now = performance.now();
    if (!measuring) {
      const warmupOver = issued >= plan.warmup || (plan.warmupSeconds !== undefined && now - phaseStart > plan.warmupSeconds * 1000);
      if (!warmupOver) return { i: issued++, measure: false };
      measuring = true;
      phaseStart = now;
    }
    if (measured >= plan.calls || (plan.seconds !== undefined && now - phaseStart > plan.seconds * 1000)) return undefined;
    measured++;
    return { i: issued++, measure: true };
  };
  let measuredFrom = 0;
  const worker = async () => {
    for (let next = take(); next; next = take()) {
      if (next.measure && measuredFrom === 0) measuredFrom = performance.now();
      const started = performance.now();
      const received = await call(next.i);
      if (next.measure) {
        latencies.push(performance.now() - started);
        bytes += received ?? 0;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  return { latencies, rate: latencies.length / ((performance.now() - measuredFrom) / 1000), bytes };
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * A load generator over keep-alive connections: `count` and `run` (the measured load) on RawHttpConnections, one
 * per caller; `get` and `json` (answers the bench reads: page tokens, samples) on node:http. Small on purpose, so
 * its own cost stays low next to the server's.
 */
export class LoadClient {
  private readonly agent: Agent;
  /** Connections for `count`, free for the next request. */
  private readonly idle: RawHttpConnection[] = [];

  constructor(private readonly base: URL, connections: number, private readonly headers: Record<string, string> = {}) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  get(path: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = request({ agent: this.agent, host: this.base.hostname, port: this.base.port, path, method: 'GET', headers: this.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** JSON of a 200 answer; anything else throws with the answer in the message. */
  async json(path: string): Promise<any> {
    const answer = await this.get(path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.slice(0, 500)}`);
    return JSON.parse(Buffer.from(answer.body, 'latin1').toString('utf8'));
  }

  /**
   * The size of a 200 answer's body, read without keeping it, on a connection of its own (RawHttpConnection: the
   * generator's own cost per request stays small); anything else throws.
   */
  async count(path: string): Promise<number> {
    const connection = this.idle.pop() ?? new RawHttpConnection(this.base.hostname, Number(this.base.port), this.headers);
    try {
      const answer = await connection.get(path);
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.errorBody.slice(0, 500)}`);
      return answer.bytes;
    } finally {
      this.idle.push(connection);
    }
  }

  /** `plan.concurrency` connections asking for `pathOf(i)`; every answer must be a 200. */
  run(plan: RunPlan, pathOf: (i: number) => string): Promise<LoadResult> {
    return drive(plan, (i) => this.count(pathOf(i)));
  }

  close(): void {
    this.agent.destroy();
    for (const c of this.idle.splice(0)) c.close();
  }
}
