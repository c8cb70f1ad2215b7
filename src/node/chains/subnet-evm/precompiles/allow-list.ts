import { toChecksumAddress } from '@ethereumjs/util';
import { hexToBytes } from '../../../../lib/hex.js';
import { addressWord, eventTopic, readWords, word, wordToAddress, wordToBigInt } from './abi-words.js';
import { type AllowListConfig, type PrecompileCall, PrecompileError, type PrecompileFunction, type PrecompileState, WRITE_PROTECTION } from './types.js';

/** precompile/allowlist/role.go: the role values stored per address. */
export const Role = { None: 0n, Enabled: 1n, Admin: 2n, Manager: 3n } as const;

export function roleName(role: bigint): string {
  switch (role) {
    case Role.None: return 'NoRole';
    case Role.Enabled: return 'EnabledRole';
    case Role.Manager: return 'ManagerRole';
    case Role.Admin: return 'AdminRole';
    default: return 'UnknownRole';
  }
}

/** Admin, Enabled and Manager may use the precompile (and send txs / deploy, for the allow-list precompiles). */
export const isEnabledRole = (role: bigint) => role === Role.Admin || role === Role.Enabled || role === Role.Manager;

/** Role.CanModify: Admins change anything; Managers move accounts between None and Enabled only. */
export function canModify(callerRole: bigint, from: bigint, to: bigint): boolean {
  if (callerRole === Role.Admin) return true;
  if (callerRole === Role.Manager) return (from === Role.Enabled || from === Role.None) && (to === Role.Enabled || to === Role.None);
  return false;
}

/** contract.WriteGasCostPerSlot, ReadGasCostPerSlot, and params' log costs. */
export const WRITE_SLOT_GAS = 20_000n;
export const READ_SLOT_GAS = 5_000n;
export const LOG_GAS = 375n;
export const LOG_TOPIC_GAS = 375n;
export const LOG_DATA_GAS = 8n;

export const MODIFY_ALLOW_LIST_GAS = WRITE_SLOT_GAS;
export const READ_ALLOW_LIST_GAS = READ_SLOT_GAS;
export const ALLOW_LIST_EVENT_GAS = LOG_GAS + LOG_TOPIC_GAS * 4n + LOG_DATA_GAS * 32n;

const ROLE_SET = eventTopic('RoleSet(uint256,address,address,uint256)');

/** The stored role of `address` at the precompile `self`: slot = the address left-padded. */
export async function readRole(state: PrecompileState, self: Uint8Array, address: Uint8Array): Promise<bigint> {
  return wordToBigInt(await state.getStorage(self, addressWord(address)));
}

export function writeRole(state: PrecompileState, self: Uint8Array, address: Uint8Array, role: bigint): Promise<void> {
  return state.putStorage(self, addressWord(address), word(role));
}

export const checksum = (address: Uint8Array) => toChecksumAddress('0x' + Buffer.from(address).toString('hex'));

function setter(name: string, role: bigint): PrecompileFunction {
  return {
    signature: `${name}(address)`,
    ...(role === Role.Manager ? { activated: (call: PrecompileCall) => call.rules.IsDurango } : {}),
    async run(call) {
      call.gas.use(MODIFY_ALLOW_LIST_GAS);
      const strict = !call.rules.IsDurango;
      if (strict && call.input.length !== 32) throw new PrecompileError(`invalid input length for modifying allow list: ${call.input.length}`);
      const target = wordToAddress(readWords(call.input, 1, strict)[0]!);
      if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
      const callerRole = await readRole(call.state, call.self, call.caller);
      const current = await readRole(call.state, call.self, target);
      if (!canModify(callerRole, current, role)) {
        throw new PrecompileError(`cannot modify allow list: modify address: ${checksum(call.caller)}, from role: ${roleName(current)}, to role: ${roleName(role)}`);
      }
      if (call.rules.IsDurango) {
        call.gas.use(ALLOW_LIST_EVENT_GAS);
        call.logs.push([call.self, [ROLE_SET, word(role), addressWord(target), addressWord(call.caller)], word(current)]);
      }
      await writeRole(call.state, call.self, target, role);
      return new Uint8Array(0);
    },
  };
}

const readAllowList: PrecompileFunction = {
  signature: 'readAllowList(address)',
  async run(call) {
    call.gas.use(READ_ALLOW_LIST_GAS);
    const strict = !call.rules.IsDurango;
    if (strict && call.input.length !== 32) throw new PrecompileError(`invalid input length for read allow list: ${call.input.length}`);
    const target = wordToAddress(readWords(call.input, 1, strict)[0]!);
    return word(await readRole(call.state, call.self, target));
  },
};

/** IAllowList: setAdmin, setEnabled, setManager (Durango), setNone, readAllowList. */
export const ALLOW_LIST_FUNCTIONS: PrecompileFunction[] = [
  setter('setAdmin', Role.Admin), setter('setEnabled', Role.Enabled), setter('setManager', Role.Manager), setter('setNone', Role.None), readAllowList,
];

/** AllowListConfig from a precompile config's JSON. */
export function readAllowListConfig(raw: Record<string, unknown>, read: (v: unknown, field: string) => string[], where: string): AllowListConfig {
  return {
    adminAddresses: read(raw.adminAddresses, `${where}.adminAddresses`),
    managerAddresses: read(raw.managerAddresses, `${where}.managerAddresses`),
    enabledAddresses: read(raw.enabledAddresses, `${where}.enabledAddresses`),
  };
}

/** AllowListConfig.Verify: no address twice; managers need Durango at the config's time. */
export function verifyAllowListConfig(c: AllowListConfig, timestamp: bigint | undefined, isDurango: (t: bigint) => boolean): void {
  const seen = new Map<string, 'enabled' | 'admin' | 'manager'>();
  for (const a of c.enabledAddresses) {
    if (seen.has(a)) throw new Error(`duplicate address in enabled list: ${checksum(hexToBytes(a))}`);
    seen.set(a, 'enabled');
  }
  for (const a of c.adminAddresses) {
    const r = seen.get(a);
    if (r === 'admin') throw new Error(`duplicate address in admin list: ${checksum(hexToBytes(a))}`);
    if (r) throw new Error(`cannot set address as both admin and enabled: ${checksum(hexToBytes(a))}`);
    seen.set(a, 'admin');
  }
  if (c.managerAddresses.length > 0 && timestamp !== undefined && !isDurango(timestamp)) throw new Error('cannot add managers before Durango');
  for (const a of c.managerAddresses) {
    const r = seen.get(a);
    if (r === 'manager') throw new Error(`duplicate address in manager list: ${checksum(hexToBytes(a))}`);
    if (r === 'admin') throw new Error(`cannot set address as both admin and manager: ${checksum(hexToBytes(a))}`);
    if (r === 'enabled') throw new Error(`cannot set address as both enabled and manager: ${checksum(hexToBytes(a))}`);
    seen.set(a, 'manager');
  }
}

/** AllowListConfig.Configure: enabled, then admins, then managers. */
export async function configureAllowList(c: AllowListConfig, state: PrecompileState, self: Uint8Array): Promise<void> {
  for (const a of c.enabledAddresses) await writeRole(state, self, hexToBytes(a), Role.Enabled);
  for (const a of c.adminAddresses) await writeRole(state, self, hexToBytes(a), Role.Admin);
  for (const a of c.managerAddresses) await writeRole(state, self, hexToBytes(a), Role.Manager);
}

/** The allow-list part of a config's JSON; adminAddresses always present (seed 002), the others when set. */
export function allowListJson(c: AllowListConfig): Record<string, unknown> {
  return {
    adminAddresses: c.adminAddresses,
    ...(c.managerAddresses.length ? { managerAddresses: c.managerAddresses } : {}),
    ...(c.enabledAddresses.length ? { enabledAddresses: c.enabledAddresses } : {}),
  };
}
