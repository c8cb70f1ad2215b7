import { ConfigError, type OptionSpec } from './options.js';

/** `--profile`: the devnet's developer-friendly parameters, or mainnet's for anyone testing fee or timing behaviour. */
export type NodeProfile = 'devnet' | 'mainnet-like';

/**
 * P-chain parameters a user may set (each unset one comes from the profile). Stakes and prices in nAVAX,
 * durations in seconds, the uptime requirement as a fraction.
 */
export interface PlatformParams {
  profile: NodeProfile;
  minValidatorStake?: bigint;
  maxValidatorStake?: bigint;
  minDelegatorStake?: bigint;
  minStakeDuration?: bigint;
  uptimeRequirement?: number;
  l1ValidatorFee: { minPrice?: bigint; target?: bigint; capacity?: bigint };
}

const wholeNumber = (text: string): string | undefined => (text === '' || /^\d{1,30}$/.test(text) ? undefined : 'must be a whole number');

export const PLATFORM_OPTIONS: OptionSpec[] = [
  { name: 'profile', type: 'string', default: 'devnet', help: 'parameter set: devnet (small stakes, 60 s minimum stake, fees at their floor) or mainnet-like (mainnet staking limits and L1 validator fees)', check: (v: string) => (v === 'devnet' || v === 'mainnet-like' ? undefined : 'must be devnet or mainnet-like') },
  { name: 'min-validator-stake', type: 'string', default: '', help: 'P-chain: smallest primary-network validator stake, nAVAX (default: the profile\'s)', check: wholeNumber },
  { name: 'max-validator-stake', type: 'string', default: '', help: 'P-chain: largest validator weight, nAVAX (default: the profile\'s)', check: wholeNumber },
  { name: 'min-delegator-stake', type: 'string', default: '', help: 'P-chain: smallest delegation, nAVAX (default: the profile\'s)', check: wholeNumber },
  { name: 'min-stake-duration', type: 'string', default: '', help: 'P-chain: shortest staking period, seconds (default: the profile\'s; devnet 60, mainnet-like 1,209,600)', check: (v: string) => (v === '' || /^\d{1,12}$/.test(v) ? undefined : 'must be whole seconds') },
  { name: 'uptime-requirement', type: 'string', default: '', help: 'P-chain: share of its staking period a validator must be up to be rewarded, 0..1 (default 0.8)', check: (v: string) => (v === '' || (/^(0(\.\d+)?|1(\.0+)?)$/.test(v)) ? undefined : 'must be a number from 0 to 1') },
  { name: 'l1-validator-fee-min-price', type: 'string', default: '', help: 'ACP-77 continuous fee: price per L1 validator per second at or below the target, nAVAX (devnet 1, mainnet-like 512)', check: wholeNumber },
  { name: 'l1-validator-fee-target', type: 'string', default: '', help: 'ACP-77 continuous fee: active L1 validators above which the price rises (default 10,000)', check: wholeNumber },
  { name: 'l1-validator-fee-capacity', type: 'string', default: '', help: 'ACP-77 continuous fee: most active L1 validators (default 20,000)', check: wholeNumber },
];

const big = (v: unknown): bigint | undefined => (v === '' || v === undefined ? undefined : BigInt(v as string));

/** The P-chain parameters from resolved option values. */
export function platformParamsFrom(v: Record<string, unknown>): PlatformParams {
  const params: PlatformParams = {
    profile: v['profile'] as NodeProfile,
    l1ValidatorFee: {},
  };
  const set = <K extends keyof PlatformParams>(key: K, value: PlatformParams[K] | undefined) => {
    if (value !== undefined) params[key] = value;
  };
  set('minValidatorStake', big(v['min-validator-stake']));
  set('maxValidatorStake', big(v['max-validator-stake']));
  set('minDelegatorStake', big(v['min-delegator-stake']));
  set('minStakeDuration', big(v['min-stake-duration']));
  if (v['uptime-requirement'] !== '' && v['uptime-requirement'] !== undefined) params.uptimeRequirement = Number(v['uptime-requirement']);
  const fee = { minPrice: big(v['l1-validator-fee-min-price']), target: big(v['l1-validator-fee-target']), capacity: big(v['l1-validator-fee-capacity']) };
  for (const [k, value] of Object.entries(fee)) if (value !== undefined) params.l1ValidatorFee[k as keyof typeof fee] = value;
  const { minValidatorStake: min, maxValidatorStake: max } = params;
  if (min !== undefined && max !== undefined && min > max) throw new ConfigError('--min-validator-stake must not exceed --max-validator-stake');
  const { target, capacity } = params.l1ValidatorFee;
  if (target !== undefined && capacity !== undefined && target > capacity) throw new ConfigError('--l1-validator-fee-target must not exceed --l1-validator-fee-capacity');
  return params;
}
