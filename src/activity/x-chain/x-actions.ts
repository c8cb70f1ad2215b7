import { idFromString } from '../../lib/cb58.js';
import type { Action, ActivityContext, TxRef } from '../context.js';
import { NANO_AVAX } from '../context.js';
import type { Actor } from '../keys.js';
import type { Prng } from '../prng.js';
import { FX_INDEX, type InitialOutput, type XUtxo } from './avm-codec.js';
import { assetIdOf, ownedBy } from './x-wallet.js';

const MEMOS = ['rent', 'coffee', 'thanks!', 'invoice 2291', 'gm', 'payroll', 'refund', 'split dinner', ''];
const ASSET_WORDS = ['Summit', 'Ridge', 'Alpine', 'Glacier', 'Tundra', 'Boreal', 'Nordic', 'Polar', 'Frost', 'Snowcap'];
const NFT_THEMES = ['Penguin', 'Ice Crystal', 'Snowflake', 'Aurora', 'Mountain Pass', 'Sled'];

const xRef = (id: string, what: string): TxRef => ({ chain: 'X', id, what });

function recipients(ctx: ActivityContext, rng: Prng, from: Actor, max: number): Uint8Array[] {
  const others = ctx.users.filter((u) => u !== from);
  const n = rng.int(1, max);
  return Array.from({ length: n }, () => (rng.chance(0.15) ? rng.bytes(20) : rng.pick(others).shortId));
}

const transfer: Action = async (ctx, rng) => {
  const from = rng.chance(0.1) ? ctx.funded.ewoq : rng.pick(ctx.users);
  const outs = recipients(ctx, rng, from, 3).map((to) => ({ amount: rng.bigint(NANO_AVAX / 100n, 20n * NANO_AVAX), to: [to] }));
  const memo = rng.pick(MEMOS);
  const id = await ctx.x.send(from, outs, memo || undefined);
  return { txs: [xRef(id, 'transfer')], detail: `${from.name} → ${outs.length} outputs` };
};

async function createFungible(ctx: ActivityContext, rng: Prng): Promise<{ txs: TxRef[]; assetId: string; creator: Actor }> {
  const creator = rng.pick(ctx.users);
  const word = rng.pick(ASSET_WORDS);
  const denomination = rng.pick([0, 2, 6, 9]);
  const supply = BigInt(rng.int(1_000, 10_000_000)) * 10n ** BigInt(denomination);
  const outs: InitialOutput[] = [{ kind: 'secp-transfer', amount: supply, owners: ownedBy(creator) }];
  if (rng.chance(0.8)) outs.push({ kind: 'secp-mint', owners: ownedBy(creator) });
  const assetId = await ctx.x.createAsset(creator, {
    name: `${word} ${rng.pick(['Credits', 'Points', 'Shares', 'Coin', 'Token'])} ${rng.int(1, 99)}`,
    symbol: `${word.slice(0, 3).toUpperCase()}${String.fromCharCode(65 + rng.below(26))}`,
    denomination,
    states: [{ fxIndex: FX_INDEX.secp256k1fx, outs }],
  });
  if (outs.length > 1) ctx.world.xAssets.push({ id: assetId, minter: creator, denomination });
  return { txs: [xRef(assetId, 'create asset')], assetId, creator };
}

const asset: Action = async (ctx, rng) => {
  const { txs, creator } = await createFungible(ctx, rng);
  return { txs, detail: `${creator.name} creates an asset` };
};

const assetMint: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  if (ctx.world.xAssets.length === 0) txs.push(...(await createFungible(ctx, rng)).txs);
  if (ctx.world.xAssets.length === 0) return { txs, detail: 'created an asset without a mint right' };
  const a = rng.pick(ctx.world.xAssets);
  const w = ctx.x;
  const mintUtxo = (await w.utxos(a.minter)).find((u) => assetIdOf(u) === a.id && u.out.kind === 'secp-mint');
  const sig = mintUtxo && w.canSpend(mintUtxo, a.minter);
  if (!mintUtxo || sig === undefined) return { txs, skipped: true, detail: `no mint output for ${a.id}` };
  const to = rng.pick(ctx.users);
  const amount = BigInt(rng.int(1, 100_000)) * 10n ** BigInt(a.denomination);
  const id = await w.operate(a.minter, [{ kind: 'secp-mint', assetId: idFromString(a.id), utxo: mintUtxo, sigIndices: [sig], mintOwners: ownedBy(a.minter), amount, to: ownedBy(to) }]);
  txs.push(xRef(id, 'mint asset'));
  return { txs, detail: `${a.minter.name} mints to ${to.name}` };
};

/** A user's spendable outputs matching `pick`, looking at users in a seeded order. */
async function findHeld(ctx: ActivityContext, rng: Prng, pick: (u: XUtxo) => boolean): Promise<{ holder: Actor; utxos: XUtxo[] } | undefined> {
  const w = ctx.x;
  for (const holder of rng.shuffle(ctx.users)) {
    const utxos = (await w.utxos(holder)).filter((u) => pick(u) && w.canSpend(u, holder) !== undefined);
    if (utxos.length > 0) return { holder, utxos };
  }
  return undefined;
}

const avaxOf = (ctx: ActivityContext) => ctx.net.avaxAssetId;

const assetTransfer: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  let held = await findHeld(ctx, rng, (u) => u.out.kind === 'secp-transfer' && assetIdOf(u) !== avaxOf(ctx));
  if (!held) {
    txs.push(...(await createFungible(ctx, rng)).txs);
    held = await findHeld(ctx, rng, (u) => u.out.kind === 'secp-transfer' && assetIdOf(u) !== avaxOf(ctx));
    if (!held) return { txs, skipped: true, detail: 'no asset balance' };
  }
  const u = rng.pick(held.utxos);
  const amount = u.out.kind === 'secp-transfer' ? rng.bigint(1n, u.out.amount > 1n ? u.out.amount / 2n : 1n) : 1n;
  const id = await ctx.x.send(held.holder, recipients(ctx, rng, held.holder, 2).map((to) => ({ assetId: assetIdOf(u), amount, to: [to] })));
  txs.push(xRef(id, 'transfer asset'));
  return { txs, detail: `${held.holder.name} sends ${assetIdOf(u)}` };
};

async function createFamily(ctx: ActivityContext, rng: Prng): Promise<TxRef[]> {
  const creator = rng.pick(ctx.users);
  const theme = rng.pick(NFT_THEMES);
  const groups = rng.int(2, 6);
  const outs: InitialOutput[] = Array.from({ length: groups }, (_, g) => ({ kind: 'nft-mint', groupId: g, owners: ownedBy(creator) }));
  const id = await ctx.x.createAsset(creator, {
    name: `${theme} Collection ${rng.int(1, 999)}`,
    symbol: theme.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase(),
    denomination: 0,
    states: [{ fxIndex: FX_INDEX.nftfx, outs }],
  });
  ctx.world.nftFamilies.push({ id, creator });
  return [xRef(id, 'create NFT family')];
}

const nftFamily: Action = async (ctx, rng) => ({ txs: await createFamily(ctx, rng), detail: 'NFT family' });

async function mintNft(ctx: ActivityContext, rng: Prng): Promise<TxRef[]> {
  const w = ctx.x;
  const txs: TxRef[] = [];
  let found: { creator: Actor; utxo: XUtxo } | undefined;
  for (let attempt = 0; attempt < 2 && !found; attempt++) {
    for (const f of rng.shuffle(ctx.world.nftFamilies)) {
      const utxo = (await w.utxos(f.creator)).find((u) => assetIdOf(u) === f.id && u.out.kind === 'nft-mint');
      if (utxo) {
        found = { creator: f.creator, utxo };
        break;
      }
    }
    if (!found) txs.push(...(await createFamily(ctx, rng)));
  }
  const out = found?.utxo.out;
  if (!found || out?.kind !== 'nft-mint') throw new Error('no NFT mint output after creating a family');
  const { creator, utxo } = found;
  const sig = w.canSpend(utxo, creator)!;
  const owners = Array.from({ length: rng.int(1, 3) }, () => ownedBy(rng.pick(ctx.users)));
  const payload = new TextEncoder().encode(JSON.stringify({ name: `#${rng.int(1, 9999)}`, image: `ipfs://firn-activity/${rng.int(1, 1e6)}.png` }));
  const id = await w.operate(creator, [{ kind: 'nft-mint', assetId: utxo.assetId, utxo, sigIndices: [sig], groupId: out.groupId, payload, to: owners }]);
  txs.push(xRef(id, 'mint NFTs'));
  return txs;
}

const nftMint: Action = async (ctx, rng) => ({ txs: await mintNft(ctx, rng), detail: 'NFT mint' });

const nftTransfer: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  let held = await findHeld(ctx, rng, (u) => u.out.kind === 'nft-transfer');
  if (!held) {
    txs.push(...(await mintNft(ctx, rng)));
    held = await findHeld(ctx, rng, (u) => u.out.kind === 'nft-transfer');
    if (!held) return { txs, skipped: true, detail: 'no NFT held' };
  }
  const utxo = rng.pick(held.utxos);
  if (utxo.out.kind !== 'nft-transfer') throw new Error('not an NFT');
  const w = ctx.x;
  const to = rng.pick(ctx.users.filter((u) => u !== held.holder));
  const id = await w.operate(held.holder, [{
    kind: 'nft-transfer', assetId: utxo.assetId, utxo, sigIndices: [w.canSpend(utxo, held.holder)!], groupId: utxo.out.groupId, payload: utxo.out.payload, to: ownedBy(to ?? held.holder),
  }]);
  txs.push(xRef(id, 'transfer NFT'));
  return { txs, detail: `${held.holder.name} → ${to?.name}` };
};

export const X_ACTIONS = {
  'x.transfer': transfer,
  'x.asset': asset,
  'x.asset-mint': assetMint,
  'x.asset-transfer': assetTransfer,
  'x.nft-family': nftFamily,
  'x.nft-mint': nftMint,
  'x.nft-transfer': nftTransfer,
} satisfies Record<string, Action>;
