import type { EvmChain } from '../evm-chain.js';
import { bloomMatches } from './bloom.js';
import { FINALIZED, LATEST, type LogCriteria, type LogJson, MAX_ADDRESSES, MAX_TOPICS, PENDING, SAFE, compileMatcher, logMatches } from './log-criteria.js';
import { logIndexOf, renderBlockLogs } from './log-index.js';
import { queryOptionsOf } from './options.js';

/** coreth's eth/filters errors. */
export const INVALID_BLOCK_RANGE = 'invalid block range params';

/**
 * eth_getLogs with coreth's semantics (eth/filters/api.go GetLogs + filter.go Logs): a single block by
 * hash (bloom first, then receipts), or a range whose ends default to latest; tags resolve to the last
 * accepted block; heights above it are refused, as are inverted ranges and (when configured) ranges wider
 * than `api-max-blocks-per-request`.
 */
export async function getLogs(chain: EvmChain, c: LogCriteria): Promise<LogJson[]> {
  if (c.topics.length > MAX_TOPICS) throw new Error('exceed max topics');
  if (c.addresses.length > MAX_ADDRESSES) throw new Error('exceed max addresses');
  const m = compileMatcher(c);
  if (c.blockHash !== undefined) {
    const block = await chain.getBlockByHash(new Uint8Array(Buffer.from(c.blockHash.slice(2), 'hex')));
    if (!block) throw new Error('unknown block');
    if (!bloomMatches(block.block.header.bloom, m)) return [];
    const receipts = (await chain.getBlockReceipts(block)) ?? [];
    return renderBlockLogs(block, receipts).logs.filter((l) => logMatches(l, m));
  }
  let begin = c.fromBlock ?? LATEST;
  let end = c.toBlock ?? LATEST;
  if (begin > 0n && end > 0n && begin > end) throw new Error(INVALID_BLOCK_RANGE);
  const lastAccepted = chain.headNumber;
  if (begin >= 0n && begin > lastAccepted) throw new Error(`requested from block ${begin} after last accepted block ${lastAccepted}`);
  if (end >= 0n && end > lastAccepted) throw new Error(`requested to block ${end} after last accepted block ${lastAccepted}`);
  const endSet = end >= 0n;
  if (begin === PENDING && end !== PENDING) throw new Error(INVALID_BLOCK_RANGE);
  if (begin === PENDING && end === PENDING) return [];
  const resolve = (n: bigint) => (n === LATEST || n === PENDING || n === FINALIZED || n === SAFE ? lastAccepted : n);
  begin = resolve(begin);
  end = resolve(end);
  if (endSet && end < begin) throw new Error(`begin block ${begin} is greater than end block ${end}`);
  const max = BigInt(queryOptionsOf(chain).maxBlocksPerRequest);
  if (max > 0n && end - begin >= max) throw new Error(`requested too many blocks from ${begin} to ${end}, maximum is set to ${max}`);
  return logIndexOf(chain).query(Number(begin), Number(end), m);
}

/** The block numbers a filter's range covers, for checking new logs against it (geth's filterLogs). */
export function inFilterRange(c: LogCriteria, blockNumberHex: string): boolean {
  const n = BigInt(blockNumberHex);
  if (c.fromBlock !== undefined && c.fromBlock >= 0n && c.fromBlock > n) return false;
  if (c.toBlock !== undefined && c.toBlock >= 0n && c.toBlock < n) return false;
  return true;
}
