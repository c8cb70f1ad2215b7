import type { Queryable } from '../../../../store/database/database.js';
import { activeStakeBySubnet } from '../../../../store/queries/primary-api/active-stake.js';
import type { StakingLimits, Validator, ValidatorCursor } from '../../../../store/queries/primary/validators.js';
import { validatorWire, type ValidatorWire } from '../wire/validator.js';

/** AvalancheGo's staking limits (mainnet and Fuji; Firn's devnet uses the same): 3,000,000 AVAX, 5 × own stake. */
export const STAKING_LIMITS: StakingLimits = { maxValidatorStake: 3_000_000n * 1_000_000_000n, maxValidatorWeightFactor: 5n };

/** Validator page tokens: [block height, position, sort value?]. */
export type ValidatorCursorWire = [string, number] | [string, number, string];

export function validatorCursorToWire(c: ValidatorCursor): ValidatorCursorWire {
  return c.sortValue === undefined ? [c.blockHeight.toString(), c.txIndex] : [c.blockHeight.toString(), c.txIndex, c.sortValue];
}

export function validatorCursorFromWire(w: ValidatorCursorWire): ValidatorCursor {
  return { blockHeight: BigInt(w[0]), txIndex: w[1], ...(w[2] !== undefined ? { sortValue: w[2] } : {}) };
}

/** The current time in seconds by the context's clock. */
export function nowSeconds(now: () => number): bigint {
  return BigInt(Math.floor(now() / 1000));
}

/** Validators in their status shapes; stake percentages against each subnet's weight staking now. */
export async function validatorWires(db: Queryable, chain: number, now: bigint, hrp: string, items: readonly Validator[]): Promise<ValidatorWire[]> {
  const subnets = new Map(items.filter((v) => v.status === 'active').map((v) => [Buffer.from(v.subnetId).toString('hex'), v.subnetId]));
  const activeStake = await activeStakeBySubnet(db, chain, now, [...subnets.values()]);
  return items.map((v) => validatorWire(v, { hrp, activeStake }));
}
