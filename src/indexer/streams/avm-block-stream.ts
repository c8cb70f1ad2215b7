import type { Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import { appendPrimaryRows, emptyPrimaryRows, type PrimaryRows } from '../../store/writers/primary/rows.js';
import { decodeAvmContainer, type DecodedAvmContainer } from '../decode/avm/avm-container.js';
import { addAvmTx, avmRows, type AvmChainContext } from '../decode/avm/avm-rows.js';
import { decodeAvmTx } from '../decode/avm/avm-tx.js';
import type { BatchSummary, BlockStream } from '../pipeline/stream.js';
import type { PrimaryBlockSource } from '../sources/primary/block-source.js';
import { NodeBlockSource } from '../sources/primary/node-block-source.js';
import { AvmApi } from '../sources/primary/platform-api.js';
import type { PrimaryStreamOptions } from './platform-block-stream.js';
import { summaryOf, writePrimaryBatch, type PrimaryBatch } from './primary-batch.js';

export interface AvmStreamOptions extends Omit<PrimaryStreamOptions, 'source' | 'snapshotIntervalSeconds'> {
  source?: PrimaryBlockSource<DecodedAvmContainer>;
}

/**
 * The X-chain's blocks (post-Cortina, linear) with their txs, UTXOs and assets. The genesis (height 0) is a
 * block without txs; the assets the genesis created (AVAX) come with the first batch, from avm.getTx.
 */
export class AvmBlockStream implements BlockStream<PrimaryBatch> {
  readonly name = 'blocks';
  readonly firstHeight = 1n;
  private readonly source: PrimaryBlockSource<DecodedAvmContainer>;
  private readonly api: AvmApi;
  private readonly ctx: AvmChainContext;

  constructor(readonly chain: ChainRef, private readonly options: AvmStreamOptions) {
    this.source = options.source ?? new NodeBlockSource({
      nodeUrl: options.nodeUrl, chainAlias: 'X', service: 'avm', decode: decodeAvmContainer,
      ...(options.mode ? { mode: options.mode } : {}), ...(options.rpc ? { rpc: options.rpc } : {}),
    });
    this.api = new AvmApi(options.nodeUrl, options.rpc);
    this.ctx = { chain: chain.id, blockchainId: chain.blockchainId };
  }

  head(): Promise<bigint> {
    return this.source.lastAcceptedHeight();
  }

  async fetch(from: bigint, to: bigint): Promise<PrimaryBatch> {
    const blocks = await this.source.blocks(from, to);
    if (blocks.length === 0) throw new Error(`no X-chain blocks in ${from}..${to}`);
    const rows = emptyPrimaryRows();
    if (from <= this.firstHeight) appendPrimaryRows(rows, await this.genesisRows(blocks[0]!.block.time));
    appendPrimaryRows(rows, avmRows(this.ctx, blocks));
    const first = blocks[0]!.block;
    return { rows, summary: summaryOf(rows, { height: first.height, parentId: first.parentId }, blocks[blocks.length - 1]!.block) };
  }

  summarize(batch: PrimaryBatch): BatchSummary {
    return batch.summary;
  }

  write(tx: Queryable, batch: PrimaryBatch): Promise<void> {
    return writePrimaryBatch(tx, batch);
  }

  /** The network's AVAX asset as the X-chain genesis created it: the asset and its genesis UTXOs. */
  private async genesisRows(firstBlockTime: bigint): Promise<PrimaryRows> {
    const rows = emptyPrimaryRows();
    const assetId = this.chain.network.avaxAssetId;
    const genesisTime = await this.genesisTime(firstBlockTime);
    const bytes = await this.api.getTx(assetId);
    if (bytes) {
      const tx = decodeAvmTx(bytes);
      addAvmTx(rows, { chain: this.ctx.chain, blockchainId: this.ctx.blockchainId, txId: tx.id, txType: tx.unsigned.type, blockHeight: 0n, blockTimestamp: genesisTime, txIndex: 0 }, new Uint8Array(32), tx, true);
      return rows;
    }
    const described = await this.api.getAssetDescription(assetId);
    if (described) {
      rows.known.assets.push({
        chain: this.ctx.chain, assetId, ...described, cap: 'fixed', assetType: 'secp256k1', createTxId: assetId, blockHeight: 0n, blockTimestamp: genesisTime, genesis: true,
      });
    }
    return rows;
  }

  /** The X-chain genesis block's time (height 0), or the first block's when the node does not serve it. */
  private async genesisTime(firstBlockTime: bigint): Promise<bigint> {
    try {
      const [genesis] = await this.source.blocks(0n, 0n);
      return genesis?.block.time ?? firstBlockTime;
    } catch {
      return firstBlockTime;
    }
  }
}
