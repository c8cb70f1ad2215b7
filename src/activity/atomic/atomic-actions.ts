import { ajs, allUtxos } from '../avalanchejs.js';
import type { Action, ActivityContext, TxRef } from '../context.js';
import { NANO_AVAX, WEI_PER_NAVAX } from '../context.js';
import { isMethodNotFound } from '../json-rpc.js';
import { cAddressOf, type Actor, type Hex } from '../keys.js';
import type { Prng } from '../prng.js';

type Chain = 'X' | 'P' | 'C';

const C_AVAX = '/ext/bc/C/avax';
/** After the node said it has no C-chain atomic API, ask again after this long. */
const RECHECK_MS = 60_000;

/** Whether the node serves the C-chain atomic API (`/ext/bc/C/avax`): probed once, re-probed while missing. */
export async function cAtomicAvailable(ctx: ActivityContext): Promise<boolean> {
  const known = ctx.cAtomic;
  if (known && (known.available || Date.now() - known.checkedAt < RECHECK_MS)) return known.available;
  let available = true;
  try {
    await ctx.rpc.call(C_AVAX, 'avax.getUTXOs', { addresses: [cAddressOf(ctx.net.hrp, ctx.users[0]!)], sourceChain: 'X', encoding: 'hex' });
  } catch (e) {
    if (!isMethodNotFound(e)) throw e;
    available = false;
  }
  ctx.cAtomic = { available, checkedAt: Date.now() };
  if (!available) ctx.log.debug('activity: the node has no C-chain atomic API (/ext/bc/C/avax); C-chain imports and exports are skipped');
  return available;
}

const chainId = (ctx: ActivityContext, c: Chain) => (c === 'X' ? ctx.net.xChainId : c === 'P' ? ctx.net.pChainId : ctx.net.cChainId);

/** C-chain atomic fees: the base fee in nAVAX per gas (rounded up, doubled for headroom). */
async function baseFeeNavax(ctx: ActivityContext): Promise<bigint> {
  const wei = BigInt(await ctx.evm.eth<Hex>('eth_baseFee'));
  const n = (2n * wei + WEI_PER_NAVAX - 1n) / WEI_PER_NAVAX;
  return n > 0n ? n : 1n;
}

async function waitCAccepted(ctx: ActivityContext, txID: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    const { status } = await ctx.rpc.call<{ status: string }>(C_AVAX, 'avax.getAtomicTxStatus', { txID });
    if (status === 'Accepted') return;
    if (status === 'Dropped') throw new Error(`C-chain atomic tx ${txID} was dropped`);
    if (Date.now() > deadline) throw new Error(`C-chain atomic tx ${txID} still ${status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

async function exportFrom(ctx: ActivityContext, from: Chain, to: Chain, user: Actor, amount: bigint): Promise<string> {
  const dest = chainId(ctx, to);
  const owner = [user.shortId];
  if (from === 'X') {
    const utxos = await allUtxos(ctx.x.api, [ctx.x.address(user)]);
    return ctx.x.issueAjs(ajs.avm.newExportTx(ctx.ajsContext, dest, owner, utxos, [ajs.TransferableOutput.fromNative(ctx.net.avaxAssetId, amount, owner)]), [user]);
  }
  if (from === 'P') {
    const outputs = [ajs.TransferableOutput.fromNative(ctx.net.avaxAssetId, amount, owner)];
    return ctx.p.issue(user, (c) => ajs.pvm.newExportTx({ ...c, destinationChainId: dest, outputs }, ctx.ajsContext));
  }
  const nonce = await ctx.evm.takeNonce(user.eth);
  try {
    const tx = ajs.evm.newExportTxFromBaseFee(ctx.ajsContext, await baseFeeNavax(ctx), amount, dest, user.ethBytes, owner, BigInt(nonce));
    await ajs.addTxSignatures({ unsignedTx: tx, privateKeys: [user.privateKey] });
    const { txID } = await ctx.cAvax.issueSignedTx(tx.getSignedTx());
    await waitCAccepted(ctx, txID);
    return txID;
  } catch (e) {
    ctx.evm.resetNonce(user.eth);
    throw e;
  }
}

/** Imports every UTXO `user` has waiting from `from` into `to`. */
async function importTo(ctx: ActivityContext, to: Chain, from: Chain, user: Actor): Promise<string> {
  const source = chainId(ctx, from);
  const owner = [user.shortId];
  if (to === 'X') {
    const utxos = await allUtxos(ctx.x.api, [ctx.x.address(user)], from);
    return ctx.x.issueAjs(ajs.avm.newImportTx(ctx.ajsContext, source, utxos, owner, owner), [user]);
  }
  if (to === 'P') {
    const utxos = await allUtxos(ctx.p.api, [ctx.p.address(user)], from);
    return ctx.p.signAndIssue(ajs.pvm.newImportTx({ feeState: await ctx.p.api.getFeeState(), fromAddressesBytes: owner, sourceChainId: source, toAddressesBytes: owner, utxos }, ctx.ajsContext), [user]);
  }
  const utxos = await allUtxos(ctx.cAvax, [cAddressOf(ctx.net.hrp, user)], from);
  const tx = ajs.evm.newImportTxFromBaseFee(ctx.ajsContext, user.ethBytes, owner, utxos, source, await baseFeeNavax(ctx));
  await ajs.addTxSignatures({ unsignedTx: tx, privateKeys: [user.privateKey] });
  const { txID } = await ctx.cAvax.issueSignedTx(tx.getSignedTx());
  await waitCAccepted(ctx, txID);
  return txID;
}

function atomic(from: Chain, to: Chain): Action {
  return async (ctx: ActivityContext, rng: Prng) => {
    if ((from === 'C' || to === 'C') && !(await cAtomicAvailable(ctx))) {
      return { txs: [], skipped: true, detail: 'the node has no C-chain atomic API' };
    }
    const user = rng.pick(ctx.users);
    const amount = rng.bigint(NANO_AVAX / 10n, 10n * NANO_AVAX);
    const txs: TxRef[] = [];
    txs.push({ chain: from, id: await exportFrom(ctx, from, to, user, amount), what: `export to ${to}` });
    txs.push({ chain: to, id: await importTo(ctx, to, from, user), what: `import from ${from}` });
    return { txs, detail: `${user.name} moves ${amount} nAVAX ${from} → ${to}` };
  };
}

export const ATOMIC_ACTIONS = {
  'atomic.x-p': atomic('X', 'P'),
  'atomic.p-x': atomic('P', 'X'),
  'atomic.x-c': atomic('X', 'C'),
  'atomic.c-x': atomic('C', 'X'),
  'atomic.p-c': atomic('P', 'C'),
  'atomic.c-p': atomic('C', 'P'),
} satisfies Record<string, Action>;
