import { ajs, type AjsOutput } from './avalanchejs.js';
import { fundCUsers } from './c-chain/c-setup.js';
import type { ActivityContext, TxRef } from './context.js';
import { NANO_AVAX } from './context.js';

/** Each user is topped up to FUND on the X- and P-chain when it holds less than LOW; ewoq pays. */
const FUND = 5_000n * NANO_AVAX;
const LOW = 500n * NANO_AVAX;

async function fundX(ctx: ActivityContext): Promise<TxRef[]> {
  const outs: { amount: bigint; to: Uint8Array[] }[] = [];
  for (const u of ctx.users) {
    const have = await ctx.x.balance(u);
    if (have < LOW) outs.push({ amount: FUND - have, to: [u.shortId] });
  }
  if (outs.length === 0) return [];
  return [{ chain: 'X', id: await ctx.x.send(ctx.funded.ewoq, outs, 'firn activity funding'), what: `fund ${outs.length} users` }];
}

async function fundP(ctx: ActivityContext): Promise<TxRef[]> {
  const outputs: AjsOutput[] = [];
  for (const u of ctx.users) {
    const have = await ctx.p.unlocked(u);
    if (have < LOW) outputs.push(ajs.TransferableOutput.fromNative(ctx.net.avaxAssetId, FUND - have, [u.shortId]));
  }
  if (outputs.length === 0) return [];
  const id = await ctx.p.issue(ctx.funded.ewoq, (c) => ajs.pvm.newBaseTx({ ...c, outputs }, ctx.ajsContext));
  return [{ chain: 'P', id, what: `fund ${outputs.length} users` }];
}

/** Tops every user up on the X- and P-chain, and on the C-chain when `cChain` (at start, then now and then). */
export async function fundUsers(ctx: ActivityContext, cChain: boolean): Promise<TxRef[]> {
  return [...(cChain ? await fundCUsers(ctx) : []), ...(await fundX(ctx)), ...(await fundP(ctx))];
}
