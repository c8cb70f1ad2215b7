/**
 * Subnet-EVM's FeeConfig (commontype/fee_config.go): the parameters of its dynamic fee algorithm, set in the
 * genesis `config.feeConfig` and changed on-chain through the FeeManager precompile.
 */
export interface FeeConfig {
  gasLimit: bigint;
  /** Seconds. */
  targetBlockRate: bigint;
  minBaseFee: bigint;
  targetGas: bigint;
  baseFeeChangeDenominator: bigint;
  minBlockGasCost: bigint;
  maxBlockGasCost: bigint;
  blockGasCostStep: bigint;
}

/** Field order of the JSON, the FeeManager's storage slots (1…8) and its ABI. */
export const FEE_CONFIG_FIELDS = [
  'gasLimit', 'targetBlockRate', 'minBaseFee', 'targetGas', 'baseFeeChangeDenominator', 'minBlockGasCost', 'maxBlockGasCost', 'blockGasCostStep',
] as const satisfies readonly (keyof FeeConfig)[];

/** params/extras/config.go DefaultFeeConfig, used when the genesis gives none. */
export const DEFAULT_FEE_CONFIG: FeeConfig = {
  gasLimit: 8_000_000n,
  targetBlockRate: 2n,
  minBaseFee: 25_000_000_000n,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
};

const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_UINT256 = (1n << 256n) - 1n;

/** A fee config as read from JSON: absent fields are nil (Go's *big.Int), which Verify refuses. */
export type PartialFeeConfig = { [K in keyof FeeConfig]?: bigint };

/** FeeConfig.Verify with subnet-evm's messages; returns the complete config. */
export function verifyFeeConfig(f: PartialFeeConfig): FeeConfig {
  const nil: [keyof FeeConfig, string][] = [
    ['gasLimit', 'gasLimit cannot be nil'], ['minBaseFee', 'minBaseFee cannot be nil'], ['targetGas', 'targetGas cannot be nil'],
    ['baseFeeChangeDenominator', 'baseFeeChangeDenominator cannot be nil'], ['minBlockGasCost', 'minBlockGasCost cannot be nil'],
    ['maxBlockGasCost', 'maxBlockGasCost cannot be nil'], ['blockGasCostStep', 'blockGasCostStep cannot be nil'],
  ];
  for (const [k, msg] of nil) if (f[k] === undefined) throw new Error(msg);
  const c = { ...f, targetBlockRate: f.targetBlockRate ?? 0n } as FeeConfig;
  if (c.gasLimit <= 0n) throw new Error(`gasLimit cannot be less than or equal to 0: gasLimit = ${c.gasLimit}`);
  if (c.targetBlockRate <= 0n) throw new Error(`targetBlockRate cannot be less than or equal to 0: targetBlockRate = ${c.targetBlockRate}`);
  if (c.minBaseFee < 0n) throw new Error(`minBaseFee cannot be less than 0: minBaseFee = ${c.minBaseFee}`);
  if (c.targetGas <= 0n) throw new Error(`targetGas cannot be less than or equal to 0: targetGas = ${c.targetGas}`);
  if (c.baseFeeChangeDenominator <= 0n) {
    throw new Error(`baseFeeChangeDenominator cannot be less than or equal to 0: baseFeeChangeDenominator = ${c.baseFeeChangeDenominator}`);
  }
  if (c.minBlockGasCost < 0n) throw new Error(`minBlockGasCost cannot be less than 0: minBlockGasCost = ${c.minBlockGasCost}`);
  if (c.minBlockGasCost > c.maxBlockGasCost) {
    throw new Error(`minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = ${c.minBlockGasCost}, maxBlockGasCost = ${c.maxBlockGasCost}`);
  }
  if (c.blockGasCostStep < 0n) throw new Error(`blockGasCostStep cannot be less than 0: blockGasCostStep = ${c.blockGasCostStep}`);
  if (c.maxBlockGasCost < 0n || c.maxBlockGasCost > MAX_UINT64) throw new Error(`maxBlockGasCost is not a valid uint64: maxBlockGasCost = ${c.maxBlockGasCost}`);
  for (const k of FEE_CONFIG_FIELDS) if (c[k] > MAX_UINT256) throw new Error(`${k} exceeds hash length: 32 bytes`);
  return c;
}

/** JSON as Go writes it (big ints as numbers; bigint values are written exactly by the RPC layer). */
export function feeConfigJson(f: FeeConfig): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const k of FEE_CONFIG_FIELDS) out[k] = f[k];
  return out;
}

export function sameFeeConfig(a: FeeConfig, b: FeeConfig): boolean {
  return FEE_CONFIG_FIELDS.every((k) => a[k] === b[k]);
}
