import { Hardfork, type StateManagerInterface } from '@ethereumjs/common';
import type { Block } from '@ethereumjs/block';
import { Address } from '@ethereumjs/util';
import type { VM } from '@ethereumjs/vm';
import { type CallOutcome, type CallRequest, callGasPrice } from '../call.js';
import { type ViewHost, runView } from './interpreter.js';
import { bytesOf, wordOf } from './words.js';

const TX_GAS = 21_000;
const ZERO_BYTE_GAS = 4;
const NONZERO_BYTE_GAS = 16;
const EMPTY = new Uint8Array(0);

/**
 * eth_call's fast path: a call that only reads (the common case: a view function such as balanceOf) runs on
 * Firn's own single-frame interpreter instead of ethereumjs, whose per-call setup (a transaction object, the
 * journal, an interpreter and its 8 KB memory, opcode dispatch through closures) cost several times the work
 * of a small call. Returns undefined when the call is not one it runs: then the caller runs it on the full
 * EVM, as before, with the same result.
 *
 * It takes a call to contract code (not a precompile, not a create) with no value, a zero gas price and no
 * access list, from a sender without code (ethereumjs refuses those, EIP-3607), under Cancun's rules (every
 * Firn chain's). The interpreter hands back anything else it meets (see runView).
 */
export async function tryViewCall(vm: VM, state: StateManagerInterface, block: Block, req: CallRequest, gasLimit: bigint): Promise<CallOutcome | undefined> {
  if (req.to === undefined || (req.value ?? 0n) !== 0n || req.accessList?.length) return undefined;
  if (callGasPrice(req) !== 0n) return undefined;
  // the gas table is Cancun's (opcodes, EIP-2929 access costs, no Prague calldata floor)
  if (gasLimit > BigInt(Number.MAX_SAFE_INTEGER) || vm.common.hardfork() !== Hardfork.Cancun) return undefined;
  const to = new Address(req.to);
  if (vm.evm.getPrecompile === undefined || vm.evm.getPrecompile(to) !== undefined) return undefined;
  const code = await state.getCode(to);
  if (code.length === 0) return undefined;
  const from = new Address(req.from ?? new Uint8Array(20));
  if (req.from !== undefined && (await state.getAccount(from))?.isContract()) return undefined;

  const calldata = req.data ?? EMPTY;
  let intrinsic = TX_GAS;
  for (let i = 0; i < calldata.length; i++) intrinsic += calldata[i] === 0 ? ZERO_BYTE_GAS : NONZERO_BYTE_GAS;
  const gas = Number(gasLimit) - intrinsic;
  if (gas < 0) return undefined;

  const address = wordOf(to.bytes);
  const sender = wordOf(from.bytes);
  const header = block.header;
  const coinbase = wordOf(header.coinbase.bytes);
  const warm = new Set<bigint>([sender, address]);
  if (vm.common.isActivatedEIP(3651)) warm.add(coinbase);

  const result = await runView({
    code, address, caller: sender, origin: sender, calldata, gas, warm, precompiles: precompileSet(vm.evm.precompiles),
    block: { coinbase, timestamp: header.timestamp, number: header.number, gasLimit: header.gasLimit, baseFee: header.baseFeePerGas ?? 0n, chainId: vm.common.chainId() },
    host: new StateHost(state, to),
  });
  if (result === undefined) return undefined;
  return {
    success: !result.reverted, reverted: result.reverted, returnValue: result.data, gasUsed: gasLimit - BigInt(result.gasLeft),
    ...(result.reverted ? { error: 'revert' } : {}),
  };
}

/** The precompiles' addresses as numbers, per active set (it changes only with the hardfork). */
const precompileSets = new WeakMap<Map<string, unknown>, ReadonlySet<bigint>>();

function precompileSet(precompiles: Map<string, unknown>): ReadonlySet<bigint> {
  let set = precompileSets.get(precompiles);
  if (set === undefined) precompileSets.set(precompiles, (set = new Set([...precompiles.keys()].map((key) => BigInt('0x' + key)))));
  return set;
}

class StateHost implements ViewHost {
  constructor(private readonly state: StateManagerInterface, private readonly self: Address) {}

  async balance(address: bigint): Promise<bigint> {
    return (await this.state.getAccount(toAddress(address)))?.balance ?? 0n;
  }

  code(address: bigint): Promise<Uint8Array> {
    return this.state.getCode(toAddress(address));
  }

  async codeHash(address: bigint): Promise<bigint> {
    const account = await this.state.getAccount(toAddress(address));
    return account === undefined || account.isEmpty() ? 0n : wordOf(account.codeHash);
  }

  async sload(slot: bigint): Promise<bigint> {
    const value = await this.state.getStorage(this.self, bytesOf(slot, 32));
    return wordOf(value);
  }
}

function toAddress(address: bigint): Address {
  return new Address(bytesOf(address, 20));
}
