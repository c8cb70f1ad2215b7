import { encodeFunctionData, parseAbi, toEventSelector, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../../lib/hex.js';
import { avalancheRules } from '../network-upgrades.js';
import { addressWord, eventTopic, selector, word, wordToBigInt } from './abi-words.js';
import { FEE_MANAGER_ADDRESS, NATIVE_MINTER_ADDRESS, REWARD_MANAGER_ADDRESS, TX_ALLOW_LIST_ADDRESS } from './addresses.js';
import { ALLOW_LIST_EVENT_GAS, Role, canModify, writeRole } from './allow-list.js';
import { TX_ALLOW_LIST_MODULE } from './allow-list-modules.js';
import { FunctionTable } from './dispatch.js';
import { FEE_CONFIG_CHANGED_EVENT_GAS, FEE_MANAGER_MODULE, GET_FEE_CONFIG_GAS, SET_FEE_CONFIG_GAS, readStoredFeeConfig } from './fee-manager.js';
import { NATIVE_COIN_MINTED_EVENT_GAS, NATIVE_MINTER_MODULE } from './native-minter.js';
import { REWARD_ADDRESS_CHANGED_EVENT_GAS, REWARD_MANAGER_MODULE, readRewardConfig } from './reward-manager.js';
import { type EvmLogEntry, GasMeter, PrecompileError, type PrecompileModule, type PrecompileState } from './types.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

class MemoryState implements PrecompileState {
  readonly slots = new Map<string, Uint8Array>();
  readonly balances = new Map<string, bigint>();
  async getStorage(a: Uint8Array, k: Uint8Array) { return this.slots.get(hex(a) + hex(k)) ?? new Uint8Array(32); }
  async putStorage(a: Uint8Array, k: Uint8Array, v: Uint8Array) { this.slots.set(hex(a) + hex(k), v); }
  async addBalance(a: Uint8Array, n: bigint) { this.balances.set(hex(a), (this.balances.get(hex(a)) ?? 0n) + n); }
}

const ADMIN = hexToBytes('0x' + '11'.repeat(20));
const USER = hexToBytes('0x' + '22'.repeat(20));
const OTHER = hexToBytes('0x' + '33'.repeat(20));
const DURANGO = avalancheRules({ subnetEVMTimestamp: 0n, durangoTimestamp: 0n }, 1n);
const PRE_DURANGO = avalancheRules({ subnetEVMTimestamp: 0n, durangoTimestamp: 10n }, 1n);

async function invoke(module: PrecompileModule, state: MemoryState, data: `0x${string}` | Uint8Array, opts: { caller?: Uint8Array; readOnly?: boolean; preDurango?: boolean; gas?: bigint } = {}) {
  const gas = new GasMeter(opts.gas ?? 1_000_000n);
  const logs: EvmLogEntry[] = [];
  try {
    const output = await new FunctionTable(module.functions).run(typeof data === 'string' ? hexToBytes(data) : data, {
      self: module.address, caller: opts.caller ?? ADMIN, readOnly: opts.readOnly ?? false, blockNumber: 42n,
      rules: opts.preDurango ? PRE_DURANGO : DURANGO, state, gas, logs,
    });
    return { output, used: (opts.gas ?? 1_000_000n) - gas.left, logs };
  } catch (e) {
    if (e instanceof PrecompileError) return { error: e.message };
    throw e;
  }
}

const ALLOW = parseAbi(['function setAdmin(address)', 'function setEnabled(address)', 'function setManager(address)', 'function setNone(address)', 'function readAllowList(address) view returns (uint256)']);
const addr = (b: Uint8Array) => `0x${hex(b)}` as const;

describe('stateful precompile calls', () => {
  it('computes selectors and event topics as Solidity does', () => {
    expect(hex(selector('setAdmin(address)'))).toBe(toFunctionSelector('function setAdmin(address)').slice(2));
    expect(hex(eventTopic('RoleSet(uint256,address,address,uint256)'))).toBe(toEventSelector('event RoleSet(uint256 indexed, address indexed, address indexed, uint256)').slice(2));
  });

  it('dispatches by selector with subnet-evm\'s errors', async () => {
    const s = new MemoryState();
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, '0x010203')).toEqual({ error: 'missing function selector to precompile - input length (3)' });
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, '0xdeadbeef')).toEqual({ error: 'invalid function selector: 0xdeadbeef' });
    const setManager = encodeFunctionData({ abi: ALLOW, functionName: 'setManager', args: [addr(USER)] });
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, setManager, { preDurango: true })).toEqual({ error: `invalid non-activated function selector: ${setManager.slice(0, 10)}` });
  });

  it('changes roles by the Role.CanModify rules, with RoleSet from Durango', async () => {
    expect(canModify(Role.Manager, Role.None, Role.Enabled)).toBe(true);
    expect(canModify(Role.Manager, Role.Admin, Role.None)).toBe(false);
    expect(canModify(Role.Manager, Role.None, Role.Manager)).toBe(false);
    expect(canModify(Role.Enabled, Role.None, Role.Enabled)).toBe(false);
    const s = new MemoryState();
    await writeRole(s, TX_ALLOW_LIST_ADDRESS, ADMIN, Role.Admin);
    const r = await invoke(TX_ALLOW_LIST_MODULE, s, encodeFunctionData({ abi: ALLOW, functionName: 'setEnabled', args: [addr(USER)] }));
    expect(r.used).toBe(20_000n + ALLOW_LIST_EVENT_GAS);
    expect(ALLOW_LIST_EVENT_GAS).toBe(2_131n);
    expect(r.logs![0]![1].map(hex)).toEqual([hex(eventTopic('RoleSet(uint256,address,address,uint256)')), hex(word(1n)), hex(addressWord(USER)), hex(addressWord(ADMIN))]);
    expect(wordToBigInt(r.logs![0]![2])).toBe(0n);
    // the role sits in the slot named by the left-padded address
    expect(wordToBigInt(await s.getStorage(TX_ALLOW_LIST_ADDRESS, addressWord(USER)))).toBe(1n);
    const denied = await invoke(TX_ALLOW_LIST_MODULE, s, encodeFunctionData({ abi: ALLOW, functionName: 'setAdmin', args: [addr(OTHER)] }), { caller: USER });
    expect(denied.error).toBe('cannot modify allow list: modify address: 0x2222222222222222222222222222222222222222, from role: NoRole, to role: AdminRole');
    const pre = await invoke(TX_ALLOW_LIST_MODULE, s, encodeFunctionData({ abi: ALLOW, functionName: 'setEnabled', args: [addr(OTHER)] }), { preDurango: true });
    expect(pre.used).toBe(20_000n);
    expect(pre.logs).toEqual([]);
    const read = await invoke(TX_ALLOW_LIST_MODULE, s, encodeFunctionData({ abi: ALLOW, functionName: 'readAllowList', args: [addr(OTHER)] }), { readOnly: true });
    expect(wordToBigInt(read.output!)).toBe(1n);
    expect(read.used).toBe(5_000n);
  });

  it('refuses writes in a static call, short gas, and malformed input', async () => {
    const s = new MemoryState();
    await writeRole(s, TX_ALLOW_LIST_ADDRESS, ADMIN, Role.Admin);
    const data = encodeFunctionData({ abi: ALLOW, functionName: 'setNone', args: [addr(USER)] });
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, data, { readOnly: true })).toEqual({ error: 'write protection' });
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, data, { gas: 19_999n })).toEqual({ error: 'out of gas' });
    expect(await invoke(TX_ALLOW_LIST_MODULE, s, `${data}00`, { preDurango: true })).toEqual({ error: 'invalid input length for modifying allow list: 33' });
    expect((await invoke(TX_ALLOW_LIST_MODULE, s, data.slice(0, 20) as `0x${string}`)).error).toMatch(/^abi: cannot marshal in to go type: length insufficient 5 require 32$/);
  });

  it('mints for enabled callers, with NativeCoinMinted from Durango', async () => {
    const s = new MemoryState();
    const abi = parseAbi(['function mintNativeCoin(address,uint256)']);
    const data = encodeFunctionData({ abi, functionName: 'mintNativeCoin', args: [addr(OTHER), 7n] });
    expect(await invoke(NATIVE_MINTER_MODULE, s, data, { caller: USER })).toEqual({ error: 'non-enabled cannot mint: 0x2222222222222222222222222222222222222222' });
    await writeRole(s, NATIVE_MINTER_ADDRESS, USER, Role.Enabled);
    const r = await invoke(NATIVE_MINTER_MODULE, s, data, { caller: USER });
    expect(r.used).toBe(30_000n + NATIVE_COIN_MINTED_EVENT_GAS);
    expect(s.balances.get(hex(OTHER))).toBe(7n);
    expect(await invoke(NATIVE_MINTER_MODULE, s, data.slice(0, -2) as `0x${string}`, { caller: USER, preDurango: true })).toEqual({ error: 'invalid input length for minting: 63' });
    expect(await invoke(NATIVE_MINTER_MODULE, s, data, { caller: USER, readOnly: true })).toEqual({ error: 'write protection' });
  });

  it('stores the fee config in slots keyed by its field number, and refuses an invalid one', async () => {
    const s = new MemoryState();
    await writeRole(s, FEE_MANAGER_ADDRESS, ADMIN, Role.Admin);
    const abi = parseAbi(['function setFeeConfig(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256)', 'function getFeeConfig() view returns (uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256)']);
    const cfg = [9_000_000n, 3n, 1_000n, 10_000_000n, 48n, 0n, 500_000n, 100_000n] as const;
    const r = await invoke(FEE_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'setFeeConfig', args: cfg }));
    expect(r.used).toBe(SET_FEE_CONFIG_GAS + FEE_CONFIG_CHANGED_EVENT_GAS);
    expect([SET_FEE_CONFIG_GAS, GET_FEE_CONFIG_GAS, FEE_CONFIG_CHANGED_EVENT_GAS]).toEqual([180_000n, 40_000n, 45_221n]);
    const gasLimitSlot = new Uint8Array(32);
    gasLimitSlot[0] = 1;
    expect(wordToBigInt(await s.getStorage(FEE_MANAGER_ADDRESS, gasLimitSlot))).toBe(9_000_000n);
    const lca = new Uint8Array(32);
    lca.set([0x6c, 0x63, 0x61]);
    expect(wordToBigInt(await s.getStorage(FEE_MANAGER_ADDRESS, lca))).toBe(42n);
    expect((await readStoredFeeConfig(s)).baseFeeChangeDenominator).toBe(48n);
    const got = await invoke(FEE_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'getFeeConfig' }));
    expect(got.output!.length).toBe(256);
    expect(wordToBigInt(got.output!.subarray(64, 96))).toBe(1_000n);
    const bad = await invoke(FEE_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'setFeeConfig', args: [0n, 3n, 1n, 1n, 1n, 0n, 0n, 0n] }));
    expect(bad.error).toBe('cannot verify fee config: gasLimit cannot be less than or equal to 0: gasLimit = 0');
  });

  it('keeps the reward address, fee recipients or the black hole in one slot', async () => {
    const s = new MemoryState();
    await writeRole(s, REWARD_MANAGER_ADDRESS, ADMIN, Role.Admin);
    const abi = parseAbi(['function setRewardAddress(address)', 'function allowFeeRecipients()', 'function areFeeRecipientsAllowed() view returns (bool)']);
    expect(await invoke(REWARD_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'setRewardAddress', args: ['0x0000000000000000000000000000000000000000'] }))).toEqual({ error: 'reward address cannot be empty' });
    const set = await invoke(REWARD_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'setRewardAddress', args: [addr(OTHER)] }));
    expect(set.used).toBe(25_000n + REWARD_ADDRESS_CHANGED_EVENT_GAS);
    expect(await readRewardConfig(s)).toEqual({ rewardAddress: OTHER, allowFeeRecipients: false });
    await invoke(REWARD_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'allowFeeRecipients' }));
    expect((await readRewardConfig(s)).allowFeeRecipients).toBe(true);
    expect(wordToBigInt((await invoke(REWARD_MANAGER_MODULE, s, encodeFunctionData({ abi, functionName: 'areFeeRecipientsAllowed' }))).output!)).toBe(1n);
  });
});
