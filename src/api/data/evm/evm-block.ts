import type { EvmBlock } from '../../../store/queries/evm/blocks.js';
import { decimal, safeNumber } from '../codecs/decimal.js';
import { hexOf } from '../codecs/hex.js';

/** EvmBlock / GetEvmBlockResponse (glacier.json). */
export interface EvmBlockWire {
  chainId: string;
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockMinDelayExcess?: number;
  blockHash: string;
  txCount: number;
  baseFee: string;
  gasUsed: string;
  gasLimit: string;
  gasCost: string;
  parentHash: string;
  feesSpent: string;
  cumulativeTransactions: string;
}

/** A stored block on the wire; a block before base fees or block gas costs existed shows "0" for them. */
export function evmBlockOf(block: EvmBlock, chainId: string): EvmBlockWire {
  return {
    chainId,
    blockNumber: decimal(block.number),
    blockTimestamp: block.timestamp,
    ...(block.timestampMs !== undefined ? { blockTimestampMilliseconds: block.timestampMs } : {}),
    ...(block.minDelayExcess !== undefined ? { blockMinDelayExcess: safeNumber(block.minDelayExcess) } : {}),
    blockHash: hexOf(block.hash),
    txCount: block.txCount,
    baseFee: decimal(block.baseFee ?? 0n),
    gasUsed: decimal(block.gasUsed),
    gasLimit: decimal(block.gasLimit),
    gasCost: decimal(block.blockGasCost ?? 0n),
    parentHash: hexOf(block.parentHash),
    feesSpent: decimal(block.feesSpent),
    cumulativeTransactions: decimal(block.cumulativeTransactions),
  };
}
