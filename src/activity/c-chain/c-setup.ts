import type { ActivityContext, Contracts, TokenInfo, TxRef } from '../context.js';
import { WEI_PER_AVAX } from '../context.js';
import type { Actor } from '../keys.js';
import { deploy, deployData, erc20 } from './contracts.js';

/** Each user is topped up to FUND when it holds less than LOW. */
const FUND = 1_000n * WEI_PER_AVAX;
const LOW = 100n * WEI_PER_AVAX;

/** Gives every user C-chain AVAX from the dev accounts, or from ewoq once a dev account runs low. */
export async function fundCUsers(ctx: ActivityContext): Promise<TxRef[]> {
  const txs: TxRef[] = [];
  const devs = ctx.funded.dev;
  for (const [i, user] of ctx.users.entries()) {
    const balance = await ctx.evm.balance(user.eth);
    if (balance >= LOW) continue;
    const dev: Actor | undefined = devs[i % Math.max(1, devs.length)];
    const bank = dev && (await ctx.evm.balance(dev.eth)) > 2n * FUND ? dev : ctx.funded.ewoq;
    const tx = await ctx.evm.send(bank, { to: user.eth, value: FUND - balance, gas: 21_000n });
    txs.push({ chain: 'C', id: tx.hash, what: `fund ${user.name}`, ok: tx.ok });
  }
  return txs;
}

/**
 * Deploys the generator's contracts from different users, hands each user some of both tokens and gives the
 * router reserves of both, so swaps have liquidity.
 */
export async function deployContracts(ctx: ActivityContext): Promise<{ contracts: Contracts; txs: TxRef[] }> {
  const u = (i: number) => ctx.users[i % ctx.users.length]!;
  const txs: TxRef[] = [];
  const step = async (what: string, from: Actor, data: `0x${string}`) => {
    const { address, tx } = await deploy(ctx.evm, from, data);
    txs.push({ chain: 'C', id: tx.hash, what, ok: tx.ok });
    return address;
  };
  const tokens: TokenInfo[] = [
    { address: await step('deploy FUSD', u(0), deployData.token('Firn USD', 'FUSD', 6, 10n ** 13n)), symbol: 'FUSD', decimals: 6 },
    { address: await step('deploy GLCR', u(1), deployData.token('Glacier Token', 'GLCR', 18, 5n * 10n ** 24n)), symbol: 'GLCR', decimals: 18 },
  ];
  const contracts: Contracts = {
    tokens,
    collectible: await step('deploy collectible', u(2), deployData.collectible('Firn Penguins', 'FPNG')),
    multiToken: await step('deploy multi-token', u(3), deployData.multiToken('ipfs://firn-activity/items/{id}.json')),
    factory: await step('deploy factory', u(4), deployData.factory()),
    router: await step('deploy router', u(5), deployData.router()),
  };
  for (const [t, token] of tokens.entries()) {
    const owner = u(t);
    const unit = 10n ** BigInt(token.decimals);
    for (const user of ctx.users) {
      if (user === owner) continue;
      const tx = await ctx.evm.send(owner, { to: token.address, data: erc20.transfer(user.eth, 10_000n * unit) });
      txs.push({ chain: 'C', id: tx.hash, what: `${token.symbol} to ${user.name}`, ok: tx.ok });
    }
    const tx = await ctx.evm.send(owner, { to: token.address, data: erc20.mint(contracts.router, 1_000_000n * unit) });
    txs.push({ chain: 'C', id: tx.hash, what: `${token.symbol} reserve for the router`, ok: tx.ok });
  }
  return { contracts, txs };
}
