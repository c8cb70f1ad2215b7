import { parseWarpMessage } from '../../../../codec/warp/message.js';
import { parsePayload } from '../../../../codec/warp/payload.js';
import { encodeUnsignedMessage } from '../../../../codec/warp/unsigned-message.js';
import { encodeAddressedCall } from '../../../../codec/warp/payload.js';
import { unpackPredicate } from '../../evm/warp/predicate.js';
import { asObject, readBool, readUint64 } from '../json-fields.js';
import { addressWord, concat, eventTopic, readWords, word, wordToBigInt } from './abi-words.js';
import { WARP_ADDRESS } from './addresses.js';
import { SEND_WARP_MESSAGE_GAS, SEND_WARP_MESSAGE_GAS_PER_BYTE, warpGas } from './warp-gas.js';
import {
  type ModuleSettings, PrecompileError, type PrecompileCall, type PrecompileFunction, type PrecompileModule, type WarpCallEnv, WRITE_PROTECTION,
} from './types.js';

/**
 * The warp precompile (precompile/contracts/warp, IWarpMessenger.sol): sends warp messages as AddressedCalls
 * from the caller, and reads the signed messages a tx carries as predicates, verified when its block was
 * built. A message whose predicate failed (or that is missing) reads as valid=false, not as an error.
 */
export const WARP_CONFIG_KEY = 'warpConfig';
export const WARP_DEFAULT_QUORUM_NUMERATOR = 67n;
export const WARP_QUORUM_NUMERATOR_MINIMUM = 33n;
export const WARP_QUORUM_DENOMINATOR = 100n;

export const SEND_WARP_MESSAGE_EVENT = eventTopic('SendWarpMessage(address,bytes32,bytes)');

const MAX_INT32 = 0x7fff_ffffn;

/** ABI `bytes` tail: length word, then the bytes right-padded to a word. */
function bytesTail(b: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil(b.length / 32) * 32);
  padded.set(b);
  return concat([word(BigInt(b.length)), padded]);
}

/** ABI-decodes a single `bytes` argument (non-strict, as after Durango). */
export function decodeBytesArg(input: Uint8Array): Uint8Array {
  const [offsetWord] = readWords(input, 1, false);
  const offset = wordToBigInt(offsetWord!);
  if (offset + 32n > BigInt(input.length)) throw new PrecompileError(`abi: cannot marshal in to go slice: offset ${offset} would go over slice boundary (len=${input.length})`);
  const length = wordToBigInt(input.subarray(Number(offset), Number(offset) + 32));
  const start = Number(offset) + 32;
  if (BigInt(start) + length > BigInt(input.length)) throw new PrecompileError(`abi: cannot marshal in to go type: length insufficient ${input.length} require ${BigInt(start) + length}`);
  return input.slice(start, start + Number(length));
}

function decodeIndex(input: Uint8Array): number {
  let w: Uint8Array;
  try {
    [w] = readWords(input, 1, false) as [Uint8Array];
  } catch (e) {
    throw new PrecompileError(`invalid index to specify warp message: ${(e as Error).message}`);
  }
  const n = wordToBigInt(w);
  if (n > 0xffff_ffffn) throw new PrecompileError('invalid index to specify warp message: abi: improperly encoded uint32 value');
  if (n > MAX_INT32) throw new PrecompileError('invalid index to specify warp message: larger than MaxInt32');
  return Number(n);
}

/** getVerifiedWarpMessage's output: (WarpMessage{sourceChainID, originSenderAddress, payload}, bool valid). */
export function encodeVerifiedMessage(m: { sourceChainId: Uint8Array; sender: Uint8Array; payload: Uint8Array } | undefined): Uint8Array {
  const tuple = concat([m ? m.sourceChainId : new Uint8Array(32), addressWord(m ? m.sender : new Uint8Array(20)), word(96n), bytesTail(m ? m.payload : new Uint8Array(0))]);
  return concat([word(64n), word(m ? 1n : 0n), tuple]);
}

/** getVerifiedWarpBlockHash's output: (WarpBlockHash{sourceChainID, blockHash}, bool valid). */
export function encodeVerifiedBlockHash(h: { sourceChainId: Uint8Array; blockHash: Uint8Array } | undefined): Uint8Array {
  return concat([h ? h.sourceChainId : new Uint8Array(32), h ? h.blockHash : new Uint8Array(32), word(h ? 1n : 0n)]);
}

function envOf(call: PrecompileCall): WarpCallEnv {
  if (!call.warp) throw new PrecompileError('warp is not available on this chain');
  return call.warp;
}

/** The `index`-th predicate, charged and unpacked, when it exists and passed verification (handleWarpMessage). */
function verifiedPredicate(call: PrecompileCall): ReturnType<typeof parseWarpMessage> | undefined {
  const costs = warpGas(call.rules);
  call.gas.use(costs.getVerifiedBase);
  const index = decodeIndex(call.input);
  const env = envOf(call);
  const packed = env.predicates[index];
  if (packed === undefined || env.failed.has(index)) return undefined;
  call.gas.use(costs.messageBytes(packed.length));
  let unpacked: Uint8Array;
  try {
    unpacked = unpackPredicate(packed);
  } catch (e) {
    throw new PrecompileError(`cannot unpack predicate bytes: ${(e as Error).message}`);
  }
  try {
    return parseWarpMessage(unpacked);
  } catch (e) {
    throw new PrecompileError(`cannot unpack warp message: ${(e as Error).message}`);
  }
}

const getBlockchainID: PrecompileFunction = {
  signature: 'getBlockchainID()',
  async run(call) {
    call.gas.use(warpGas(call.rules).getBlockchainId);
    return envOf(call).blockchainId.slice();
  },
};

const getVerifiedWarpMessage: PrecompileFunction = {
  signature: 'getVerifiedWarpMessage(uint32)',
  async run(call) {
    const msg = verifiedPredicate(call);
    if (!msg) return encodeVerifiedMessage(undefined);
    const p = parsePayloadOr(msg.unsigned.payload, 'AddressedCall', 'cannot unpack addressed payload');
    if (p.type !== 'AddressedCall') throw new Error('unreachable');
    const sender = new Uint8Array(20);
    // common.BytesToAddress: the last 20 bytes, left-padded
    sender.set(p.sourceAddress.slice(-20), 20 - Math.min(20, p.sourceAddress.length));
    return encodeVerifiedMessage({ sourceChainId: msg.unsigned.sourceChainId, sender, payload: p.payload });
  },
};

const getVerifiedWarpBlockHash: PrecompileFunction = {
  signature: 'getVerifiedWarpBlockHash(uint32)',
  async run(call) {
    const msg = verifiedPredicate(call);
    if (!msg) return encodeVerifiedBlockHash(undefined);
    const p = parsePayloadOr(msg.unsigned.payload, 'Hash', 'cannot unpack block hash payload');
    if (p.type !== 'Hash') throw new Error('unreachable');
    return encodeVerifiedBlockHash({ sourceChainId: msg.unsigned.sourceChainId, blockHash: p.hash });
  },
};

function parsePayloadOr(bytes: Uint8Array, type: 'AddressedCall' | 'Hash', what: string) {
  let p;
  try {
    p = parsePayload(bytes);
  } catch (e) {
    throw new PrecompileError(`${what}: ${(e as Error).message}`);
  }
  if (p.type !== type) throw new PrecompileError(`${what}: wrong payload type: *payload.${p.type}`);
  return p;
}

const sendWarpMessage: PrecompileFunction = {
  signature: 'sendWarpMessage(bytes)',
  async run(call) {
    call.gas.use(SEND_WARP_MESSAGE_GAS);
    call.gas.use(SEND_WARP_MESSAGE_GAS_PER_BYTE * BigInt(call.input.length));
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    let payload: Uint8Array;
    try {
      payload = decodeBytesArg(call.input);
    } catch (e) {
      throw new PrecompileError(`invalid sendWarpMessage input: ${(e as Error).message}`);
    }
    const env = envOf(call);
    let unsigned;
    try {
      unsigned = encodeUnsignedMessage(env.networkId, env.blockchainId, encodeAddressedCall(call.caller, payload));
      parsePayload(unsigned.payload);
    } catch (e) {
      throw new PrecompileError((e as Error).message);
    }
    call.logs.push([call.self, [SEND_WARP_MESSAGE_EVENT, addressWord(call.caller), unsigned.id], concat([word(32n), bytesTail(unsigned.bytes)])]);
    return unsigned.id.slice();
  },
};

/** Warp's own config fields (Config): quorumNumerator (0 = default 67) and requirePrimaryNetworkSigners. */
export interface WarpSettings {
  quorumNumerator: bigint;
  requirePrimaryNetworkSigners: boolean;
}

export function readWarpSettings(raw: Record<string, unknown>, where: string): WarpSettings {
  const quorumNumerator = raw.quorumNumerator === undefined || raw.quorumNumerator === null ? 0n : readUint64(raw.quorumNumerator, `${where}.quorumNumerator`);
  if (quorumNumerator > WARP_QUORUM_DENOMINATOR) throw new Error(`cannot specify quorum numerator (${quorumNumerator}) > quorum denominator (${WARP_QUORUM_DENOMINATOR})`);
  if (quorumNumerator !== 0n && quorumNumerator < WARP_QUORUM_NUMERATOR_MINIMUM) {
    throw new Error(`cannot specify quorum numerator (${quorumNumerator}) < min quorum numerator (${WARP_QUORUM_NUMERATOR_MINIMUM})`);
  }
  return { quorumNumerator, requirePrimaryNetworkSigners: readBool(raw.requirePrimaryNetworkSigners, `${where}.requirePrimaryNetworkSigners`) };
}

/**
 * Config.Verify's first check (precompile/contracts/warp/config.go): a warp config with a time, enabling or
 * disabling, must fall at or after Durango. Runs at chain config verification, so such a chain never starts.
 */
export function verifyWarpUpgrade(blockTimestamp: bigint | undefined, isDurango: (time: bigint) => boolean): void {
  if (blockTimestamp !== undefined && !isDurango(blockTimestamp)) throw new Error('warp cannot be activated before Durango');
}

/** A module's settings carrying warp's fields, so the predicate verifier can read them back. */
export type WarpModuleSettings = ModuleSettings & { warp: WarpSettings };

export function warpModuleSettings(s: WarpSettings): WarpModuleSettings {
  return {
    warp: s,
    json: () => ({ quorumNumerator: Number(s.quorumNumerator), requirePrimaryNetworkSigners: s.requirePrimaryNetworkSigners }),
    configure: async () => undefined,
  };
}

/** The quorum numerator a config verifies with (0 means the default). */
export function effectiveQuorum(s: WarpSettings): bigint {
  return s.quorumNumerator === 0n ? WARP_DEFAULT_QUORUM_NUMERATOR : s.quorumNumerator;
}

export const WARP_MODULE: PrecompileModule = {
  key: WARP_CONFIG_KEY,
  address: WARP_ADDRESS,
  functions: [getBlockchainID, getVerifiedWarpBlockHash, getVerifiedWarpMessage, sendWarpMessage],
  allowList: false,
  verifyUpgrade: (upgrade, chain) => verifyWarpUpgrade(upgrade.blockTimestamp, (t) => chain.isDurango(t)),
  readSettings: (raw, where) => warpModuleSettings(readWarpSettings(asObject(raw, where), where)),
};
