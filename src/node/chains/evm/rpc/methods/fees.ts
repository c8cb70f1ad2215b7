import { ClientError } from '../../../../../lib/errors.js';
import { effectiveTip } from '../../gas-oracle.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import { resolveBlock } from '../resolve.js';
import type { EthMethods } from '../types.js';

/** geth's limits for eth_feeHistory. */
const MAX_FEE_HISTORY = 1024n;
const MAX_PERCENTILES = 100;

export const feeMethods: EthMethods = {
  eth_baseFee: (p, { chain }) => { arity(p, 0, 0); return toRpc.quantity(chain.nextFees().baseFee); },
  async eth_maxPriorityFeePerGas(p, { chain }) {
    arity(p, 0, 0);
    return toRpc.quantity(await chain.gasOracle.suggestTip());
  },
  async eth_gasPrice(p, { chain }) {
    arity(p, 0, 0);
    return toRpc.quantity((await chain.gasOracle.suggestTip()) + chain.nextFees().baseFee);
  },
  async eth_feeHistory(p, { chain }) {
    arity(p, 2, 3);
    let count = fromRpc.quantity(p[0], 0, 64);
    const newestRef = fromRpc.blockTag(p[1], 1);
    const percentiles = p[2] === undefined || p[2] === null ? [] : (p[2] as unknown[]);
    if (!Array.isArray(percentiles) || percentiles.some((x) => typeof x !== 'number')) throw new ClientError('invalid argument 2: expected array of numbers');
    if (percentiles.length > MAX_PERCENTILES) throw new ClientError(`too many percentiles: ${percentiles.length} > ${MAX_PERCENTILES}`);
    for (let i = 0; i < percentiles.length; i++) {
      const v = percentiles[i] as number;
      if (v < 0 || v > 100) throw new ClientError(`invalid reward percentile: ${v}`);
      if (i > 0 && v < (percentiles[i - 1] as number)) throw new ClientError(`invalid reward percentile: #${i - 1}:${percentiles[i - 1]} > #${i}:${v}`);
    }
    const newest = await resolveBlock(chain, newestRef);
    if (!newest) throw new ClientError('header not found');
    if (count > MAX_FEE_HISTORY) count = MAX_FEE_HISTORY;
    const newestN = newest.block.header.number;
    if (count > newestN + 1n) count = newestN + 1n;
    const oldest = newestN + 1n - count;
    const baseFees: string[] = [];
    const ratios: number[] = [];
    const rewards: string[][] = [];
    for (let n = oldest; n <= newestN; n++) {
      const b = (await chain.getBlockByNumber(n))!;
      const h = b.block.header;
      baseFees.push(toRpc.quantity(h.baseFee ?? 0n));
      ratios.push(h.gasLimit === 0n ? 0 : Number(h.gasUsed) / Number(h.gasLimit));
      if (percentiles.length > 0) {
        const receipts = (await chain.getBlockReceipts(b.hash)) ?? [];
        const txs = chain.blockTransactions(b).map((tx, i) => ({ tip: effectiveTip(tx, h.baseFee ?? 0n), gas: receipts[i]?.gasUsed ?? 0n }));
        txs.sort((a, c) => (a.tip < c.tip ? -1 : a.tip > c.tip ? 1 : 0));
        rewards.push((percentiles as number[]).map((pct) => {
          if (txs.length === 0) return '0x0';
          const threshold = (Number(h.gasUsed) * pct) / 100;
          let sum = 0;
          for (const t of txs) { sum += Number(t.gas); if (sum >= threshold) return toRpc.quantity(t.tip); }
          return toRpc.quantity(txs[txs.length - 1]!.tip);
        }));
      }
    }
    const next = newestN === chain.headNumber ? chain.nextFees().baseFee : ((await chain.getBlockByNumber(newestN + 1n))!.block.header.baseFee ?? 0n);
    baseFees.push(toRpc.quantity(next));
    return {
      oldestBlock: toRpc.quantity(oldest),
      ...(percentiles.length > 0 ? { reward: rewards } : {}),
      baseFeePerGas: baseFees,
      gasUsedRatio: ratios,
    };
  },
};
