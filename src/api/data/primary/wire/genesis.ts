/**
 * A blockchain's genesis as the real service shows it (glacier.json Blockchain.genesisData: an EvmGenesisDto
 * object or the raw JSON text). An EVM genesis becomes the DTO with the keys the DTO declares, each converted
 * to the declared type (hex strings for the header values, numbers for the config); a key that cannot be
 * converted is left out, never shown with the wrong type. A JSON genesis that is not an EVM one is the text;
 * a binary genesis (X-chain style) is omitted.
 */

type Json = unknown;
type Obj = Record<string, Json>;

const HEADER_HEX = ['airdropHash', 'coinbase', 'difficulty', 'extraData', 'gasLimit', 'gasUsed', 'mixHash', 'nonce', 'number', 'parentHash', 'timestamp'] as const;
const CONFIG_NUMBERS = [
  'berlinBlock', 'byzantiumBlock', 'chainId', 'constantinopleBlock', 'eip150Block', 'eip155Block', 'eip158Block', 'homesteadBlock', 'istanbulBlock',
  'londonBlock', 'muirGlacierBlock', 'petersburgBlock', 'subnetEVMTimestamp',
] as const;
const FEE_NUMBERS = ['baseFeeChangeDenominator', 'blockGasCostStep', 'gasLimit', 'maxBlockGasCost', 'minBaseFee', 'minBlockGasCost', 'targetBlockRate', 'targetGas'] as const;
const ALLOW_LISTS = ['txAllowListConfig', 'contractDeployerAllowListConfig', 'contractNativeMinterConfig', 'feeManagerConfig', 'rewardManagerConfig'] as const;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON number, or a decimal/hex string that is one. */
function asNumber(v: Json): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(v)) return Number(BigInt(v));
  return undefined;
}

/** A hex string; numbers become 0x-hex. */
function asHex(v: Json): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return `0x${v.toString(16)}`;
  return undefined;
}

function asStringArray(v: Json): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

function pick<T>(from: Obj, keys: readonly string[], convert: (v: Json) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of keys) {
    if (!(k in from)) continue;
    const v = convert(from[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function nullable<T>(convert: (v: Json) => T | undefined): (v: Json) => T | null | undefined {
  return (v) => (v === null ? null : convert(v));
}

function allowList(v: Json): Obj | undefined {
  if (!isObj(v)) return undefined;
  return {
    ...pick(v, ['blockTimestamp'], asNumber),
    ...pick(v, ['adminAddresses', 'managerAddresses', 'enabledAddresses'], asStringArray),
  };
}

function config(v: Json): Obj | undefined {
  if (!isObj(v)) return undefined;
  const out: Obj = { ...pick(v, CONFIG_NUMBERS, asNumber) };
  if (typeof v.eip150Hash === 'string') out.eip150Hash = v.eip150Hash;
  if (typeof v.allowFeeRecipients === 'boolean') out.allowFeeRecipients = v.allowFeeRecipients;
  if (isObj(v.feeConfig)) out.feeConfig = pick(v.feeConfig, FEE_NUMBERS, asNumber);
  if (isObj(v.warpConfig)) {
    const w = v.warpConfig;
    out.warpConfig = { ...pick(w, ['blockTimestamp', 'quorumNumerator'], asNumber), ...(typeof w.requirePrimaryNetworkSigners === 'boolean' ? { requirePrimaryNetworkSigners: w.requirePrimaryNetworkSigners } : {}) };
  }
  for (const k of ALLOW_LISTS) {
    const list = allowList(v[k]);
    if (list) out[k] = list;
  }
  return out;
}

function alloc(v: Json): Obj | undefined {
  if (!isObj(v)) return undefined;
  const out: Obj = {};
  for (const [address, account] of Object.entries(v)) {
    if (!isObj(account)) continue;
    const entry: Obj = {};
    const balance = asHex(account.balance);
    if (balance !== undefined) entry.balance = balance;
    if (typeof account.code === 'string') entry.code = account.code;
    if (isObj(account.storage)) entry.storage = Object.fromEntries(Object.entries(account.storage).filter(([, s]) => typeof s === 'string'));
    out[address] = entry;
  }
  return out;
}

/** Whether a parsed genesis is an EVM one (coreth / subnet-evm): it has a config or an alloc. */
function isEvmGenesis(json: Obj): boolean {
  return isObj(json.config) || isObj(json.alloc);
}

export function evmGenesisDto(json: Obj): Obj {
  const out: Obj = {
    ...pick(json, HEADER_HEX, asHex),
    ...pick(json, ['airdropAmount', 'baseFeePerGas'], nullable(asNumber)),
    ...pick(json, ['blobGasUsed', 'excessBlobGas'], nullable(asHex)),
  };
  const c = config(json.config);
  if (c) out.config = c;
  const a = alloc(json.alloc);
  if (a) out.alloc = a;
  return out;
}

/** genesisData for a Blockchain or BlockchainInfo, or undefined to omit it. */
export function genesisDataWire(genesisJson: Obj | undefined, genesisBytes: Uint8Array): Obj | string | undefined {
  if (genesisJson && isEvmGenesis(genesisJson)) return evmGenesisDto(genesisJson);
  const text = utf8(genesisBytes);
  if (text === undefined) return undefined;
  try {
    JSON.parse(text);
    return text;
  } catch {
    return undefined;
  }
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
