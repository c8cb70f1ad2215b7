import {
  emptyEvmBatch, type EvmBatch, type EvmContractRecord, type EvmNftTokenRecord, type EvmTokenTransferRecord,
} from '../../../store/writers/evm/evm-batch.js';
import type { EvmAppendOnlyRows } from '../../../store/writers/evm/write-evm-batch.js';
import { decodeBlock } from './block.js';
import { flattenBlockTraces } from './call-trace.js';
import { decodeTeleporterMessage } from './teleporter.js';
import { decodeTokenTransfers } from './token-transfers.js';
import { sameBytes } from '../../../lib/bytes.js';
import { EvmDecodeError, toHex } from './wire.js';

/** What the node answered for one block. */
export interface RawEvmBlock {
  /** eth_getBlockByNumber(n, true). */
  block: unknown;
  /** The receipts of its transactions, in block order. */
  receipts: readonly unknown[];
  /** debug_traceBlockByNumber(n, callTracer); undefined when the node cannot trace. */
  traces?: unknown;
}

/** An NFT minted in the range: its URI is read at `blockNumber` (the last mint of it in the range). */
export interface NftMint {
  token: EvmNftTokenRecord;
  blockNumber: bigint;
}

export interface DecodedEvmRange {
  /** Contracts still UNKNOWN and NFTs without URIs until the probes fill them in. */
  batch: EvmBatch;
  /** The new contracts of `batch.contracts`, to call at their creation block. */
  contractsToProbe: EvmContractRecord[];
  mints: NftMint[];
}

const ZERO_ADDRESS = new Uint8Array(20);

/**
 * Decode consecutive blocks into the rows they write. Checks that each block's parent is the block before
 * it. `blockchainId` is the chain's own (Teleporter messages name it as their source or destination).
 */
export function decodeEvmRange(raw: readonly RawEvmBlock[], blockchainId: Uint8Array): DecodedEvmRange {
  const decoder = new EvmRangeDecoder(blockchainId);
  decoder.add(raw);
  return decoder.finish();
}

/**
 * decodeEvmRange a part at a time: the node's JSON of each part can be dropped as soon as it is decoded,
 * instead of the whole range's being held (and outliving young-generation GCs) until the last part arrives.
 */
export class EvmRangeDecoder {
  private readonly batch = emptyEvmBatch();
  private readonly contracts = new Map<string, EvmContractRecord>();
  private readonly nfts = new Map<string, EvmNftTokenRecord>();
  private readonly mintBlocks = new Map<string, bigint>();

  constructor(private readonly blockchainId: Uint8Array) {}

  /** The next consecutive blocks. */
  add(raw: readonly RawEvmBlock[]): void {
    const { batch, contracts, nfts, mintBlocks, blockchainId } = this;
    for (const rawBlock of raw) {
      const decoded = decodeBlock(rawBlock.block, rawBlock.receipts, false);
      const { block, transactions, logs } = decoded;
      const previous = batch.blocks[batch.blocks.length - 1];
      if (previous && (block.number !== previous.number + 1n || !sameBytes(block.parentHash, previous.hash))) {
        throw new EvmDecodeError(`block ${block.number} (parent ${toHex(block.parentHash)}) does not follow block ${previous.number} (${toHex(previous.hash)})`);
      }

      const traces = transactions.length === 0 ? { internalTransactions: [], creations: [] }
        : rawBlock.traces === undefined ? undefined : flattenBlockTraces(rawBlock.traces, block.number, transactions);
      block.internalTxsIndexed = traces !== undefined;

      batch.blocks.push(block);
      for (const tx of transactions) batch.transactions.push(tx);
      for (const log of logs) batch.logs.push(log);

      const transfersBefore = batch.tokenTransfers.length;
      for (const log of logs) {
        decodeTokenTransfers(log, block.timestamp, batch.tokenTransfers);
        const message = decodeTeleporterMessage(log, block.timestamp, blockchainId);
        if (message) batch.teleporterMessages.push(message);
      }
      for (let i = transfersBefore; i < batch.tokenTransfers.length; i++) trackNft(batch.tokenTransfers[i]!, nfts, mintBlocks);

      if (traces) for (const frame of traces.internalTransactions) batch.internalTransactions.push(frame);
      // creations in execution order: the transaction's own, then those of its frames
      let traced = 0;
      for (const tx of transactions) {
        if (tx.contractAddress && tx.status !== 0) {
          contracts.set(toHex(tx.contractAddress), {
            address: tx.contractAddress, blockNumber: block.number, txIndex: tx.index, txHash: tx.hash, deployer: tx.from, ercType: 'UNKNOWN',
          });
        }
        const creations = traces?.creations ?? [];
        for (; traced < creations.length && creations[traced]!.txIndex === tx.index; traced++) {
          const c = creations[traced]!;
          contracts.set(toHex(c.address), {
            address: c.address, blockNumber: block.number, txIndex: tx.index, txHash: tx.hash, deployer: tx.from, deployerContract: c.creator, ercType: 'UNKNOWN',
          });
        }
      }
    }
  }

  /**
   * The append-only rows (transactions, logs, token transfers, internal transactions, Teleporter messages) decoded
   * since the last call, handed over and no longer kept: finish() then returns only those decoded after it.
   */
  takeAppendOnlyRows(): EvmAppendOnlyRows {
    const { batch } = this;
    const rows: EvmAppendOnlyRows = {
      transactions: batch.transactions, logs: batch.logs, tokenTransfers: batch.tokenTransfers,
      internalTransactions: batch.internalTransactions, teleporterMessages: batch.teleporterMessages,
    };
    batch.transactions = [];
    batch.logs = [];
    batch.tokenTransfers = [];
    batch.internalTransactions = [];
    batch.teleporterMessages = [];
    return rows;
  }

  /** The rows of every block added (less the append-only ones already taken). */
  finish(): DecodedEvmRange {
    const { batch, nfts } = this;
    batch.contracts = [...this.contracts.values()];
    batch.nftTokens = [...nfts.values()];
    const mints: NftMint[] = [];
    for (const [key, blockNumber] of this.mintBlocks) mints.push({ token: nfts.get(key)!, blockNumber });
    return { batch, contractsToProbe: batch.contracts, mints };
  }
}

function trackNft(t: EvmTokenTransferRecord, nfts: Map<string, EvmNftTokenRecord>, mintBlocks: Map<string, bigint>): void {
  if (t.standard === 20 || t.tokenId === undefined) return;
  const key = `${toHex(t.token)}:${t.tokenId}`;
  let token = nfts.get(key);
  if (!token) {
    token = { contract: t.token, tokenId: t.tokenId, ercType: t.standard === 721 ? 'ERC-721' : 'ERC-1155', firstBlock: t.blockNumber, lastBlock: t.blockNumber };
    nfts.set(key, token);
  }
  token.lastBlock = t.blockNumber;
  if (t.standard === 721) token.owner = t.to;
  if (sameBytes(t.from, ZERO_ADDRESS)) mintBlocks.set(key, t.blockNumber);
}
