import type { EvmChain } from '../evm-chain.js';
import { effectiveTip } from '../gas-oracle.js';
import { type BlockRef, ParamError, toRpc } from '../rpc/codec.js';

/** coreth's gas price oracle limits (eth/gasprice): blocks per call, depth behind the head, percentiles. */
export const FEE_HISTORY = { maxCallBlockHistory: 2048n, maxBlockHistory: 25_000n, maxPercentiles: 100 } as const;

/** math.HexOrDecimal64: a JSON number, or a string in hex (0x…) or decimal. */
export function parseBlockCount(v: unknown, index: number): bigint {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined;
  const bad = () => new ParamError(`invalid argument ${index}: invalid hex or decimal integer ${JSON.stringify(text ?? JSON.stringify(v))}`);
  if (text === undefined) throw bad();
  let n: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) n = BigInt(text);
  else if (/^[0-9]+$/.test(text)) n = BigInt(text);
  else throw bad();
  if (n >= 1n << 64n) throw bad();
  return n;
}

export function parsePercentiles(v: unknown, index: number): number[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${typeof v === 'object' ? 'object' : typeof v} into Go value of type []float64`);
  return v.map((x) => {
    if (typeof x !== 'number') throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${typeof x} into Go value of type float64`);
    return x;
  });
}

/** Go's %f. */
const f6 = (x: number) => x.toFixed(6);

/**
 * eth_feeHistory as coreth's oracle answers it (eth/gasprice/feehistory.go): at most 2048 blocks, not more
 * than 25,000 behind the last accepted block, "pending" = latest with one block fewer, rewards weighted by
 * gas used over txs sorted by effective tip, and — unlike geth — one base fee per returned block (no
 * next-block entry).
 */
export async function feeHistory(chain: EvmChain, requested: bigint, last: BlockRef, percentiles: number[]) {
  const empty = { oldestBlock: '0x0', gasUsedRatio: null };
  let blocks = requested;
  if (blocks < 1n) return empty;
  if (percentiles.length > FEE_HISTORY.maxPercentiles) throw new Error(`invalid reward percentile: over the query limit ${FEE_HISTORY.maxPercentiles}`);
  if (blocks > FEE_HISTORY.maxCallBlockHistory) blocks = FEE_HISTORY.maxCallBlockHistory;
  percentiles.forEach((p, i) => {
    if (p < 0 || p > 100) throw new Error(`invalid reward percentile: ${f6(p)}`);
    if (i > 0 && p <= percentiles[i - 1]!) throw new Error(`invalid reward percentile: #${i - 1}:${f6(percentiles[i - 1]!)} >= #${i}:${f6(p)}`);
  });
  if ('hash' in last) throw new Error('invalid block number');
  if ('tag' in last && last.tag === 'pending') blocks--;
  if (blocks === 0n) return empty;
  const lastAccepted = chain.headNumber;
  const maxDepth = FEE_HISTORY.maxBlockHistory - 1n;
  let lastBlock: bigint;
  if ('tag' in last) lastBlock = lastAccepted;
  else {
    lastBlock = last.number;
    if (lastAccepted > maxDepth && lastAccepted - maxDepth > lastBlock) throw new Error(`request beyond historical limit: requested ${lastBlock}, head ${lastAccepted}`);
    if (lastBlock > lastAccepted) throw new Error(`request beyond head block: requested ${lastBlock}, head ${lastAccepted}`);
  }
  if (blocks > lastBlock + 1n) blocks = lastBlock + 1n;
  const depth = lastAccepted - (lastBlock - blocks + 1n);
  if (depth > maxDepth) blocks -= depth - maxDepth;
  const oldest = lastBlock + 1n - blocks;

  const reward: string[][] = [];
  const baseFeePerGas: string[] = [];
  const gasUsedRatio: number[] = [];
  for (let n = oldest; n < oldest + blocks; n++) {
    const b = await chain.getBlockByNumber(n);
    if (!b) {
      if (n === oldest) return empty;
      break;
    }
    const h = b.block.header;
    const baseFee = h.baseFee ?? 0n;
    baseFeePerGas.push(toRpc.quantity(baseFee));
    gasUsedRatio.push(Number(h.gasUsed) / Number(h.gasLimit));
    if (percentiles.length === 0) continue;
    const receipts = (await chain.getBlockReceipts(b)) ?? [];
    const txs = chain.blockTransactions(b).map((tx, i) => ({ reward: effectiveTip(tx, baseFee), gasUsed: receipts[i]?.gasUsed ?? 0n }));
    txs.sort((a, c) => (a.reward < c.reward ? -1 : a.reward > c.reward ? 1 : 0));
    if (txs.length === 0) { reward.push(percentiles.map(() => '0x0')); continue; }
    let idx = 0;
    let sum = txs[0]!.gasUsed;
    reward.push(percentiles.map((p) => {
      // uint64(float64(gasUsed) * p / 100), as Go truncates it
      const threshold = BigInt(Math.floor((Number(h.gasUsed) * p) / 100));
      while (sum < threshold && idx < txs.length - 1) { idx++; sum += txs[idx]!.gasUsed; }
      return toRpc.quantity(txs[idx]!.reward);
    }));
  }
  return {
    oldestBlock: toRpc.quantity(oldest),
    ...(percentiles.length > 0 ? { reward } : {}),
    baseFeePerGas,
    gasUsedRatio,
  };
}
