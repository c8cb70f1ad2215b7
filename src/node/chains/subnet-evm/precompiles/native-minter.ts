import { hexToBytes } from '../../../../lib/hex.js';
import { asObject, readBig } from '../json-fields.js';
import { NATIVE_MINTER_ADDRESS } from './addresses.js';
import { ALLOW_LIST_FUNCTIONS, LOG_DATA_GAS, LOG_GAS, LOG_TOPIC_GAS, checksum, isEnabledRole, readRole } from './allow-list.js';
import { addressWord, eventTopic, readWords, word, wordToAddress, wordToBigInt } from './abi-words.js';
import { PrecompileError, type PrecompileFunction, type PrecompileModule, WRITE_PROTECTION } from './types.js';

export const MINT_GAS = 30_000n;
export const NATIVE_COIN_MINTED_EVENT_GAS = LOG_GAS + LOG_TOPIC_GAS * 3n + LOG_DATA_GAS * 32n;
const NATIVE_COIN_MINTED = eventTopic('NativeCoinMinted(address,address,uint256)');

const mintNativeCoin: PrecompileFunction = {
  signature: 'mintNativeCoin(address,uint256)',
  async run(call) {
    call.gas.use(MINT_GAS);
    if (call.readOnly) throw new PrecompileError(WRITE_PROTECTION);
    const strict = !call.rules.IsDurango;
    if (strict && call.input.length !== 64) throw new PrecompileError(`invalid input length for minting: ${call.input.length}`);
    let to: Uint8Array;
    let amount: bigint;
    try {
      const [a, b] = readWords(call.input, 2, strict);
      to = wordToAddress(a!);
      amount = wordToBigInt(b!);
    } catch (e) {
      throw new PrecompileError(`failed to unpack input: ${(e as Error).message}`);
    }
    if (!isEnabledRole(await readRole(call.state, call.self, call.caller))) throw new PrecompileError(`non-enabled cannot mint: ${checksum(call.caller)}`);
    if (call.rules.IsDurango) {
      call.gas.use(NATIVE_COIN_MINTED_EVENT_GAS);
      call.logs.push([call.self, [NATIVE_COIN_MINTED, addressWord(call.caller), addressWord(to)], word(amount)]);
    }
    await call.state.addBalance(to, amount);
    return new Uint8Array(0);
  },
};

/** ContractNativeMinter: enabled accounts mint the native coin; `initialMint` credits balances on activation. */
export const NATIVE_MINTER_MODULE: PrecompileModule = {
  key: 'contractNativeMinterConfig',
  address: NATIVE_MINTER_ADDRESS,
  functions: [...ALLOW_LIST_FUNCTIONS, mintNativeCoin],
  readSettings(raw, where) {
    const mints: [string, bigint][] = [];
    if (raw.initialMint !== undefined && raw.initialMint !== null) {
      for (const [addr, v] of Object.entries(asObject(raw.initialMint, `${where}.initialMint`))) {
        const address = addr.toLowerCase();
        if (!/^0x[0-9a-f]{40}$/.test(address)) throw new Error(`${where}.initialMint: invalid address ${JSON.stringify(addr)}`);
        if (v === null) throw new Error(`initial mint cannot contain nil amount for address ${checksum(hexToBytes(address))}`);
        const amount = readBig(v, `${where}.initialMint.${addr}`);
        if (amount < 1n) throw new Error(`initial mint cannot contain invalid amount: amount ${amount} for address ${checksum(hexToBytes(address))}`);
        mints.push([address, amount]);
      }
    }
    return {
      // math.HexOrDecimal256 writes 0x-hex
      json: () => (mints.length ? { initialMint: Object.fromEntries(mints.map(([a, n]) => [a, '0x' + n.toString(16)])) } : {}),
      async configure(env) {
        for (const [a, n] of mints) await env.state.addBalance(hexToBytes(a), n);
      },
    };
  },
};
