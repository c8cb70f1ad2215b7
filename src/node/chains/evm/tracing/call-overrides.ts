import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, Address, toChecksumAddress } from '@ethereumjs/util';
import { bytesToHex } from '../../../../lib/hex.js';
import type { CorethHeader } from '../coreth-header.js';
import { ParamError, fromRpc } from '../rpc/codec.js';

/** One account of geth's override.StateOverride. */
export interface AccountOverride {
  nonce?: bigint;
  code?: Uint8Array;
  balance?: bigint;
  /** Replaces the whole storage. */
  state?: [Uint8Array, Uint8Array][];
  /** Changes single slots. */
  stateDiff?: [Uint8Array, Uint8Array][];
}

export type StateOverrides = [Uint8Array, AccountOverride][];

/** geth's override.BlockOverrides (the fields a C-chain block context has). */
export interface BlockOverrides {
  number?: bigint;
  time?: bigint;
  gasLimit?: bigint;
  baseFee?: bigint;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function slots(v: unknown, index: number): [Uint8Array, Uint8Array][] {
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal into Go value of type map[common.Hash]common.Hash`);
  return Object.entries(v).map(([k, val]) => [fromRpc.hash(k, index), fromRpc.hash(val, index)]);
}

export function parseStateOverrides(v: unknown, index: number): StateOverrides | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal into Go value of type override.StateOverride`);
  return Object.entries(v).map(([addr, o]) => {
    if (!isObject(o)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal into Go value of type override.OverrideAccount`);
    const acct: AccountOverride = {};
    if (o.nonce !== undefined && o.nonce !== null) acct.nonce = fromRpc.quantity(o.nonce, index, 64);
    if (o.code !== undefined && o.code !== null) acct.code = fromRpc.data(o.code, index);
    if (o.balance !== undefined && o.balance !== null) acct.balance = fromRpc.quantity(o.balance, index);
    if (o.state !== undefined && o.state !== null) acct.state = slots(o.state, index);
    if (o.stateDiff !== undefined && o.stateDiff !== null) acct.stateDiff = slots(o.stateDiff, index);
    return [fromRpc.address(addr, index), acct];
  });
}

export function parseBlockOverrides(v: unknown, index: number): BlockOverrides | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal into Go value of type override.BlockOverrides`);
  const q = (k: string, bits = 64) => (v[k] === undefined || v[k] === null ? undefined : fromRpc.quantity(v[k], index, bits));
  const out: BlockOverrides = {};
  const number = q('number', 256);
  const time = q('time');
  const gasLimit = q('gasLimit');
  const baseFee = q('baseFee', 256);
  if (number !== undefined) out.number = number;
  if (time !== undefined) out.time = time;
  if (gasLimit !== undefined) out.gasLimit = gasLimit;
  if (baseFee !== undefined) out.baseFee = baseFee;
  return out;
}

/** Applies state overrides to a throw-away state, as geth's StateOverride.Apply. */
export async function applyStateOverrides(state: MerkleStateManager, overrides: StateOverrides): Promise<void> {
  for (const [addrBytes, o] of overrides) {
    const addr = new Address(addrBytes);
    if (o.state && o.stateDiff) throw new Error(`account ${toChecksumAddress(bytesToHex(addrBytes))} has both 'state' and 'stateDiff'`);
    const acct = (await state.getAccount(addr)) ?? new Account();
    if (o.nonce !== undefined) acct.nonce = o.nonce;
    if (o.balance !== undefined) acct.balance = o.balance;
    await state.putAccount(addr, acct);
    if (o.code !== undefined) await state.putCode(addr, o.code);
    if (o.state) await state.clearStorage(addr);
    for (const [k, val] of o.state ?? o.stateDiff ?? []) await state.putStorage(addr, k, val);
  }
}

export function applyBlockOverrides(header: CorethHeader, o: BlockOverrides | undefined): CorethHeader {
  if (!o) return header;
  return {
    ...header,
    ...(o.number !== undefined ? { number: o.number } : {}),
    ...(o.time !== undefined ? { timestamp: o.time } : {}),
    ...(o.gasLimit !== undefined ? { gasLimit: o.gasLimit } : {}),
    ...(o.baseFee !== undefined ? { baseFee: o.baseFee } : {}),
  };
}
