import type { Action, ActionResult, ActivityContext, Contracts, TokenInfo, TxRef } from '../context.js';
import { WEI_PER_AVAX } from '../context.js';
import type { Actor, Hex } from '../keys.js';
import { bytesToHex } from '../../lib/hex.js';
import type { Prng } from '../prng.js';
import { erc1155, erc20, erc721, factory, readAddress, readUint, router } from './contracts.js';
import type { SentTx } from './evm-client.js';

const MAX_UINT256 = (1n << 256n) - 1n;
const MULTI_TOKEN_IDS = 24;

function contracts(ctx: ActivityContext): Contracts {
  if (!ctx.world.contracts) throw new Error('the C-chain contracts are not deployed');
  return ctx.world.contracts;
}

const ref = (tx: SentTx, what: string): TxRef => ({ chain: 'C', id: tx.hash, what, ok: tx.ok });

function twoUsers(ctx: ActivityContext, rng: Prng): [Actor, Actor] {
  const [a, b] = rng.sample(ctx.users, 2);
  return [a!, b ?? a!];
}

/** A fresh address nobody holds a key for: value sent there stays (new accounts, as on a real chain). */
const freshAddress = (rng: Prng): Hex => bytesToHex(rng.bytes(20)) as Hex;

/** `whole` units of a token plus a random fraction. */
function tokenAmount(rng: Prng, token: TokenInfo, maxWhole: number): bigint {
  const unit = 10n ** BigInt(token.decimals);
  return BigInt(rng.int(1, maxWhole)) * unit + rng.bigint(0n, unit - 1n);
}

const balanceOf = (ctx: ActivityContext, token: Hex, holder: Hex) => readUint(ctx.evm, token, erc20.balanceOf(holder));

/** Mints to `user` when it holds less than `min` (the tokens have a public faucet mint). */
async function ensureTokens(ctx: ActivityContext, rng: Prng, token: TokenInfo, user: Actor, min: bigint, txs: TxRef[]): Promise<bigint> {
  const have = await balanceOf(ctx, token.address, user.eth);
  if (have >= min) return have;
  const amount = min - have + tokenAmount(rng, token, 1000);
  txs.push(ref(await ctx.evm.send(user, { to: token.address, data: erc20.mint(user.eth, amount) }), `mint ${token.symbol}`));
  return have + amount;
}

async function ensureAllowance(ctx: ActivityContext, token: TokenInfo, owner: Actor, spender: Hex, amount: bigint, txs: TxRef[]): Promise<void> {
  const allowed = await readUint(ctx.evm, token.address, erc20.allowance(owner.eth, spender));
  if (allowed >= amount) return;
  txs.push(ref(await ctx.evm.send(owner, { to: token.address, data: erc20.approve(spender, MAX_UINT256) }), `approve ${token.symbol}`));
}

const transfer: Action = async (ctx, rng) => {
  const [from, to] = twoUsers(ctx, rng);
  const target = rng.chance(0.2) ? freshAddress(rng) : to.eth;
  const value = rng.bigint(WEI_PER_AVAX / 1000n, 5n * WEI_PER_AVAX);
  const tx = await ctx.evm.send(from, { to: target, value, gas: 21_000n });
  return { txs: [ref(tx, 'transfer')], detail: `${from.name} → ${target === to.eth ? to.name : target}` };
};

const erc20Transfer: Action = async (ctx, rng) => {
  const token = rng.pick(contracts(ctx).tokens);
  const [from, to] = twoUsers(ctx, rng);
  const txs: TxRef[] = [];
  const have = await ensureTokens(ctx, rng, token, from, 1n, txs);
  const amount = (have * BigInt(rng.int(1, 50))) / 100n || 1n;
  const fresh = rng.chance(0.1);
  txs.push(ref(await ctx.evm.send(from, { to: token.address, data: erc20.transfer(fresh ? freshAddress(rng) : to.eth, amount) }), `transfer ${token.symbol}`));
  // Now and then, the recipient burns some.
  if (!fresh && rng.chance(0.1)) {
    const burn = (await balanceOf(ctx, token.address, to.eth)) / 10n;
    if (burn > 0n) txs.push(ref(await ctx.evm.send(to, { to: token.address, data: erc20.burn(burn) }), `burn ${token.symbol}`));
  }
  return { txs, detail: `${amount} ${token.symbol} ${from.name} → ${to.name}` };
};

const erc20Approve: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const token = rng.pick(c.tokens);
  const [owner, other] = twoUsers(ctx, rng);
  const spender = rng.chance(0.5) ? c.router : other.eth;
  const value = rng.chance(0.3) ? MAX_UINT256 : tokenAmount(rng, token, 5000);
  const tx = await ctx.evm.send(owner, { to: token.address, data: erc20.approve(spender, value) });
  // A spender uses part of an allowance between users.
  const txs = [ref(tx, `approve ${token.symbol}`)];
  if (spender === other.eth && rng.chance(0.5)) {
    const have = await balanceOf(ctx, token.address, owner.eth);
    const amount = (have < value ? have : value) / 4n;
    if (amount > 0n) txs.push(ref(await ctx.evm.send(other, { to: token.address, data: erc20.transferFrom(owner.eth, other.eth, amount) }), `transferFrom ${token.symbol}`));
  }
  return { txs, detail: `${owner.name} approves ${spender === c.router ? 'router' : other.name}` };
};

const swap: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const [tokenIn, tokenOut] = rng.shuffle(c.tokens.slice(0, 2));
  const user = rng.pick(ctx.users);
  const txs: TxRef[] = [];
  const reserve = await balanceOf(ctx, tokenOut!.address, c.router);
  const unitIn = 10n ** BigInt(tokenIn!.decimals);
  const unitOut = 10n ** BigInt(tokenOut!.decimals);
  // The router pays one whole token out per whole token in (less 0.3%): stay within a tenth of its reserve.
  const limit = (reserve * unitIn) / unitOut / 10n;
  let amountIn = tokenAmount(rng, tokenIn!, 500);
  if (amountIn > limit) amountIn = limit;
  if (amountIn < unitIn / 1000n) return { txs, skipped: true, detail: 'router has no reserve' };
  await ensureTokens(ctx, rng, tokenIn!, user, amountIn, txs);
  await ensureAllowance(ctx, tokenIn!, user, c.router, amountIn, txs);
  const data = router.swap(tokenIn!.address, tokenOut!.address, amountIn);
  txs.push(ref(await ctx.evm.send(user, { to: c.router, data }), `swap ${tokenIn!.symbol}→${tokenOut!.symbol}`));
  return { txs, detail: `${user.name} swaps ${amountIn} ${tokenIn!.symbol}` };
};

const multiSend: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const token = rng.pick(c.tokens);
  const [sender, ...others] = rng.shuffle(ctx.users);
  const recipients = others.slice(0, rng.int(2, Math.max(2, Math.min(5, others.length))));
  const amounts = recipients.map(() => tokenAmount(rng, token, 20));
  const total = amounts.reduce((a, b) => a + b, 0n);
  const txs: TxRef[] = [];
  await ensureTokens(ctx, rng, token, sender!, total, txs);
  await ensureAllowance(ctx, token, sender!, c.router, total, txs);
  txs.push(ref(await ctx.evm.send(sender!, { to: c.router, data: router.multiSend(token.address, recipients.map((r) => r.eth), amounts) }), `multiSend ${token.symbol}`));
  return { txs, detail: `${sender!.name} → ${recipients.length} recipients` };
};

const erc721Mint: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const [minter, other] = twoUsers(ctx, rng);
  const to = rng.chance(0.3) ? other : minter;
  const id = await readUint(ctx.evm, c.collectible, erc721.nextTokenId());
  const tx = await ctx.evm.send(minter, { to: c.collectible, data: erc721.mint(to.eth) });
  if (tx.ok) ctx.world.collectibleIds.push(id);
  return { txs: [ref(tx, `mint FPNG #${id}`)], detail: `${minter.name} mints #${id} for ${to.name}` };
};

const erc721Transfer: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const txs: TxRef[] = [];
  if (ctx.world.collectibleIds.length === 0) txs.push(...(await erc721Mint(ctx, rng)).txs);
  const id = rng.pick(ctx.world.collectibleIds);
  const owner = await readAddress(ctx.evm, c.collectible, erc721.ownerOf(id));
  const holder = ctx.users.find((u) => u.eth.toLowerCase() === owner);
  const [a, b] = twoUsers(ctx, rng);
  if (owner === c.router.toLowerCase()) {
    // The router holds it: the router transfers it out (a contract-initiated safe transfer).
    txs.push(ref(await ctx.evm.send(a, { to: c.router, data: router.releaseNft(c.collectible, id, b.eth) }), `router releases FPNG #${id}`));
    return { txs, detail: `router → ${b.name}` };
  }
  if (!holder) {
    ctx.world.collectibleIds = ctx.world.collectibleIds.filter((x) => x !== id);
    return { txs, skipped: true, detail: `FPNG #${id} is not held by a user` };
  }
  const to = holder === a ? b : a;
  const kind = rng.int(0, 9);
  if (kind < 2) {
    txs.push(ref(await ctx.evm.send(holder, { to: c.collectible, data: erc721.safeTransferFrom(holder.eth, c.router, id) }), `safeTransfer FPNG #${id} to router`));
  } else if (kind < 4) {
    // Approve another user, who then moves it.
    txs.push(ref(await ctx.evm.send(holder, { to: c.collectible, data: erc721.approve(to.eth, id) }), `approve FPNG #${id}`));
    txs.push(ref(await ctx.evm.send(to, { to: c.collectible, data: erc721.transferFrom(holder.eth, to.eth, id) }), `transferFrom FPNG #${id}`));
  } else if (kind < 5) {
    txs.push(ref(await ctx.evm.send(holder, { to: c.collectible, data: erc721.burn(id) }), `burn FPNG #${id}`));
    ctx.world.collectibleIds = ctx.world.collectibleIds.filter((x) => x !== id);
  } else {
    txs.push(ref(await ctx.evm.send(holder, { to: c.collectible, data: erc721.safeTransferFrom(holder.eth, to.eth, id) }), `safeTransfer FPNG #${id}`));
  }
  return { txs, detail: `#${id} from ${holder.name}` };
};

const erc1155Mint: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const user = rng.pick(ctx.users);
  let tx: SentTx;
  if (rng.chance(0.3)) {
    const ids = rng.sample(Array.from({ length: MULTI_TOKEN_IDS }, (_, i) => BigInt(i + 1)), rng.int(2, 4)).sort((x, y) => (x < y ? -1 : 1));
    tx = await ctx.evm.send(user, { to: c.multiToken, data: erc1155.mintBatch(user.eth, ids, ids.map(() => BigInt(rng.int(1, 50)))) });
    if (tx.ok) for (const id of ids) if (!ctx.world.multiTokenIds.includes(id)) ctx.world.multiTokenIds.push(id);
  } else {
    const id = BigInt(rng.int(1, MULTI_TOKEN_IDS));
    tx = await ctx.evm.send(user, { to: c.multiToken, data: erc1155.mint(user.eth, id, BigInt(rng.int(1, 100))) });
    if (tx.ok && !ctx.world.multiTokenIds.includes(id)) ctx.world.multiTokenIds.push(id);
  }
  return { txs: [ref(tx, 'mint items')], detail: user.name };
};

const erc1155Transfer: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const txs: TxRef[] = [];
  const [from, other] = twoUsers(ctx, rng);
  const to = rng.chance(0.15) ? c.router : other.eth;
  const candidates = rng.sample(ctx.world.multiTokenIds, 4);
  const held: { id: bigint; amount: bigint }[] = [];
  for (const id of candidates) {
    const amount = await readUint(ctx.evm, c.multiToken, erc1155.balanceOf(from.eth, id));
    if (amount > 0n) held.push({ id, amount });
  }
  if (held.length === 0) {
    const id = BigInt(rng.int(1, MULTI_TOKEN_IDS));
    const amount = BigInt(rng.int(5, 60));
    txs.push(ref(await ctx.evm.send(from, { to: c.multiToken, data: erc1155.mint(from.eth, id, amount) }), 'mint items'));
    if (!ctx.world.multiTokenIds.includes(id)) ctx.world.multiTokenIds.push(id);
    held.push({ id, amount });
  }
  if (held.length > 1 && rng.chance(0.4)) {
    const ids = held.map((h) => h.id);
    const values = held.map((h) => rng.bigint(1n, h.amount));
    txs.push(ref(await ctx.evm.send(from, { to: c.multiToken, data: erc1155.safeBatchTransferFrom(from.eth, to, ids, values) }), 'batch transfer items'));
  } else {
    const h = rng.pick(held);
    txs.push(ref(await ctx.evm.send(from, { to: c.multiToken, data: erc1155.safeTransferFrom(from.eth, to, h.id, rng.bigint(1n, h.amount)) }), 'transfer items'));
  }
  return { txs, detail: `${from.name} → ${to === c.router ? 'router' : other.name}` };
};

const TOKEN_WORDS = ['Avalanche', 'Summit', 'Glacier', 'Powder', 'Crevasse', 'Serac', 'Cornice', 'Moraine', 'Firn', 'Icefall'];

const factoryCreate: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const user = rng.pick(ctx.users);
  const word = rng.pick(TOKEN_WORDS);
  const n = rng.int(1, 999);
  const name = `${word} ${n}`;
  const symbol = `${word.slice(0, 3).toUpperCase()}${n}`;
  const supply = BigInt(rng.int(1_000, 1_000_000)) * 10n ** 18n;
  let tx: SentTx;
  if (rng.chance(0.5)) {
    const salt = bytesToHex(rng.bytes(32)) as Hex;
    tx = await ctx.evm.send(user, { to: c.factory, data: factory.create2(salt, name, symbol, supply) });
    if (tx.ok) ctx.world.usedSalts.push({ salt, name, symbol, supply });
  } else {
    tx = await ctx.evm.send(user, { to: c.factory, data: factory.create(name, symbol, supply) });
  }
  // TokenCreated(address indexed creator, address indexed token, bytes32 salt, bool deterministic)
  const created = tx.receipt.logs.find((l) => l.address.toLowerCase() === c.factory.toLowerCase() && l.topics.length === 3);
  if (tx.ok && created) c.tokens.push({ address: `0x${created.topics[2]!.slice(26)}` as Hex, symbol, decimals: 18 });
  return { txs: [ref(tx, `factory creates ${symbol}`)], detail: `${user.name} creates ${symbol}` };
};

const split: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const [payer, ...others] = rng.shuffle(ctx.users);
  const to = others.slice(0, rng.int(2, Math.max(2, Math.min(6, others.length)))).map((u) => u.eth);
  if (rng.chance(0.3)) to.push(freshAddress(rng));
  const value = rng.bigint(WEI_PER_AVAX / 100n, 3n * WEI_PER_AVAX);
  const tx = await ctx.evm.send(payer!, { to: c.router, data: router.split(to), value });
  return { txs: [ref(tx, 'split AVAX')], detail: `${payer!.name} splits among ${to.length}` };
};

const REASONS = ['slippage too high', 'order expired', 'paused for maintenance', 'not whitelisted', 'cooldown active'];

/** Transactions that fail on chain, each in a different way real contracts fail. */
const revert: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const [user, other] = twoUsers(ctx, rng);
  const token = rng.pick(c.tokens);
  const gas = 300_000n;
  const variants: [string, () => Promise<SentTx>][] = [
    ['revert with a reason', () => ctx.evm.send(user, { to: c.router, data: router.fail(rng.pick(REASONS)), gas })],
    ['custom error', () => ctx.evm.send(user, { to: c.router, data: router.failWithCode(BigInt(rng.int(1, 999))), gas })],
    ['panic: division by zero', () => ctx.evm.send(user, { to: c.router, data: router.divide(BigInt(rng.int(1, 1e6)), 0n), gas })],
    ['transfer exceeds balance', async () => {
      const have = await balanceOf(ctx, token.address, user.eth);
      return ctx.evm.send(user, { to: token.address, data: erc20.transfer(other.eth, have + tokenAmount(rng, token, 100)), gas });
    }],
    ['transferFrom without allowance', async () => {
      const allowed = await readUint(ctx.evm, token.address, erc20.allowance(other.eth, user.eth));
      const amount = allowed < MAX_UINT256 ? allowed + 1n : 0n;
      if (amount === 0n) return ctx.evm.send(user, { to: token.address, data: erc20.transfer('0x0000000000000000000000000000000000000000', 1n), gas });
      return ctx.evm.send(user, { to: token.address, data: erc20.transferFrom(other.eth, user.eth, amount), gas });
    }],
    ['swap without allowance (nested revert)', async () => {
      const [a, b] = c.tokens;
      const allowed = await readUint(ctx.evm, a!.address, erc20.allowance(user.eth, c.router));
      // With an unlimited allowance, the swap fails in the router instead (same token in and out).
      const data = allowed < MAX_UINT256 ? router.swap(a!.address, b!.address, allowed + 1n) : router.swap(a!.address, a!.address, 1n);
      return ctx.evm.send(user, { to: c.router, data, gas });
    }],
    ['mint above the faucet limit (custom error)', () => ctx.evm.send(user, { to: token.address, data: erc20.mint(user.eth, MAX_UINT256 / 2n), gas })],
    ['NFT transfer by a non-owner', async () => {
      const id = ctx.world.collectibleIds.length > 0 ? rng.pick(ctx.world.collectibleIds) : 999_999n;
      return ctx.evm.send(user, { to: c.collectible, data: erc721.transferFrom(other.eth, user.eth, id), gas });
    }],
    ['out of gas', () => ctx.evm.send(user, { to: c.collectible, data: erc721.mint(user.eth), gas: 30_000n })],
  ];
  if (ctx.world.usedSalts.length > 0) {
    const used = rng.pick(ctx.world.usedSalts);
    variants.push(['CREATE2 salt reused', () => ctx.evm.send(user, { to: c.factory, data: factory.create2(used.salt, used.name, used.symbol, used.supply), gas: 3_000_000n })]);
  }
  const [what, send] = rng.pick(variants);
  const tx = await send();
  return { txs: [ref(tx, `revert: ${what}`)], detail: what };
};

/** A call whose inner call reverts and is caught: the tx succeeds and records the failure. */
const tryCall: Action = async (ctx, rng) => {
  const c = contracts(ctx);
  const user = rng.pick(ctx.users);
  const token = rng.pick(c.tokens);
  const [target, inner] = rng.chance(0.7) ? [token.address, erc20.transfer(user.eth, MAX_UINT256 / 3n)] : [c.router, router.fail(rng.pick(REASONS))];
  const tx = await ctx.evm.send(user, { to: c.router, data: router.tryCall(target, inner), gas: 200_000n });
  return { txs: [ref(tx, 'tryCall with a caught revert')], detail: user.name };
};

export const C_ACTIONS = {
  'c.transfer': transfer,
  'c.erc20.transfer': erc20Transfer,
  'c.erc20.approve': erc20Approve,
  'c.erc20.swap': swap,
  'c.erc20.multisend': multiSend,
  'c.erc721.mint': erc721Mint,
  'c.erc721.transfer': erc721Transfer,
  'c.erc1155.mint': erc1155Mint,
  'c.erc1155.transfer': erc1155Transfer,
  'c.factory.create': factoryCreate,
  'c.split': split,
  'c.revert': revert,
  'c.trycall': tryCall,
} satisfies Record<string, Action>;

export type { ActionResult };
