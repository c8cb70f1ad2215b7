import { idFromString, idToString } from '../../../../lib/cb58.js';
import { bytesToHex } from '../../../../lib/hex.js';
import { parseUnsignedMessage } from '../../../../codec/warp/unsigned-message.js';
import type { EvmWarpApi } from '../../../warp/evm-warp-api.js';
import { ParamError, arity } from '../rpc/codec.js';
import type { EthMethods } from '../rpc/types.js';

/** An ids.ID param (cb58 string). */
function idParam(v: unknown, index: number): Uint8Array {
  if (typeof v !== 'string') throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-string into Go value of type ids.ID`);
  try {
    return idFromString(v);
  } catch (e) {
    throw new ParamError(`invalid argument ${index}: ${(e as Error).message}`);
  }
}

/** A uint64 quorum numerator (JSON number), 1..100. */
function quorumParam(v: unknown, index: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${JSON.stringify(v)} into Go value of type uint64`);
  if (v === 0 || v > 100) throw new Error(`invalid quorum number ${v}: must be between 1 and 100`);
  return v;
}

function subnetParam(v: unknown, index: number): Uint8Array | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return idParam(v, index);
}

/** The `warp` namespace on an EVM chain's /rpc (graft/coreth/warp/service.go): IDs as cb58, bytes as 0x-hex. */
export function warpRpcMethods(api: EvmWarpApi): EthMethods {
  async function message(id: Uint8Array) {
    const bytes = await api.getMessage(id);
    if (!bytes) throw new Error(`failed to get message ${idToString(id)} with error not found`);
    return parseUnsignedMessage(bytes);
  }
  return {
    async warp_getMessage(p) {
      arity(p, 1, 1);
      return bytesToHex((await message(idParam(p[0], 0))).bytes);
    },
    async warp_getMessageSignature(p) {
      arity(p, 1, 1);
      return bytesToHex(await api.sign(await message(idParam(p[0], 0))));
    },
    async warp_getBlockSignature(p) {
      arity(p, 1, 1);
      return bytesToHex(await api.sign(api.blockHashMessage(idParam(p[0], 0))));
    },
    async warp_getMessageAggregateSignature(p) {
      arity(p, 2, 3);
      const msg = await message(idParam(p[0], 0));
      return bytesToHex(await api.aggregate(msg, quorumParam(p[1], 1), subnetParam(p[2], 2)));
    },
    async warp_getBlockAggregateSignature(p) {
      arity(p, 2, 3);
      const msg = api.blockHashMessage(idParam(p[0], 0));
      return bytesToHex(await api.aggregate(msg, quorumParam(p[1], 1), subnetParam(p[2], 2)));
    },
  };
}
