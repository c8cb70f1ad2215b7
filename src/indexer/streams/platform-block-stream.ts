import type { Queryable } from '../../store/database/database.js';
import type { ChainRef } from '../../store/registry.js';
import { appendPrimaryRows, emptyPrimaryRows, type PrimaryRows } from '../../store/writers/primary/rows.js';
import { applyObservedSupply } from '../decode/platform/block-supply.js';
import { decodePlatformContainer, type DecodedPlatformContainer } from '../decode/platform/platform-container.js';
import { genesisStakersOf, platformGenesisRows, safeDecode, stakerSnapshots } from '../decode/platform/platform-genesis.js';
import { platformRows, type PlatformChainContext, type RewardLookup } from '../decode/platform/platform-rows.js';
import { decodePlatformTx, type PlatformTx } from '../decode/platform/platform-tx.js';
import { hexKey } from '../decode/platform/rows-common.js';
import { idFromString } from '../../lib/cb58.js';
import type { BatchSummary, BlockStream } from '../pipeline/stream.js';
import { RpcError, type JsonRpcClientOptions } from '../sources/json-rpc-client.js';
import { mapConcurrent, type PrimaryBlockSource, type SourcedBlock } from '../sources/primary/block-source.js';
import { NodeBlockSource } from '../sources/primary/node-block-source.js';
import { AvmApi, PlatformApi, type PlatformUtxo } from '../sources/primary/platform-api.js';
import { formatAddress } from '../../lib/bech32-address.js';
import { decodeAvmTx } from '../decode/avm/avm-tx.js';
import { genesisAddressCandidates, genesisUtxoRows, spentGenesisUtxos } from '../decode/platform/genesis-utxos.js';
import { storedGenesisTime } from '../../store/writers/primary/genesis-time.js';
import { summaryOf, writePrimaryBatch, type PrimaryBatch } from './primary-batch.js';

export interface PrimaryStreamOptions {
  /** The node's base URL (http://host:9650). */
  nodeUrl: string;
  /** Block source: the index API when the node has one ('auto'), or always getBlockByHeight. */
  mode?: 'auto' | 'index' | 'by-height';
  /** How often, while following the head, to read the node's current validators (uptime, potential rewards). */
  snapshotIntervalSeconds?: number;
  /** Wall clock in unix seconds (tests pass their own). */
  now?: () => bigint;
  rpc?: JsonRpcClientOptions;
  /** Replaces the node block source (tests). */
  source?: PrimaryBlockSource<DecodedPlatformContainer>;
}

const PROPOSAL_TYPES = new Set(['banff-proposal', 'apricot-proposal']);

/** A P-chain batch; genesis UTXOs spent after the first batch are completed in the write (they need the genesis time). */
export interface PlatformBatch extends PrimaryBatch {
  genesisSpent?: PlatformUtxo[];
}

/**
 * The P-chain's blocks and what follows from them: txs, UTXOs, stakers and their rewards, subnets,
 * blockchains, L1 validators. Heights are P-chain heights; the genesis block (0) holds no txs, so the stream
 * starts at 1 and brings what the genesis defines (validators, UTXOs, the primary network's chains) with its first batch.
 */
export class PlatformBlockStream implements BlockStream<PlatformBatch> {
  readonly name = 'blocks';
  readonly firstHeight = 1n;
  private readonly source: PrimaryBlockSource<DecodedPlatformContainer>;
  private readonly api: PlatformApi;
  private readonly avm: AvmApi;
  private readonly ctx: PlatformChainContext;
  private lastHead = -1n;
  private lastSnapshotAt = -1n;

  constructor(readonly chain: ChainRef, private readonly options: PrimaryStreamOptions) {
    this.source = options.source ?? new NodeBlockSource({
      nodeUrl: options.nodeUrl, chainAlias: 'P', service: 'platform', decode: decodePlatformContainer,
      ...(options.mode ? { mode: options.mode } : {}), ...(options.rpc ? { rpc: options.rpc } : {}),
    });
    this.api = new PlatformApi(options.nodeUrl, options.rpc);
    this.avm = new AvmApi(options.nodeUrl, options.rpc);
    this.ctx = { chain: chain.id, blockchainId: chain.blockchainId, avaxAssetId: chain.network.avaxAssetId };
  }

  async head(): Promise<bigint> {
    this.lastHead = await this.source.lastAcceptedHeight();
    return this.lastHead;
  }

  async fetch(from: bigint, to: bigint): Promise<PlatformBatch> {
    const blocks = await this.source.blocks(from, to);
    if (blocks.length === 0) throw new Error(`no P-chain blocks in ${from}..${to}`);
    const last = blocks[blocks.length - 1]!.block;
    const nextBlock = PROPOSAL_TYPES.has(last.blockType) ? await this.optionAfter(to) : undefined;
    const rewards = await this.rewardLookups(blocks);
    const previousTimestamp = await this.timeBefore(blocks);
    const rows = emptyPrimaryRows();
    const genesisSpent = spentGenesisUtxos(blocks.flatMap((b) => b.block.txs));
    const first = from <= this.firstHeight;
    if (first) appendPrimaryRows(rows, await this.genesisRows(blocks, genesisSpent));
    appendPrimaryRows(rows, platformRows(this.ctx, { blocks, ...(nextBlock ? { nextBlock } : {}), rewards, ...(previousTimestamp !== undefined ? { previousTimestamp } : {}) }));
    if (this.shouldSnapshot(to)) appendPrimaryRows(rows, await this.snapshotRows());
    await this.observeSupply(rows, from, to);
    const summary = summaryOf(rows, { height: blocks[0]!.block.height, parentId: blocks[0]!.block.parentId }, last);
    return { rows, summary, ...(!first && genesisSpent.length > 0 ? { genesisSpent } : {}) };
  }

  summarize(batch: PlatformBatch): BatchSummary {
    return batch.summary;
  }

  /** Genesis UTXOs spent in a later batch get their created row at the genesis time the first batch stored. */
  async write(tx: Queryable, batch: PlatformBatch): Promise<void> {
    if (!batch.genesisSpent) return writePrimaryBatch(tx, batch);
    const genesisTime = await storedGenesisTime(tx, this.chain.id);
    const utxos = [...batch.rows.known.utxos, ...genesisUtxoRows(this.ctx, batch.genesisSpent, genesisTime)];
    return writePrimaryBatch(tx, { ...batch, rows: { ...batch.rows, known: { ...batch.rows.known, utxos } } });
  }

  /** The commit or abort block after a proposal, which the node accepts right after it. */
  private async optionAfter(height: bigint): Promise<DecodedPlatformContainer | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const [next] = await this.source.blocks(height + 1n, height + 1n);
        if (next) return next.block;
      } catch {
        // not accepted yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  }

  private async rewardLookups(blocks: readonly SourcedBlock<DecodedPlatformContainer>[]): Promise<Map<string, RewardLookup>> {
    const ids: Uint8Array[] = [];
    for (const b of blocks) for (const tx of b.block.txs) if (tx.unsigned.type === 'RewardValidatorTx') ids.push(tx.unsigned.stakingTxId);
    const out = new Map<string, RewardLookup>();
    await mapConcurrent(ids, 8, async (id) => {
      const [rewardUtxos, stakingBytes] = await Promise.all([this.api.getRewardUtxos(id), this.api.getTx(id)]);
      out.set(hexKey(id), {
        rewardUtxos: rewardUtxos ?? [], ...(rewardUtxos ? {} : { rewardUtxosKnown: false }), ...(stakingBytes ? { stakingTx: decodePlatformTx(stakingBytes) } : {}),
      });
    });
    return out;
  }

  /** The time of the block before the range, needed only when the first block carries no time of its own (old Apricot blocks). */
  private async timeBefore(blocks: readonly SourcedBlock<DecodedPlatformContainer>[]): Promise<bigint | undefined> {
    const first = blocks[0]!;
    const c = first.block;
    const hasTime = c.time !== undefined || c.proposer?.timestamp !== undefined || c.txs.some((t) => t.unsigned.type === 'AdvanceTimeTx');
    if (hasTime || c.height <= 1n) return undefined;
    const from = c.height > 32n ? c.height - 32n : 1n;
    const before = await this.source.blocks(from, c.height - 1n);
    for (let i = before.length - 1; i >= 0; i--) {
      const b = before[i]!.block;
      if (b.time !== undefined) return b.time;
      if (b.proposer?.timestamp !== undefined) return b.proposer.timestamp;
      const advance = b.txs.find((t) => t.unsigned.type === 'AdvanceTimeTx');
      if (advance?.unsigned.type === 'AdvanceTimeTx') return advance.unsigned.time;
    }
    return undefined;
  }

  private async genesisRows(blocks: readonly SourcedBlock<DecodedPlatformContainer>[], spent: readonly PlatformUtxo[]) {
    const firstBlockTime = platformRows(this.ctx, { blocks: blocks.slice(0, 1) }).blocks[0]!.timestamp;
    const [validators, blockchains] = await Promise.all([this.api.getCurrentValidators(), this.api.getBlockchains()]);
    const wanted = [...genesisStakersOf({ validators, firstBlockTime }).map((v) => v.txID), ...blockchains.map((b) => b.id)];
    const txs = new Map<string, Uint8Array>();
    await mapConcurrent(wanted, 8, async (id) => {
      const bytes = await this.api.getTx(idFromString(id));
      if (bytes) txs.set(hexKey(idFromString(id)), bytes);
    });
    const utxos = [...(await this.genesisUtxoCandidates([...txs.values()])), ...spent];
    return platformGenesisRows(this.ctx, { validators, txs, blockchains, firstBlockTime, utxos });
  }

  /** The UTXOs of every address that may hold a genesis UTXO (the genesis ones are picked out later). */
  private async genesisUtxoCandidates(genesisTxs: readonly Uint8Array[]): Promise<PlatformUtxo[]> {
    const xBytes = await this.avm.getTx(this.chain.network.avaxAssetId).catch((error: unknown) => {
      // A node without an X-chain API: the stakers' addresses are all there is to ask about.
      if ((error as Error).name === 'TransportError') return undefined;
      throw error;
    });
    const xGenesis = xBytes ? decodeAvmTx(xBytes) : undefined;
    const stakingTxs = genesisTxs.map(safeDecode).filter((t): t is PlatformTx => t !== undefined);
    const addresses = genesisAddressCandidates({ xGenesis, stakingTxs }).map((a) => formatAddress('P', this.chain.network.hrp, a));
    if (addresses.length === 0) return [];
    try {
      return await this.api.getUtxos(addresses);
    } catch (error) {
      // A node that refuses the call: genesis UTXOs then show up only when spent, as spends of unseen UTXOs.
      if (error instanceof RpcError) return [];
      throw error;
    }
  }

  /**
   * Near the head, the node's supply at the batch's last height (exact: getCurrentSupply answers with its height).
   * Backfilled ranges the node moved past keep the supply of their blocks unknown.
   */
  private async observeSupply(rows: PrimaryRows, from: bigint, to: bigint): Promise<void> {
    if (this.lastHead < 0n || to + 2n < this.lastHead) return;
    const observed = await this.api.getCurrentSupply().catch((error: unknown) => {
      if (error instanceof RpcError) return undefined;
      throw error;
    });
    if (observed?.height !== undefined && observed.height >= from && observed.height <= to) applyObservedSupply(rows, { height: observed.height, supply: observed.supply });
  }

  private shouldSnapshot(to: bigint): boolean {
    if (this.lastHead < 0n || to + 2n < this.lastHead) return false;
    const now = this.now();
    if (this.lastSnapshotAt >= 0n && now - this.lastSnapshotAt < BigInt(this.options.snapshotIntervalSeconds ?? 60)) return false;
    this.lastSnapshotAt = now;
    return true;
  }

  /** platform.getCurrentValidators, then again for the validators that have delegators (to get theirs). */
  private async snapshotRows() {
    const validators = await this.api.getCurrentValidators();
    const withDelegators = validators.filter((v) => Number(v.delegatorCount ?? 0) > 0).map((v) => v.nodeID);
    const detailed = withDelegators.length > 0 ? await this.api.getCurrentValidators({ nodeIDs: withDelegators }) : [];
    const rows = emptyPrimaryRows();
    rows.snapshots = stakerSnapshots(this.ctx.chain, [...detailed, ...validators], this.now());
    return rows;
  }

  private now(): bigint {
    return this.options.now ? this.options.now() : BigInt(Math.floor(Date.now() / 1000));
  }
}
