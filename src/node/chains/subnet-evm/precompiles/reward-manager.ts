import { hexToBytes } from '../../../../lib/hex.js';
import { asObject, readAddress, readBool } from '../json-fields.js';
import { BLACKHOLE_ADDRESS, REWARD_MANAGER_ADDRESS } from './addresses.js';
import { ALLOW_LIST_FUNCTIONS, LOG_GAS, LOG_TOPIC_GAS, READ_ALLOW_LIST_GAS, READ_SLOT_GAS, WRITE_SLOT_GAS, checksum, isEnabledRole, readRole } from './allow-list.js';
import { addressWord, eventTopic, readWords, word, wordToAddress } from './abi-words.js';
import { type PrecompileCall, PrecompileError, type PrecompileFunction, type PrecompileModule, type PrecompileState, WRITE_PROTECTION } from './types.js';

export const ALLOW_FEE_RECIPIENTS_GAS = WRITE_SLOT_GAS + READ_ALLOW_LIST_GAS;
export const ARE_FEE_RECIPIENTS_ALLOWED_GAS = READ_ALLOW_LIST_GAS;
export const CURRENT_REWARD_ADDRESS_GAS = READ_ALLOW_LIST_GAS;
export const DISABLE_REWARDS_GAS = WRITE_SLOT_GAS + READ_ALLOW_LIST_GAS;
export const SET_REWARD_ADDRESS_GAS = WRITE_SLOT_GAS + READ_ALLOW_LIST_GAS;
export const FEE_RECIPIENTS_ALLOWED_EVENT_GAS = LOG_GAS + LOG_TOPIC_GAS * 2n;
export const REWARD_ADDRESS_CHANGED_EVENT_GAS = LOG_GAS + LOG_TOPIC_GAS * 4n + READ_SLOT_GAS;
export const REWARDS_DISABLED_EVENT_GAS = LOG_GAS + LOG_TOPIC_GAS * 2n;

const REWARD_ADDRESS_CHANGED = eventTopic('RewardAddressChanged(address,address,address)');
const FEE_RECIPIENTS_ALLOWED = eventTopic('FeeRecipientsAllowed(address)');
const REWARDS_DISABLED = eventTopic('RewardsDisabled(address)');

const bytes32 = (prefix: string) => {
  const k = new Uint8Array(32);
  k.set(new TextEncoder().encode(prefix));
  return k;
};
/** common.Hash{'r','a','s','k'}: the reward address slot. */
const REWARD_ADDRESS_SLOT = bytes32('rask');
/** common.Hash{'a','f','r','a','v'}: the slot's value while fee recipients are allowed. */
const ALLOW_FEE_RECIPIENTS_VALUE = bytes32('afrav');

/** GetStoredRewardAddress: the reward address and whether block producers choose the fee recipient. */
export async function readRewardConfig(state: PrecompileState): Promise<{ rewardAddress: Uint8Array; allowFeeRecipients: boolean }> {
  const v = await state.getStorage(REWARD_MANAGER_ADDRESS, REWARD_ADDRESS_SLOT);
  return { rewardAddress: wordToAddress(v), allowFeeRecipients: Buffer.compare(Buffer.from(v), Buffer.from(ALLOW_FEE_RECIPIENTS_VALUE)) === 0 };
}

const storeRewardAddress = (state: PrecompileState, a: Uint8Array) => state.putStorage(REWARD_MANAGER_ADDRESS, REWARD_ADDRESS_SLOT, addressWord(a));
const enableFeeRecipients = (state: PrecompileState) => state.putStorage(REWARD_MANAGER_ADDRESS, REWARD_ADDRESS_SLOT, ALLOW_FEE_RECIPIENTS_VALUE);

async function requireEnabled(call: PrecompileCall, method: string): Promise<void> {
  if (!isEnabledRole(await readRole(call.state, call.self, call.caller))) throw new PrecompileError(`non-enabled cannot call ${method}: ${checksum(call.caller)}`);
}

const allowFeeRecipients: PrecompileFunction = {
  signature: 'allowFeeRecipients()',
  async run(call) {
    call.gas.use(ALLOW_FEE_RECIPIENTS_GAS);
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    await requireEnabled(call, 'allowFeeRecipients');
    if (call.rules.IsDurango) {
      call.gas.use(FEE_RECIPIENTS_ALLOWED_EVENT_GAS);
      call.logs.push([call.self, [FEE_RECIPIENTS_ALLOWED, addressWord(call.caller)], new Uint8Array(0)]);
    }
    await enableFeeRecipients(call.state);
    return new Uint8Array(0);
  },
};

const areFeeRecipientsAllowed: PrecompileFunction = {
  signature: 'areFeeRecipientsAllowed()',
  async run(call) {
    call.gas.use(ARE_FEE_RECIPIENTS_ALLOWED_GAS);
    return word((await readRewardConfig(call.state)).allowFeeRecipients ? 1n : 0n);
  },
};

const currentRewardAddress: PrecompileFunction = {
  signature: 'currentRewardAddress()',
  async run(call) {
    call.gas.use(CURRENT_REWARD_ADDRESS_GAS);
    return addressWord((await readRewardConfig(call.state)).rewardAddress);
  },
};

const disableRewards: PrecompileFunction = {
  signature: 'disableRewards()',
  async run(call) {
    call.gas.use(DISABLE_REWARDS_GAS);
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    await requireEnabled(call, 'disableRewards');
    if (call.rules.IsDurango) {
      call.gas.use(REWARDS_DISABLED_EVENT_GAS);
      call.logs.push([call.self, [REWARDS_DISABLED, addressWord(call.caller)], new Uint8Array(0)]);
    }
    await storeRewardAddress(call.state, BLACKHOLE_ADDRESS);
    return new Uint8Array(0);
  },
};

const setRewardAddress: PrecompileFunction = {
  signature: 'setRewardAddress(address)',
  async run(call) {
    call.gas.use(SET_REWARD_ADDRESS_GAS);
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    const address = wordToAddress(readWords(call.input, 1, !call.rules.IsDurango)[0]!);
    await requireEnabled(call, 'setRewardAddress');
    if (address.every((b) => b === 0)) throw new PrecompileError('reward address cannot be empty');
    if (call.rules.IsDurango) {
      call.gas.use(REWARD_ADDRESS_CHANGED_EVENT_GAS);
      const old = (await readRewardConfig(call.state)).rewardAddress;
      call.logs.push([call.self, [REWARD_ADDRESS_CHANGED, addressWord(call.caller), addressWord(old), addressWord(address)], new Uint8Array(0)]);
    }
    await storeRewardAddress(call.state, address);
    return new Uint8Array(0);
  },
};

/**
 * RewardManager: where block fees go — a reward address, the block producer's choice (allowFeeRecipients), or
 * burnt at the black-hole address (disableRewards).
 */
export const REWARD_MANAGER_MODULE: PrecompileModule = {
  key: 'rewardManagerConfig',
  address: REWARD_MANAGER_ADDRESS,
  functions: [...ALLOW_LIST_FUNCTIONS, allowFeeRecipients, areFeeRecipientsAllowed, currentRewardAddress, disableRewards, setRewardAddress],
  readSettings(raw, where) {
    let initial: { allowFeeRecipients: boolean; rewardAddress: string } | undefined;
    if (raw.initialRewardConfig !== undefined && raw.initialRewardConfig !== null) {
      const r = asObject(raw.initialRewardConfig, `${where}.initialRewardConfig`);
      initial = {
        allowFeeRecipients: readBool(r.allowFeeRecipients, `${where}.initialRewardConfig.allowFeeRecipients`),
        rewardAddress: r.rewardAddress === undefined || r.rewardAddress === null ? '0x' + '00'.repeat(20) : readAddress(r.rewardAddress, `${where}.initialRewardConfig.rewardAddress`),
      };
      if (initial.allowFeeRecipients && initial.rewardAddress !== '0x' + '00'.repeat(20)) throw new Error('cannot enable both fee recipients and reward address at the same time');
    }
    return {
      json: () => (initial ? { initialRewardConfig: { allowFeeRecipients: initial.allowFeeRecipients, rewardAddress: initial.rewardAddress } } : {}),
      async configure(env) {
        if (initial) {
          if (initial.allowFeeRecipients) await enableFeeRecipients(env.state);
          else if (initial.rewardAddress === '0x' + '00'.repeat(20)) await storeRewardAddress(env.state, BLACKHOLE_ADDRESS);
          else await storeRewardAddress(env.state, hexToBytes(initial.rewardAddress));
        } else if (env.chain.allowFeeRecipients) {
          await enableFeeRecipients(env.state);
        } else {
          await storeRewardAddress(env.state, BLACKHOLE_ADDRESS);
        }
      },
    };
  },
};
