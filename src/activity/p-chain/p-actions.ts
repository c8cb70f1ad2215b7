import { bls12_381 } from '@noble/curves/bls12-381.js';
import { idToString, nodeIdToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { ajs } from '../avalanchejs.js';
import type { Action, ActivityContext, OwnedSubnet, TxRef } from '../context.js';
import { NANO_AVAX } from '../context.js';
import type { Actor } from '../keys.js';
import type { Prng } from '../prng.js';
import type { PValidator } from './p-wallet.js';

const PRIMARY_NETWORK = idToString(new Uint8Array(32));
/** subnet-evm's VM id: most subnet chains run it. */
const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';
const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const CHAIN_WORDS = ['Frost', 'Summit', 'Avalanche', 'Glacier', 'Cornice', 'Serac', 'Couloir', 'Bergschrund'];
const CHAIN_KINDS = ['DEX', 'Games', 'Pay', 'Loyalty', 'Bridge', 'Social'];

const pRef = (id: string, what: string): TxRef => ({ chain: 'P', id, what });

/** A BLS key and proof of possession (AvalancheGo's signer.ProofOfPossession) from seeded bytes. */
export function blsSigner(secretSeed: Uint8Array): { publicKey: Uint8Array; signature: Uint8Array } {
  const secret = sha256(secretSeed);
  const sigs = bls12_381.longSignatures;
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  const signature = sigs.sign(sigs.hash(publicKey, BLS_POP_DST), secret).toBytes(true);
  return { publicKey, signature };
}

const avax = (n: number) => BigInt(Math.round(n * 1000)) * (NANO_AVAX / 1000n);
const between = (rng: Prng, [lo, hi]: [number, number]) => rng.int(lo, Math.max(lo, hi));

const transfer: Action = async (ctx, rng) => {
  const from = rng.chance(0.1) ? ctx.funded.ewoq : rng.pick(ctx.users);
  const others = ctx.users.filter((u) => u !== from);
  const now = BigInt(Math.floor(Date.now() / 1000));
  const outputs = Array.from({ length: rng.int(1, 3) }, () => {
    const to = rng.chance(0.15) ? rng.bytes(20) : rng.pick(others).shortId;
    // Now and then the output is locked for a while, as vesting transfers are.
    const locktime = rng.chance(0.1) ? now + BigInt(rng.int(600, 86_400)) : 0n;
    return ajs.TransferableOutput.fromNative(ctx.net.avaxAssetId, rng.bigint(NANO_AVAX / 10n, 25n * NANO_AVAX), [to], locktime);
  });
  const id = await ctx.p.issue(from, (c) => ajs.pvm.newBaseTx({ ...c, outputs }, ctx.ajsContext));
  return { txs: [pRef(id, 'transfer')], detail: `${from.name} → ${outputs.length} outputs` };
};

const validator: Action = async (ctx, rng) => {
  const user = rng.pick(ctx.users);
  const min = await ctx.p.minStake();
  const weight = min.validator + avax(rng.int(0, 40_000) / 1000);
  const now = await ctx.p.now();
  const duration = between(rng, ctx.staking.validator);
  const nodeId = nodeIdToString(rng.bytes(20));
  const { publicKey, signature } = blsSigner(rng.bytes(32));
  const rewardTo = rng.chance(0.7) ? user : rng.pick(ctx.users);
  const id = await ctx.p.issue(user, (c) =>
    ajs.pvm.newAddPermissionlessValidatorTx({
      ...c, nodeId, start: BigInt(now), end: BigInt(now + duration), weight, subnetId: PRIMARY_NETWORK,
      shares: rng.int(20_000, 100_000), rewardAddresses: [rewardTo.shortId], delegatorRewardsOwner: [user.shortId], publicKey, signature,
    }, ctx.ajsContext));
  ctx.world.validators.push({ nodeId, txId: id, end: now + duration });
  return { txs: [pRef(id, 'add validator')], detail: `${user.name} validates as ${nodeId} for ${duration} s` };
};

/** Validators that can take a delegation of at least `minWeight` for at least `minSeconds` more. */
function delegationRoom(v: PValidator, now: number, minSeconds: number): { room: bigint; until: number } | undefined {
  const until = Number(v.endTime);
  if (until - now < minSeconds + 15) return undefined;
  const own = BigInt(v.weight);
  const delegated = BigInt(v.delegatorWeight ?? '0');
  // A validator may carry up to 5× its own stake in total.
  return { room: own * 5n - own - delegated, until };
}

const delegator: Action = async (ctx, rng) => {
  const user = rng.pick(ctx.users);
  const min = await ctx.p.minStake();
  const now = await ctx.p.now();
  const [lo, hi] = ctx.staking.delegator;
  const all = await ctx.p.currentValidators();
  ctx.world.validators = ctx.world.validators.filter((v) => v.end > now);
  const ours = new Set(ctx.world.validators.map((v) => v.nodeId));
  const eligible = all
    .map((v) => ({ v, r: delegationRoom(v, now, lo) }))
    .filter((x): x is { v: PValidator; r: { room: bigint; until: number } } => x.r !== undefined && x.r.room >= min.delegator);
  if (eligible.length === 0) return { txs: [], skipped: true, detail: 'no validator can take a delegation now' };
  // Prefer the generator's own validators: their delegations split rewards with a delegation fee.
  const own = eligible.filter((x) => ours.has(x.v.nodeID));
  const { v, r } = own.length > 0 && rng.chance(0.6) ? rng.pick(own) : rng.pick(eligible);
  const cap = r.room < 25n * NANO_AVAX ? r.room : 25n * NANO_AVAX;
  const weight = rng.bigint(min.delegator, cap);
  const duration = Math.min(between(rng, [lo, hi]), r.until - now - 10);
  const id = await ctx.p.issue(user, (c) =>
    ajs.pvm.newAddPermissionlessDelegatorTx({
      ...c, nodeId: v.nodeID, start: BigInt(now), end: BigInt(now + duration), weight, subnetId: PRIMARY_NETWORK, rewardAddresses: [user.shortId],
    }, ctx.ajsContext));
  return { txs: [pRef(id, 'add delegator')], detail: `${user.name} delegates to ${v.nodeID} for ${duration} s` };
};

async function createSubnet(ctx: ActivityContext, rng: Prng): Promise<{ subnet: OwnedSubnet; txs: TxRef[] }> {
  const owner = rng.pick(ctx.users);
  const payer = rng.chance(0.8) ? owner : rng.pick(ctx.users);
  const id = await ctx.p.issue(payer, (c) => ajs.pvm.newCreateSubnetTx({ ...c, subnetOwners: [owner.shortId] }, ctx.ajsContext));
  const subnet = { id, owner, chains: [] };
  ctx.world.subnets.push(subnet);
  return { subnet, txs: [pRef(id, 'create subnet')] };
}

async function someSubnet(ctx: ActivityContext, rng: Prng, txs: TxRef[]): Promise<OwnedSubnet> {
  if (ctx.world.subnets.length > 0 && rng.chance(0.9)) return rng.pick(ctx.world.subnets);
  const { subnet, txs: created } = await createSubnet(ctx, rng);
  txs.push(...created);
  return subnet;
}

const subnet: Action = async (ctx, rng) => {
  const { subnet: s, txs } = await createSubnet(ctx, rng);
  return { txs, detail: `${s.owner.name} owns ${s.id}` };
};

const chain: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  const s = await someSubnet(ctx, rng, txs);
  const name = `${rng.pick(CHAIN_WORDS)}${rng.pick(CHAIN_KINDS)}${rng.int(1, 999)}`;
  const holder = rng.pick(ctx.users);
  const genesisData = {
    // A whole feeConfig (subnet-evm refuses one with nil fields: the chain would not launch), the C-chain-like one.
    config: {
      chainId: rng.int(10_000, 999_999),
      feeConfig: {
        gasLimit: 15_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000, baseFeeChangeDenominator: 36,
        minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000,
      },
    },
    alloc: { [holder.eth.slice(2).toLowerCase()]: { balance: '0x52b7d2dcc80cd2e4000000' } },
    gasLimit: '0xe4e1c0', difficulty: '0x0', timestamp: '0x0', nonce: '0x0',
  };
  const id = await ctx.p.issue(s.owner, (c) => ajs.pvm.newCreateChainTx({ ...c, subnetId: s.id, chainName: name, vmId: SUBNET_EVM_VM_ID, fxIds: [], genesisData, subnetAuth: [0] }, ctx.ajsContext), s.owner);
  s.chains.push(id);
  txs.push(pRef(id, `create chain ${name}`));
  return { txs, detail: `${name} on ${s.id}` };
};

const subnetValidator: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  const s = await someSubnet(ctx, rng, txs);
  const current = await ctx.p.currentValidators({ subnetID: s.id });
  if (current.length > 0 && rng.chance(0.35)) {
    const v = rng.pick(current);
    const id = await ctx.p.issue(s.owner, (c) => ajs.pvm.newRemoveSubnetValidatorTx({ ...c, nodeId: v.nodeID, subnetId: s.id, subnetAuth: [0] }, ctx.ajsContext), s.owner);
    txs.push(pRef(id, 'remove subnet validator'));
    return { txs, detail: `${v.nodeID} leaves ${s.id}` };
  }
  const now = await ctx.p.now();
  const taken = new Set(current.map((v) => v.nodeID));
  const duration = between(rng, ctx.staking.subnetValidator);
  // A subnet validator must validate the primary network for its whole period.
  const primaries = (await ctx.p.currentValidators()).filter((v) => !taken.has(v.nodeID) && Number(v.endTime) >= now + duration + 10);
  if (primaries.length === 0) return { txs, skipped: true, detail: 'no primary validator free to validate the subnet' };
  const v = rng.pick(primaries);
  const id = await ctx.p.issue(s.owner, (c) =>
    ajs.pvm.newAddSubnetValidatorTx({ ...c, nodeId: v.nodeID, start: BigInt(now), end: BigInt(now + duration), weight: BigInt(rng.int(1, 100)), subnetId: s.id, subnetAuth: [0] }, ctx.ajsContext), s.owner);
  txs.push(pRef(id, 'add subnet validator'));
  return { txs, detail: `${v.nodeID} validates ${s.id} for ${duration} s` };
};

const subnetOwner: Action = async (ctx, rng) => {
  const txs: TxRef[] = [];
  const s = await someSubnet(ctx, rng, txs);
  const next: Actor = rng.pick(ctx.users.filter((u) => u !== s.owner));
  const id = await ctx.p.issue(s.owner, (c) => ajs.pvm.newTransferSubnetOwnershipTx({ ...c, subnetId: s.id, subnetAuth: [0], subnetOwners: [next.shortId] }, ctx.ajsContext), s.owner);
  const from = s.owner;
  s.owner = next;
  txs.push(pRef(id, 'transfer subnet ownership'));
  return { txs, detail: `${s.id}: ${from.name} → ${next.name}` };
};

export const P_ACTIONS = {
  'p.transfer': transfer,
  'p.validator': validator,
  'p.delegator': delegator,
  'p.subnet': subnet,
  'p.chain': chain,
  'p.subnet-validator': subnetValidator,
  'p.subnet-owner': subnetOwner,
} satisfies Record<string, Action>;
