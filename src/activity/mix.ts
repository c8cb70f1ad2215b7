import { Prng } from './prng.js';

/** Every kind of action the generator takes, by chain group. */
export const ACTION_KINDS = {
  c: [
    'c.transfer', 'c.erc20.transfer', 'c.erc20.approve', 'c.erc20.swap', 'c.erc20.multisend', 'c.erc721.mint',
    'c.erc721.transfer', 'c.erc1155.mint', 'c.erc1155.transfer', 'c.factory.create', 'c.split', 'c.revert', 'c.trycall',
  ],
  p: ['p.transfer', 'p.validator', 'p.delegator', 'p.subnet', 'p.chain', 'p.subnet-validator', 'p.subnet-owner'],
  x: ['x.transfer', 'x.asset', 'x.asset-mint', 'x.asset-transfer', 'x.nft-family', 'x.nft-mint', 'x.nft-transfer'],
  atomic: ['atomic.x-p', 'atomic.p-x', 'atomic.x-c', 'atomic.c-x', 'atomic.p-c', 'atomic.c-p'],
} as const;

export type ActionGroup = keyof typeof ACTION_KINDS;
export type ActionKind = (typeof ACTION_KINDS)[ActionGroup][number];

export const ALL_KINDS: readonly ActionKind[] = Object.values(ACTION_KINDS).flat();

/** Relative frequencies: most traffic is plain C-chain use, then X/P transfers; staking and subnets are rarer. */
export const DEFAULT_WEIGHTS: Readonly<Record<ActionKind, number>> = {
  'c.transfer': 10, 'c.erc20.transfer': 8, 'c.erc20.approve': 2, 'c.erc20.swap': 3, 'c.erc20.multisend': 2,
  'c.erc721.mint': 3, 'c.erc721.transfer': 3, 'c.erc1155.mint': 2, 'c.erc1155.transfer': 3, 'c.factory.create': 1,
  'c.split': 2, 'c.revert': 2, 'c.trycall': 1,
  'p.transfer': 3, 'p.validator': 1, 'p.delegator': 2, 'p.subnet': 0.5, 'p.chain': 0.5, 'p.subnet-validator': 1, 'p.subnet-owner': 0.3,
  'x.transfer': 5, 'x.asset': 0.7, 'x.asset-mint': 0.7, 'x.asset-transfer': 2, 'x.nft-family': 0.5, 'x.nft-mint': 1, 'x.nft-transfer': 1,
  'atomic.x-p': 1, 'atomic.p-x': 1, 'atomic.x-c': 1, 'atomic.c-x': 1, 'atomic.p-c': 0.7, 'atomic.c-p': 0.7,
};

/** Weights by kind name or by group (`c`, `p`, `x`, `atomic`: a factor on that group's default weights). */
export type MixOverrides = Partial<Record<ActionKind | ActionGroup, number>>;

const isGroup = (k: string): k is ActionGroup => k in ACTION_KINDS;
const isKind = (k: string): k is ActionKind => (ALL_KINDS as readonly string[]).includes(k);

/** The weight of every kind: an explicit kind weight, else its default times its group's factor (default 1). */
export function resolveWeights(overrides: MixOverrides = {}): Record<ActionKind, number> {
  for (const [k, v] of Object.entries(overrides)) {
    if (!isGroup(k) && !isKind(k)) throw new Error(`unknown activity kind or group "${k}" (groups: ${Object.keys(ACTION_KINDS).join(', ')})`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`activity weight of ${k} must be a number ≥ 0`);
  }
  const out = {} as Record<ActionKind, number>;
  for (const [group, kinds] of Object.entries(ACTION_KINDS) as [ActionGroup, readonly ActionKind[]][]) {
    const factor = overrides[group] ?? 1;
    for (const kind of kinds) out[kind] = overrides[kind] ?? DEFAULT_WEIGHTS[kind] * factor;
  }
  if (!Object.values(out).some((w) => w > 0)) throw new Error('the activity mix has no kind with a positive weight');
  return out;
}

/** Parses `c=2,p.validator=0.5,atomic=0` (the CLI's --activity-mix). */
export function parseMix(text: string): MixOverrides {
  const out: Record<string, number> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9.-]+)\s*=\s*([0-9]*\.?[0-9]+)$/.exec(part);
    if (!m) throw new Error(`invalid activity mix entry "${part}" (expected kind=weight)`);
    out[m[1]!] = Number(m[2]);
  }
  resolveWeights(out as MixOverrides);
  return out as MixOverrides;
}

/**
 * The sequence of action kinds for a seed: first a tour of every kind with a positive weight (in a seeded
 * order, so a short run already touches every chain and feature), then weighted draws. It depends only on the
 * seed and the weights, never on what happened on chain.
 */
export function* planKinds(seed: string, weights: Readonly<Record<ActionKind, number>>): Generator<ActionKind> {
  const rng = Prng.from(seed).fork('plan');
  const entries = ALL_KINDS.map((k) => [k, weights[k]] as const);
  yield* rng.shuffle(entries.filter(([, w]) => w > 0).map(([k]) => k));
  for (;;) yield rng.weighted(entries);
}

/** The first `count` kinds of planKinds. */
export function firstKinds(seed: string, weights: Readonly<Record<ActionKind, number>>, count: number): ActionKind[] {
  const out: ActionKind[] = [];
  if (count <= 0) return out;
  for (const k of planKinds(seed, weights)) {
    out.push(k);
    if (out.length >= count) break;
  }
  return out;
}
