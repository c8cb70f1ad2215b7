import { FEE_CONFIG_FIELDS, type FeeConfig, type PartialFeeConfig, feeConfigJson, verifyFeeConfig } from '../fee-config.js';
import { asObject, readBig, readUint64 } from '../json-fields.js';
import { FEE_MANAGER_ADDRESS } from './addresses.js';
import { ALLOW_LIST_FUNCTIONS, LOG_DATA_GAS, LOG_GAS, LOG_TOPIC_GAS, READ_SLOT_GAS, WRITE_SLOT_GAS, checksum, isEnabledRole, readRole } from './allow-list.js';
import { addressWord, concat, eventTopic, readWords, word, wordToBigInt } from './abi-words.js';
import { PrecompileError, type PrecompileFunction, type PrecompileModule, type PrecompileState, WRITE_PROTECTION } from './types.js';

const FIELD_COUNT = BigInt(FEE_CONFIG_FIELDS.length);
const FEE_CONFIG_INPUT_LEN = 32 * FEE_CONFIG_FIELDS.length;
export const SET_FEE_CONFIG_GAS = WRITE_SLOT_GAS * (FIELD_COUNT + 1n);
export const GET_FEE_CONFIG_GAS = READ_SLOT_GAS * FIELD_COUNT;
export const GET_LAST_CHANGED_AT_GAS = READ_SLOT_GAS;
export const FEE_CONFIG_CHANGED_EVENT_GAS = GET_FEE_CONFIG_GAS + LOG_GAS + LOG_TOPIC_GAS * 2n + 2n * BigInt(FEE_CONFIG_INPUT_LEN) * LOG_DATA_GAS;

const TUPLE = `(${FEE_CONFIG_FIELDS.map(() => 'uint256').join(',')})`;
const FEE_CONFIG_CHANGED = eventTopic(`FeeConfigChanged(address,${TUPLE},${TUPLE})`);

/** Slot of field i (1-based): common.Hash{byte(i)} — the byte first, not last. */
function fieldSlot(i: number): Uint8Array {
  const k = new Uint8Array(32);
  k[0] = i;
  return k;
}
/** common.Hash{'l','c','a'}. */
const LAST_CHANGED_AT_SLOT = (() => {
  const k = new Uint8Array(32);
  k.set([0x6c, 0x63, 0x61]);
  return k;
})();

const UINT64_MASK = (1n << 64n) - 1n;

/** GetStoredFeeConfig (targetBlockRate is a uint64: the low 64 bits). */
export async function readStoredFeeConfig(state: PrecompileState): Promise<FeeConfig> {
  const out: Partial<FeeConfig> = {};
  for (let i = 0; i < FEE_CONFIG_FIELDS.length; i++) {
    const v = wordToBigInt(await state.getStorage(FEE_MANAGER_ADDRESS, fieldSlot(i + 1)));
    out[FEE_CONFIG_FIELDS[i]!] = FEE_CONFIG_FIELDS[i] === 'targetBlockRate' ? v & UINT64_MASK : v;
  }
  return out as FeeConfig;
}

export async function readFeeConfigLastChangedAt(state: PrecompileState): Promise<bigint> {
  return wordToBigInt(await state.getStorage(FEE_MANAGER_ADDRESS, LAST_CHANGED_AT_SLOT));
}

/** StoreFeeConfig: verifies, writes the eight fields and the block number of the change. */
export async function storeFeeConfig(state: PrecompileState, f: FeeConfig, blockNumber: bigint): Promise<void> {
  try {
    verifyFeeConfig(f);
  } catch (e) {
    throw new PrecompileError(`cannot verify fee config: ${(e as Error).message}`);
  }
  for (let i = 0; i < FEE_CONFIG_FIELDS.length; i++) await state.putStorage(FEE_MANAGER_ADDRESS, fieldSlot(i + 1), word(f[FEE_CONFIG_FIELDS[i]!]));
  await state.putStorage(FEE_MANAGER_ADDRESS, LAST_CHANGED_AT_SLOT, word(blockNumber));
}

const feeConfigWords = (f: FeeConfig) => concat(FEE_CONFIG_FIELDS.map((k) => word(f[k])));

const setFeeConfig: PrecompileFunction = {
  signature: `setFeeConfig(${FEE_CONFIG_FIELDS.map(() => 'uint256').join(',')})`,
  async run(call) {
    call.gas.use(SET_FEE_CONFIG_GAS);
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    const strict = !call.rules.IsDurango;
    if (strict && call.input.length !== FEE_CONFIG_INPUT_LEN) throw new PrecompileError(`invalid input length for fee config Input: ${call.input.length}`);
    let next: FeeConfig;
    try {
      const words = readWords(call.input, FEE_CONFIG_FIELDS.length, strict);
      const f: Partial<FeeConfig> = {};
      FEE_CONFIG_FIELDS.forEach((k, i) => { f[k] = wordToBigInt(words[i]!); });
      f.targetBlockRate = f.targetBlockRate! & UINT64_MASK;
      next = f as FeeConfig;
    } catch (e) {
      throw new PrecompileError(`failed to unpack input: ${(e as Error).message}`);
    }
    if (!isEnabledRole(await readRole(call.state, call.self, call.caller))) throw new PrecompileError(`non-enabled cannot change fee config: ${checksum(call.caller)}`);
    if (call.rules.IsDurango) {
      call.gas.use(FEE_CONFIG_CHANGED_EVENT_GAS);
      const old = await readStoredFeeConfig(call.state);
      call.logs.push([call.self, [FEE_CONFIG_CHANGED, addressWord(call.caller)], concat([feeConfigWords(old), feeConfigWords(next)])]);
    }
    await storeFeeConfig(call.state, next, call.blockNumber);
    return new Uint8Array(0);
  },
};

const getFeeConfig: PrecompileFunction = {
  signature: 'getFeeConfig()',
  async run(call) {
    call.gas.use(GET_FEE_CONFIG_GAS);
    return feeConfigWords(await readStoredFeeConfig(call.state));
  },
};

const getFeeConfigLastChangedAt: PrecompileFunction = {
  signature: 'getFeeConfigLastChangedAt()',
  async run(call) {
    call.gas.use(GET_LAST_CHANGED_AT_GAS);
    return word(await readFeeConfigLastChangedAt(call.state));
  },
};

/** A FeeConfig from JSON: absent fields stay nil for Verify to refuse. */
export function readFeeConfig(v: unknown, where: string): PartialFeeConfig {
  const raw = asObject(v, where);
  const out: PartialFeeConfig = {};
  for (const k of FEE_CONFIG_FIELDS) {
    const x = raw[k];
    if (x === undefined || x === null) continue;
    out[k] = k === 'targetBlockRate' ? readUint64(x, `${where}.${k}`) : readBig(x, `${where}.${k}`);
  }
  return out;
}

/** FeeManager: enabled accounts change the fee config; on activation it stores `initialFeeConfig` or the genesis one. */
export const FEE_MANAGER_MODULE: PrecompileModule = {
  key: 'feeManagerConfig',
  address: FEE_MANAGER_ADDRESS,
  functions: [...ALLOW_LIST_FUNCTIONS, setFeeConfig, getFeeConfig, getFeeConfigLastChangedAt],
  readSettings(raw, where) {
    const initial = raw.initialFeeConfig === undefined || raw.initialFeeConfig === null ? undefined : verifyFeeConfig(readFeeConfig(raw.initialFeeConfig, `${where}.initialFeeConfig`));
    return {
      json: () => (initial ? { initialFeeConfig: feeConfigJson(initial) } : {}),
      async configure(env) {
        try {
          await storeFeeConfig(env.state, initial ?? env.chain.feeConfig, env.blockNumber);
        } catch (e) {
          throw new Error(initial ? `cannot configure given initial fee config: ${(e as Error).message}` : `cannot configure fee config in chain config: ${(e as Error).message}`);
        }
      },
    };
  },
};
