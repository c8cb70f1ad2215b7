import type { FeeConfig } from '../fee-config.js';
import type { AvalancheRules } from '../network-upgrades.js';

/** An EVM log as ethereumjs carries it: address, topics, data. */
export type EvmLogEntry = [Uint8Array, Uint8Array[], Uint8Array];

/** Storage and balances as a precompile sees them; inside a call every write is undone if the call fails. */
export interface PrecompileState {
  /** The 32-byte value of `key` (zero if unset). */
  getStorage(address: Uint8Array, key: Uint8Array): Promise<Uint8Array>;
  putStorage(address: Uint8Array, key: Uint8Array, value: Uint8Array): Promise<void>;
  /** Adds to a balance, creating the account if needed. */
  addBalance(address: Uint8Array, amount: bigint): Promise<void>;
}

/** A call failing with a Go error text; the EVM then consumes all the gas the call was given. */
export class PrecompileError extends Error {}

export const OUT_OF_GAS = 'out of gas';
export const WRITE_PROTECTION = 'write protection';

/** contract.DeductGas: the call's remaining gas. */
export class GasMeter {
  constructor(public left: bigint) {}
  use(amount: bigint): void {
    if (this.left < amount) throw new PrecompileError(OUT_OF_GAS);
    this.left -= amount;
  }
}

export interface PrecompileCall {
  /** The precompile's address. */
  self: Uint8Array;
  caller: Uint8Array;
  /** The input after the 4-byte selector. */
  input: Uint8Array;
  readOnly: boolean;
  blockNumber: bigint;
  rules: AvalancheRules;
  state: PrecompileState;
  gas: GasMeter;
  logs: EvmLogEntry[];
  /** The chain and running tx as the warp precompile sees them; absent where the EVM has no warp wiring. */
  warp?: WarpCallEnv;
}

/** The warp precompile's view of its chain (snow context) and of the running tx's predicates. */
export interface WarpCallEnv {
  networkId: number;
  blockchainId: Uint8Array;
  /** The running tx's packed predicates for the warp address, in access-list order. */
  predicates: readonly Uint8Array[];
  /** Indices of those predicates that failed verification when the block was built. */
  failed: ReadonlySet<number>;
}

export interface PrecompileFunction {
  /** Solidity signature, e.g. `setAdmin(address)`; its keccak gives the selector. */
  signature: string;
  /** Callable only once this holds (setManager from Durango). */
  activated?(call: PrecompileCall): boolean;
  /** Returns the ABI-encoded output; throws PrecompileError. */
  run(call: PrecompileCall): Promise<Uint8Array>;
}

/** The precompile's state changes when its config activates (Configure), with the chain's genesis settings. */
export interface ConfigureEnv {
  state: PrecompileState;
  blockNumber: bigint;
  chain: { feeConfig: FeeConfig; allowFeeRecipients: boolean };
}

/** A module's own config fields: their JSON (in Go's order) and what they do on activation. */
export interface ModuleSettings {
  json(): Record<string, unknown>;
  configure(env: ConfigureEnv): Promise<void>;
}

export interface AllowListConfig {
  adminAddresses: string[];
  managerAddresses: string[];
  enabledAddresses: string[];
}

/** One precompile config: in the genesis config or an entry of `upgrades.precompileUpgrades`. */
export interface PrecompileConfig {
  key: string;
  blockTimestamp: bigint | undefined;
  disable: boolean;
  allowList: AllowListConfig;
  /** The module has no allow list (warp): none is read or shown. */
  noAllowList?: true;
  settings: ModuleSettings;
}

/** A stateful precompile (precompile/modules): where it lives, its config key, its functions. */
export interface PrecompileModule {
  key: string;
  address: Uint8Array;
  /** Config.Verify's checks of when a config takes effect (warp: not before Durango); throws the error. */
  verifyUpgrade?(upgrade: { blockTimestamp: bigint | undefined; disable: boolean }, chain: { isDurango(time: bigint): boolean }): void;
  /** Reads and verifies the module's own config fields. */
  readSettings(raw: Record<string, unknown>, where: string): ModuleSettings;
  functions: PrecompileFunction[];
  /** False for a module without an allow list (warp). */
  allowList?: false;
}

/** Settings of a module with no fields beyond the allow list. */
export const NO_SETTINGS: ModuleSettings = { json: () => ({}), configure: async () => undefined };
