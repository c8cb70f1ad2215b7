import type { Queryable } from '../../database/database.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../registry.js';
import { emptyEvmBatch, type EvmBatch, type EvmBlockRecord, type EvmTransactionRecord } from './evm-batch.js';
import { writeEvmBatch } from './write-evm-batch.js';

/** Deterministic EVM batches for store tests: block n has n % 3 transactions, every fifth one failed. */

export const filled = (byte: number, length: number): Uint8Array => new Uint8Array(length).fill(byte);
export const blockHash = (n: bigint): Uint8Array => {
  const h = new Uint8Array(32);
  new DataView(h.buffer).setBigUint64(24, n + 1n);
  h[0] = 0xb1;
  return h;
};
export const txHash = (n: bigint, i: number): Uint8Array => {
  const h = blockHash(n);
  h[0] = 0x7a;
  h[1] = i;
  return h;
};

export const ALICE = filled(0xa1, 20);
export const BOB = filled(0xb0, 20);
export const TOKEN = filled(0x20, 20);
export const NFT = filled(0x72, 20);
export const MULTI = filled(0x11, 20);
export const FACTORY = filled(0xfa, 20);
export const MESSENGER = filled(0x25, 20);
export const THIS_CHAIN_ID = filled(0x0c, 32);
export const OTHER_CHAIN_ID = filled(0x0d, 32);

export function txCountOf(n: bigint): number {
  return Number(n % 3n);
}

/** Blocks `from`..`to` with their transactions (status 0 for every fifth tx of the chain). */
export function sampleBlocks(from: bigint, to: bigint): EvmBatch {
  const batch = emptyEvmBatch();
  let txsBefore = 0;
  for (let n = 0n; n < from; n++) txsBefore += txCountOf(n);
  for (let n = from; n <= to; n++) {
    const count = txCountOf(n);
    const block: EvmBlockRecord = {
      number: n, hash: blockHash(n), parentHash: n === 0n ? new Uint8Array(32) : blockHash(n - 1n), timestamp: 1_700_000_000n + n * 2n,
      timestampMs: (1_700_000_000n + n * 2n) * 1000n + 5n, minDelayExcess: 7_970_124n, miner: filled(1, 20), size: 600 + count,
      gasLimit: 15_000_000n, gasUsed: 21_000n * BigInt(count), baseFee: 25_000_000_000n + n, blockGasCost: n, extDataGasUsed: 0n,
      txCount: count, feesSpent: 0n, internalTxsIndexed: true,
    };
    for (let i = 0; i < count; i++) {
      const tx: EvmTransactionRecord = {
        blockNumber: n, index: i, hash: txHash(n, i), blockTimestamp: block.timestamp, from: ALICE, to: BOB, value: 10n ** 18n + n,
        nonce: BigInt(txsBefore), type: 2, gasLimit: 21_000n, gasPrice: 26_000_000_000n, maxFeePerGas: 50_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n, gasUsed: 21_000n, effectiveGasPrice: 26_000_000_000n,
        status: txsBefore % 5 === 4 ? 0 : 1, input: new Uint8Array([0xa9, 0x05, 0x9c, 0xbb, i]), methodId: new Uint8Array([0xa9, 0x05, 0x9c, 0xbb]),
      };
      block.feesSpent += tx.gasUsed * tx.effectiveGasPrice;
      batch.transactions.push(tx);
      txsBefore++;
    }
    batch.blocks.push(block);
  }
  return batch;
}

/** A network and an EVM chain to write under. */
export async function sampleChain(db: Queryable, name = 'local'): Promise<ChainRef> {
  const network = await ensureNetwork(db, { name, networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: filled(9, 32) });
  return ensureChain(db, { network, blockchainId: THIS_CHAIN_ID, subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
}

/**
 * Blocks 0..11 in three batches with every kind of row:
 * - block 1 tx 0 deploys TOKEN (ERC-20) and mints 1000 to ALICE (log 0);
 * - block 2 tx 0: FACTORY creates NFT with CREATE2 (an internal tx) and makes a reverted call;
 *   block 2 tx 1 mints NFT #1 to ALICE (log 0) and MULTI ids 5, 6 to BOB in one TransferBatch (log 1);
 * - block 4 tx 0 sends a Teleporter message (log 0);
 * - block 5 tx 1 moves NFT #1 to BOB; block 7 could not be traced;
 * - block 10 tx 0 redeploys TOKEN under a new name; block 11 tx 1 re-mints NFT #1 with a new URI.
 */
export function sampleActivity(): [EvmBatch, EvmBatch, EvmBatch] {
  const first = sampleBlocks(0n, 4n);
  const second = sampleBlocks(5n, 9n);
  const third = sampleBlocks(10n, 11n);
  const tx = (b: EvmBatch, n: bigint, i: number) => b.transactions.find((t) => t.blockNumber === n && t.index === i)!;
  const ts = (n: bigint) => 1_700_000_000n + n * 2n;

  const deploy = tx(first, 1n, 0);
  delete deploy.to;
  delete deploy.methodId;
  deploy.contractAddress = TOKEN;
  first.contracts.push({ address: TOKEN, blockNumber: 1n, txIndex: 0, txHash: deploy.hash, deployer: ALICE, ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 18 });
  first.logs.push({ blockNumber: 1n, logIndex: 0, txIndex: 0, address: TOKEN, topics: [filled(0xdd, 32), new Uint8Array(32), filled(0xa1, 32)], data: filled(0, 32) });
  first.tokenTransfers.push({ blockNumber: 1n, logIndex: 0, batchIndex: 0, txIndex: 0, blockTimestamp: ts(1n), token: TOKEN, standard: 20, from: new Uint8Array(20), to: ALICE, value: 1000n });

  first.internalTransactions.push(
    { blockNumber: 2n, txIndex: 0, traceIndex: 1, depth: 1, callType: 'CREATE2', from: FACTORY, to: NFT, value: 0n, gas: 500_000n, gasUsed: 200_000n, reverted: false },
    { blockNumber: 2n, txIndex: 0, traceIndex: 2, depth: 1, callType: 'CALL', from: FACTORY, to: BOB, value: 7n, gas: 50_000n, gasUsed: 50_000n, reverted: true, error: 'execution reverted' },
  );
  first.contracts.push({ address: NFT, blockNumber: 2n, txIndex: 0, txHash: tx(first, 2n, 0).hash, deployer: ALICE, deployerContract: FACTORY, ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL' });
  first.tokenTransfers.push(
    { blockNumber: 2n, logIndex: 0, batchIndex: 0, txIndex: 1, blockTimestamp: ts(2n), token: NFT, standard: 721, from: new Uint8Array(20), to: ALICE, tokenId: 1n, value: 1n },
    { blockNumber: 2n, logIndex: 1, batchIndex: 0, txIndex: 1, blockTimestamp: ts(2n), token: MULTI, standard: 1155, from: new Uint8Array(20), to: BOB, tokenId: 5n, value: 10n, operator: ALICE },
    { blockNumber: 2n, logIndex: 1, batchIndex: 1, txIndex: 1, blockTimestamp: ts(2n), token: MULTI, standard: 1155, from: new Uint8Array(20), to: BOB, tokenId: 6n, value: 20n, operator: ALICE },
  );
  first.nftTokens.push(
    { contract: NFT, tokenId: 1n, ercType: 'ERC-721', tokenUri: 'ipfs://one', owner: ALICE, firstBlock: 2n, lastBlock: 2n },
    { contract: MULTI, tokenId: 5n, ercType: 'ERC-1155', tokenUri: 'multi://{id}', firstBlock: 2n, lastBlock: 2n },
    { contract: MULTI, tokenId: 6n, ercType: 'ERC-1155', tokenUri: 'multi://{id}', firstBlock: 2n, lastBlock: 2n },
  );
  first.teleporterMessages.push({
    blockNumber: 4n, logIndex: 0, txIndex: 0, blockTimestamp: ts(4n), messageId: filled(0x4d, 32), direction: 'SOURCE_TRANSACTION',
    sourceBlockchainId: THIS_CHAIN_ID, destinationBlockchainId: OTHER_CHAIN_ID, messenger: MESSENGER, messageNonce: 1n, originSender: ALICE,
    destinationAddress: BOB, requiredGasLimit: 100_000n, feeToken: TOKEN, feeAmount: 0n,
  });

  second.tokenTransfers.push({ blockNumber: 5n, logIndex: 0, batchIndex: 0, txIndex: 1, blockTimestamp: ts(5n), token: NFT, standard: 721, from: ALICE, to: BOB, tokenId: 1n, value: 1n });
  second.nftTokens.push({ contract: NFT, tokenId: 1n, ercType: 'ERC-721', owner: BOB, firstBlock: 5n, lastBlock: 5n });
  second.blocks.find((b) => b.number === 7n)!.internalTxsIndexed = false;

  third.contracts.push({ address: TOKEN, blockNumber: 10n, txIndex: 0, txHash: tx(third, 10n, 0).hash, deployer: BOB, ercType: 'ERC-20', name: 'Firn Token 2', symbol: 'FIRN2', decimals: 6 });
  third.tokenTransfers.push({ blockNumber: 11n, logIndex: 0, batchIndex: 0, txIndex: 1, blockTimestamp: ts(11n), token: NFT, standard: 721, from: new Uint8Array(20), to: ALICE, tokenId: 1n, value: 1n });
  third.nftTokens.push({ contract: NFT, tokenId: 1n, ercType: 'ERC-721', tokenUri: 'ipfs://two', owner: ALICE, firstBlock: 11n, lastBlock: 11n });
  return [first, second, third];
}

/** A chain with sampleActivity() written, each batch in its own transaction. */
export async function writeSampleActivity(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable): Promise<ChainRef> {
  const chain = await sampleChain(db);
  for (const batch of sampleActivity()) await db.transaction((tx) => writeEvmBatch(tx, chain.id, batch));
  return chain;
}
