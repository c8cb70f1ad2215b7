import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, Address, setLengthLeft, toChecksumAddress } from '@ethereumjs/util';
import { ParamError, fromRpc } from '../rpc/codec.js';
import type { BlockOverrides } from '../call.js';

/** geth's OverrideAccount (internal/ethapi): every field optional. */
export interface AccountOverride {
  nonce?: bigint;
  code?: Uint8Array;
  balance?: bigint;
  /** Replaces the whole storage. */
  state?: [Uint8Array, Uint8Array][];
  /** Changes only these slots. */
  stateDiff?: [Uint8Array, Uint8Array][];
}

export type StateOverrides = Map<string, { address: Uint8Array; account: AccountOverride }>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function slots(v: unknown, index: number): [Uint8Array, Uint8Array][] {
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-object into Go value of type map[common.Hash]common.Hash`);
  return Object.entries(v).map(([k, val]) => [fromRpc.hash(k, index), fromRpc.hash(val, index)]);
}

/** The state-override param (eth_call's 3rd, eth_estimateGas' 3rd); undefined when absent or null. */
export function parseStateOverrides(v: unknown, index: number): StateOverrides | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-object into Go value of type ethapi.StateOverride`);
  const out: StateOverrides = new Map();
  for (const [addr, raw] of Object.entries(v)) {
    const address = fromRpc.address(addr, index);
    if (raw === null) continue;
    if (!isObject(raw)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-object into Go value of type ethapi.OverrideAccount`);
    const account: AccountOverride = {};
    const has = (k: string) => raw[k] !== undefined && raw[k] !== null;
    if (has('nonce')) account.nonce = fromRpc.quantity(raw.nonce, index, 64);
    if (has('code')) account.code = fromRpc.data(raw.code, index);
    if (has('balance')) account.balance = fromRpc.quantity(raw.balance, index);
    if (has('state')) account.state = slots(raw.state, index);
    if (has('stateDiff')) account.stateDiff = slots(raw.stateDiff, index);
    out.set(Buffer.from(address).toString('hex'), { address, account });
  }
  return out;
}

/** geth's StateOverride.Apply on a throw-away state. */
export async function applyStateOverrides(state: MerkleStateManager, overrides: StateOverrides | undefined): Promise<void> {
  if (!overrides) return;
  for (const { address, account: o } of overrides.values()) {
    const addr = new Address(address);
    if (o.nonce !== undefined || o.balance !== undefined) {
      const acct = (await state.getAccount(addr)) ?? new Account();
      if (o.nonce !== undefined) acct.nonce = o.nonce;
      if (o.balance !== undefined) acct.balance = o.balance;
      await state.putAccount(addr, acct);
    }
    if (o.code !== undefined) {
      if (!(await state.getAccount(addr))) await state.putAccount(addr, new Account());
      await state.putCode(addr, o.code);
    }
    if (o.state && o.stateDiff) throw new Error(`account ${toChecksumAddress('0x' + Buffer.from(address).toString('hex'))} has both 'state' and 'stateDiff'`);
    if (o.state) {
      if (!(await state.getAccount(addr))) await state.putAccount(addr, new Account());
      await state.clearStorage(addr);
    }
    for (const [k, v] of o.state ?? o.stateDiff ?? []) {
      if (!(await state.getAccount(addr))) await state.putAccount(addr, new Account());
      await state.putStorage(addr, setLengthLeft(k, 32), v);
    }
  }
}

/** geth's BlockOverrides (Go field names, matched case-insensitively as encoding/json does). */
export function parseBlockOverrides(v: unknown, index: number): BlockOverrides | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-object into Go value of type ethapi.BlockOverrides`);
  const out: BlockOverrides = {};
  for (const [k, raw] of Object.entries(v)) {
    if (raw === null || raw === undefined) continue;
    switch (k.toLowerCase()) {
      case 'number': out.number = fromRpc.quantity(raw, index); break;
      case 'difficulty': out.difficulty = fromRpc.quantity(raw, index); break;
      case 'time': out.time = fromRpc.quantity(raw, index, 64); break;
      case 'gaslimit': out.gasLimit = fromRpc.quantity(raw, index, 64); break;
      case 'coinbase': out.coinbase = fromRpc.address(raw, index); break;
      case 'basefee': out.baseFee = fromRpc.quantity(raw, index); break;
      case 'blobbasefee': out.blobBaseFee = fromRpc.quantity(raw, index); break;
    }
  }
  return out;
}
