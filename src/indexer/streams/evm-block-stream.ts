import type { Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import { EvmBatchPreparer, writePreparedEvmBatch, type PreparedEvmBatch } from '../../store/writers/evm/write-evm-batch.js';
import { EvmRangeDecoder } from '../decode/evm/evm-range.js';
import type { BatchSummary, BlockStream } from '../pipeline/stream.js';
import { RollupInputChunk, type RollupInputLog } from './rollup-input-log.js';
import { probeRange } from '../sources/evm/contract-probes.js';
import { EvmRpcSource, type EvmRpcSourceOptions } from '../sources/evm/evm-rpc-source.js';
import { JsonRpcClient, type JsonRpcClientOptions } from '../sources/json-rpc-client.js';

export interface EvmBlockStreamOptions extends EvmRpcSourceOptions, JsonRpcClientOptions {
  /** Read new contracts' ERC type and token fields, and minted NFTs' URIs, with eth_call (default true). */
  probeContracts?: boolean;
  /** A client to use instead of one for `chain.rpcUrl`. */
  client?: JsonRpcClient;
  /** Where committed batches' rollup inputs go for the chain's rollup stream (none: the rollups read them back). */
  rollupInputs?: RollupInputLog;
}

/** A prepared batch, with its rollup inputs when the stream hands them to the rollups. */
export type EvmStreamBatch = PreparedEvmBatch & { rollupInputs?: RollupInputChunk };

/**
 * An EVM chain (the C-chain, a Subnet-EVM L1) as a BlockStream: blocks, transactions and receipts, logs,
 * token transfers, internal transactions (when the node can trace), contracts, NFTs and Teleporter messages.
 */
export class EvmBlockStream implements BlockStream<EvmStreamBatch> {
  readonly name = 'blocks';
  readonly firstHeight = 0n;
  readonly source: EvmRpcSource;
  private readonly probe: boolean;
  private readonly rollupInputs: RollupInputLog | undefined;

  constructor(readonly chain: ChainRef, options: EvmBlockStreamOptions = {}) {
    if (chain.vm !== 'evm') throw new Error(`chain ${chain.name} is not an EVM chain (vm ${chain.vm})`);
    let client = options.client;
    if (!client) {
      if (!chain.rpcUrl) throw new Error(`EVM chain ${chain.name} has no RPC URL`);
      client = new JsonRpcClient(chain.rpcUrl, options);
    }
    this.source = new EvmRpcSource(client, options);
    this.probe = options.probeContracts ?? true;
    this.rollupInputs = options.rollupInputs;
  }

  head(): Promise<bigint> {
    return this.source.head();
  }

  /** The decoded range, prepared for writing while it waits for its turn (write-evm-batch.ts). */
  async fetch(from: bigint, to: bigint): Promise<EvmStreamBatch> {
    if (to < from) throw new RangeError(`empty range ${from}..${to}`);
    // a part's worth of blocks with their receipts and traces fills one HTTP request; each part is decoded, and its
    // append-only rows encoded, as it arrives
    const decoder = new EvmRangeDecoder(this.chain.blockchainId);
    const preparer = new EvmBatchPreparer(this.chain.id);
    const inputs = this.rollupInputs ? new RollupInputChunk() : undefined;
    for (let start = from; start <= to; ) {
      const part = BigInt(Math.max(1, Math.floor(this.source.client.batchSize / this.source.callsPerBlock)));
      const end = start + part - 1n < to ? start + part - 1n : to;
      decoder.add(await this.source.fetchRange(start, end));
      const rows = decoder.takeAppendOnlyRows();
      preparer.add(rows);
      inputs?.addRows(rows);
      start = end + 1n;
    }
    const range = decoder.finish();
    if (this.probe) await probeRange(this.source, range);
    const prepared: EvmStreamBatch = preparer.finish(range.batch);
    if (inputs) {
      inputs.seal(range.batch.blocks);
      prepared.rollupInputs = inputs;
    }
    return prepared;
  }

  summarize(batch: EvmStreamBatch): BatchSummary {
    const first = batch.blocks[0];
    const last = batch.blocks[batch.blocks.length - 1];
    if (!first || !last) throw new Error('an EVM batch holds at least one block');
    return {
      firstHeight: first.number,
      firstParentHash: first.parentHash,
      lastHeight: last.number,
      lastHash: last.hash,
      blocks: batch.blocks.length,
      transactions: batch.transactions,
      rows: batch.rows,
    };
  }

  async write(tx: Queryable, batch: EvmStreamBatch): Promise<void> {
    await writePreparedEvmBatch(tx, this.chain.id, batch);
  }

  committed(batch: EvmStreamBatch): void {
    if (batch.rollupInputs) this.rollupInputs?.add(batch.rollupInputs);
  }
}
