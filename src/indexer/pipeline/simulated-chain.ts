import { sha256 } from '@noble/hashes/sha2.js';
import type { Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import { TransportError } from '../sources/json-rpc-client.js';
import type { BatchSummary, BlockStream } from './stream.js';

/** A deterministic chain for exercising the follower: block n has hash sha256(seed ‖ n) and n % 5 transactions. */
export function simulatedBlock(seed: string, height: bigint): { height: bigint; hash: Uint8Array; parent: Uint8Array; txs: number } {
  const hashOf = (h: bigint) => (h < 0n ? new Uint8Array(32) : sha256(new TextEncoder().encode(`${seed}:${h}`)));
  return { height, hash: hashOf(height), parent: hashOf(height - 1n), txs: Number(height % 5n) };
}

export interface SimulatedBatch {
  blocks: ReturnType<typeof simulatedBlock>[];
}

/**
 * A BlockStream over a simulated chain whose head grows when told, whose fetches fail with transport
 * errors at a chosen rate (seeded), writing to the `sim_blocks` / `sim_txs` tables of the test.
 */
export class SimulatedStream implements BlockStream<SimulatedBatch> {
  readonly name = 'blocks';
  readonly firstHeight = 0n;
  headHeight: bigint;
  private rng: number;

  constructor(readonly chain: ChainRef, readonly seed: string, head: bigint, private readonly failureRate = 0, rngSeed = 1) {
    this.headHeight = head;
    this.rng = rngSeed;
  }

  private random(): number {
    // xorshift32: reproducible failures from the seed.
    this.rng ^= this.rng << 13;
    this.rng ^= this.rng >>> 17;
    this.rng ^= this.rng << 5;
    return (this.rng >>> 0) / 2 ** 32;
  }

  private maybeFail(): Promise<void> {
    if (this.random() < this.failureRate) return Promise.reject(new TransportError('simulated: connection refused'));
    return Promise.resolve();
  }

  async head(): Promise<bigint> {
    await this.maybeFail();
    return this.headHeight;
  }

  async fetch(from: bigint, to: bigint): Promise<SimulatedBatch> {
    await this.maybeFail();
    const blocks = [];
    for (let h = from; h <= to; h++) blocks.push(simulatedBlock(this.seed, h));
    return { blocks };
  }

  summarize(batch: SimulatedBatch): BatchSummary {
    const first = batch.blocks[0]!;
    const last = batch.blocks.at(-1)!;
    const transactions = batch.blocks.reduce((n, b) => n + b.txs, 0);
    return { firstHeight: first.height, firstParentHash: first.parent, lastHeight: last.height, lastHash: last.hash, blocks: batch.blocks.length, transactions, rows: batch.blocks.length + transactions };
  }

  async write(tx: Queryable, batch: SimulatedBatch): Promise<void> {
    await tx.copyRows('sim_blocks', ['chain', 'height', 'hash'], batch.blocks.map((b) => [this.chain.id, b.height, b.hash]));
    const txs: unknown[][] = [];
    for (const b of batch.blocks) for (let i = 0; i < b.txs; i++) txs.push([this.chain.id, b.height, i]);
    await tx.copyRows('sim_txs', ['chain', 'height', 'idx'], txs);
  }
}

export const SIMULATION_TABLES = `
  CREATE TABLE sim_blocks (chain integer, height bigint, hash bytea, PRIMARY KEY (chain, height));
  CREATE TABLE sim_txs (chain integer, height bigint, idx integer, PRIMARY KEY (chain, height, idx));
`;
