import type { PlatformParams } from '../../../config/platform-params.js';

/**
 * P-chain rules and parameters. The rules are AvalancheGo's (Etna, post-Durango); the numbers default to a
 * devnet profile: AvalancheGo's local-network values where they do not get in the way, and short staking
 * periods, small stakes and a large gas capacity where they would.
 */
export interface DynamicFeeConfig {
  /** Bandwidth, DB read, DB write, compute. */
  weights: [bigint, bigint, bigint, bigint];
  maxCapacity: bigint;
  maxPerSecond: bigint;
  targetPerSecond: bigint;
  minPrice: bigint;
  excessConversionConstant: bigint;
}

/** ACP-77 continuous fee for L1 validators (vms/platformvm/validators/fee.Config); prices in nAVAX per second. */
export interface ValidatorFeeConfig {
  /** Maximum number of active L1 validators. */
  capacity: bigint;
  target: bigint;
  minPrice: bigint;
  excessConversionConstant: bigint;
}

export interface RewardConfig {
  /** Parts per million (PercentDenominator = 1,000,000). */
  maxConsumptionRate: bigint;
  minConsumptionRate: bigint;
  /** Seconds. */
  mintingPeriod: bigint;
  supplyCap: bigint;
}

export interface PlatformConfig {
  fee: DynamicFeeConfig;
  minValidatorStake: bigint;
  maxValidatorStake: bigint;
  minDelegatorStake: bigint;
  /** Parts per million. */
  minDelegationFee: number;
  /** Seconds. */
  minStakeDuration: bigint;
  maxStakeDuration: bigint;
  /** Validators may be delegated up to this many times their own stake (incl. delegations). */
  maxValidatorWeightFactor: bigint;
  /** Fraction of the staking period a validator must be up to be rewarded (0.8 = 80%). */
  uptimeRequirement: number;
  reward: RewardConfig;
  validatorFee: ValidatorFeeConfig;
}

/** AvalancheGo genesis/genesis_local.go LocalParams. */
export const LOCAL_NETWORK_CONFIG: PlatformConfig = {
  fee: {
    weights: [1n, 1_000n, 1_000n, 4n],
    maxCapacity: 1_000_000n,
    maxPerSecond: 100_000n,
    targetPerSecond: 50_000n,
    minPrice: 1n,
    excessConversionConstant: 2_164_043n,
  },
  minValidatorStake: 2_000n * 1_000_000_000n,
  maxValidatorStake: 3_000_000n * 1_000_000_000n,
  minDelegatorStake: 25n * 1_000_000_000n,
  minDelegationFee: 20_000,
  minStakeDuration: 24n * 3600n,
  maxStakeDuration: 365n * 24n * 3600n,
  maxValidatorWeightFactor: 5n,
  uptimeRequirement: 0.8,
  reward: { maxConsumptionRate: 120_000n, minConsumptionRate: 100_000n, mintingPeriod: 365n * 24n * 3600n, supplyCap: 720_000_000n * 1_000_000_000n },
  // 1 nAVAX per second at the target; the price doubles every minute above it.
  validatorFee: { capacity: 20_000n, target: 10_000n, minPrice: 1n, excessConversionConstant: 865_617n },
};

/** The devnet defaults: local-network rules, 1 AVAX minimum stakes, 60 s minimum stake, fees pinned to the floor. */
export const DEVNET_PLATFORM_CONFIG: PlatformConfig = {
  ...LOCAL_NETWORK_CONFIG,
  fee: { ...LOCAL_NETWORK_CONFIG.fee, maxCapacity: 1_000_000_000n, maxPerSecond: 100_000_000n, targetPerSecond: 50_000_000n },
  minValidatorStake: 1_000_000_000n,
  minDelegatorStake: 1_000_000_000n,
  minStakeDuration: 60n,
};

/** AvalancheGo genesis/genesis_mainnet.go MainnetParams (staking limits, dynamic fees, ACP-77 validator fees). */
export const MAINNET_PLATFORM_CONFIG: PlatformConfig = {
  ...LOCAL_NETWORK_CONFIG,
  minValidatorStake: 2_000n * 1_000_000_000n,
  maxValidatorStake: 3_000_000n * 1_000_000_000n,
  minDelegatorStake: 25n * 1_000_000_000n,
  minStakeDuration: 14n * 24n * 3600n,
  // 512 nAVAX per second at the target; the price doubles every day above it.
  validatorFee: { capacity: 20_000n, target: 10_000n, minPrice: 512n, excessConversionConstant: 1_246_488_515n },
};

/** What a node's `--profile` and P-chain flags ask for (config/platform-params.ts), made into a full config here. */
export type PlatformParamsInput = PlatformParams;

export function platformConfigFor(p: PlatformParamsInput): PlatformConfig {
  const base = p.profile === 'mainnet-like' ? MAINNET_PLATFORM_CONFIG : DEVNET_PLATFORM_CONFIG;
  const config: PlatformConfig = { ...base, validatorFee: { ...base.validatorFee } };
  if (p.minValidatorStake !== undefined) config.minValidatorStake = p.minValidatorStake;
  if (p.maxValidatorStake !== undefined) config.maxValidatorStake = p.maxValidatorStake;
  if (p.minDelegatorStake !== undefined) config.minDelegatorStake = p.minDelegatorStake;
  if (p.minStakeDuration !== undefined) config.minStakeDuration = p.minStakeDuration;
  if (p.uptimeRequirement !== undefined) config.uptimeRequirement = p.uptimeRequirement;
  const fee = p.l1ValidatorFee;
  if (fee.minPrice !== undefined) config.validatorFee.minPrice = fee.minPrice;
  if (fee.target !== undefined) config.validatorFee.target = fee.target;
  if (fee.capacity !== undefined) config.validatorFee.capacity = fee.capacity;
  return config;
}

export function platformConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return {
    ...DEVNET_PLATFORM_CONFIG,
    ...overrides,
    fee: { ...DEVNET_PLATFORM_CONFIG.fee, ...overrides.fee },
    reward: { ...DEVNET_PLATFORM_CONFIG.reward, ...overrides.reward },
    validatorFee: { ...DEVNET_PLATFORM_CONFIG.validatorFee, ...overrides.validatorFee },
  };
}
