import { EVM, EVMError, type EVMOpts, type EVMResult, type ExecResult, type Message, NobleBN254, type PrecompileFunc, type PrecompileInput } from '@ethereumjs/evm';
import { Account, Address, type PrefixedHexString, equalsBytes, setLengthLeft } from '@ethereumjs/util';
import { createVM, type VM } from '@ethereumjs/vm';
import { CORETH_EVM_OPTS, type VmParts } from '../evm/chain-rules.js';
import { type WarpChainContext, WarpPredicates } from '../evm/warp/warp-predicates.js';
import { type SubnetEvmConfig, activeConfig, isPrecompileEnabled, rulesAt } from './chain-config.js';
import { DEPLOYER_ALLOW_LIST_ADDRESS } from './precompiles/addresses.js';
import { DEPLOYER_ALLOW_LIST_MODULE } from './precompiles/allow-list-modules.js';
import { checksum, isEnabledRole, readRole } from './precompiles/allow-list.js';
import { FunctionTable } from './precompiles/dispatch.js';
import { GasMeter, PrecompileError, type PrecompileModule, type PrecompileState } from './precompiles/types.js';
import { WARP_CONFIG_KEY, type WarpModuleSettings } from './precompiles/warp.js';

const hexOf = (address: Address | PrefixedHexString) =>
  typeof address === 'string' ? address.slice(2).padStart(40, '0').toLowerCase() : Buffer.from(address.bytes).toString('hex');

/**
 * ethereumjs' EVM with subnet-EVM's execution hooks (params/hooks_libevm.go):
 * - the stateful precompiles, each live only while its config is enabled at the block's time, seeing its
 *   caller, the static flag and journaled state; from Granite a DELEGATECALL or CALLCODE into one reverts;
 * - the ContractDeployerAllowList check on every contract creation (tx.origin must be enabled), after the
 *   creator's nonce is bumped and before anything else.
 * Stateful precompiles are not warmed at the start of a tx (they are not in `precompiles`), as in libevm.
 */
export class SubnetEvm extends EVM {
  /** The messages being executed, innermost last: a precompile reads its caller and static flag from the top. */
  private readonly frames: Message[] = [];
  private readonly stateful = new Map<string, { module: PrecompileModule; run: PrecompileFunc }>();
  /** Warp predicates of the running tx and block (with warp wiring only). */
  readonly warpPredicates: WarpPredicates | undefined;

  constructor(opts: EVMOpts, private readonly chain: SubnetEvmConfig, warp?: WarpChainContext) {
    super(opts);
    if (warp && chain.modules.some((m) => m.key === WARP_CONFIG_KEY)) {
      const settingsAt = (time: bigint) => {
        const c = activeConfig(chain, WARP_CONFIG_KEY, time);
        return c && !c.disable ? (c.settings as WarpModuleSettings).warp : undefined;
      };
      this.warpPredicates = new WarpPredicates(warp, settingsAt, (time) => rulesAt(chain, time));
    }
    for (const module of chain.modules) {
      const table = new FunctionTable(module.functions);
      this.stateful.set(Buffer.from(module.address).toString('hex'), { module, run: (input) => this.runStateful(module, table, input) });
    }
  }

  private get blockTime(): bigint {
    return this._block?.header.timestamp ?? 0n;
  }

  override getPrecompile(address: Address | PrefixedHexString): PrecompileFunc | undefined {
    const s = this.stateful.get(hexOf(address));
    if (s && isPrecompileEnabled(this.chain, s.module.key, this.blockTime)) return s.run;
    return super.getPrecompile(address);
  }

  protected override async _executeCall(message: Message & { to: Address }): Promise<EVMResult> {
    this.frames.push(message);
    try {
      return await super._executeCall(message);
    } finally {
      this.frames.pop();
    }
  }

  protected override async _executeCreate(message: Message): Promise<EVMResult> {
    if (isPrecompileEnabled(this.chain, DEPLOYER_ALLOW_LIST_MODULE.key, this.blockTime)) {
      const origin = this._tx?.origin ?? message.caller;
      if (!isEnabledRole(await readRole(this.precompileState, DEPLOYER_ALLOW_LIST_ADDRESS, origin.bytes))) {
        // the receipt still names the address the contract would have had, as geth's does
        return { createdAddress: await this._generateAddress(message), execResult: failure(message.gasLimit, `tx.origin ${checksum(origin.bytes)} is not authorized to deploy a contract`) };
      }
    }
    return super._executeCreate(message);
  }

  /** Journaled state as the running call sees it: undone with the call frame if it fails. */
  private readonly precompileState: PrecompileState = {
    getStorage: async (a, key) => setLengthLeft(await this.stateManager.getStorage(new Address(a), key), 32),
    putStorage: (a, key, value) => this.stateManager.putStorage(new Address(a), key, value),
    addBalance: async (a, amount) => {
      const address = new Address(a);
      const account = (await this.stateManager.getAccount(address)) ?? new Account();
      account.balance += amount;
      await this.journal.putAccount(address, account);
    },
  };

  private async runStateful(module: PrecompileModule, table: FunctionTable, input: PrecompileInput): Promise<ExecResult> {
    const message = this.frames.at(-1);
    if (!message) throw new Error('stateful precompile run outside a call');
    const rules = rulesAt(this.chain, this.blockTime);
    const delegated = message.delegatecall || !equalsBytes(message.to!.bytes, message.codeAddress.bytes);
    if (delegated && rules.IsGranite) return failure(input.gasLimit, EVMError.errorMessages.REVERT);
    const gas = new GasMeter(input.gasLimit);
    const call = {
      self: module.address, caller: message.caller.bytes, readOnly: message.isStatic, blockNumber: this._block?.header.number ?? 0n,
      rules, state: this.precompileState, gas, logs: [] as [Uint8Array, Uint8Array[], Uint8Array][],
      ...(this.warpPredicates ? { warp: this.warpPredicates.env() } : {}),
    };
    try {
      const returnValue = await table.run(input.data, call);
      return { returnValue, executionGasUsed: input.gasLimit - gas.left, logs: call.logs };
    } catch (e) {
      if (e instanceof PrecompileError) return failure(input.gasLimit, e.message);
      throw e;
    }
  }
}

/**
 * A failed call: every gas unit it was given is used (geth: any error but a revert leaves no gas). The
 * error carries the Go error text, which eth_call and eth_estimateGas report.
 */
function failure(gasLimit: bigint, error: string): ExecResult {
  return { returnValue: new Uint8Array(0), executionGasUsed: gasLimit, exceptionError: new EVMError(error as EVMError['error']) };
}

/**
 * A VM whose EVM runs subnet-EVM's hooks, with coreth's stateless precompiles (P256VERIFY from Granite); with
 * `warp`, the warp precompile sees its chain and each tx's predicates are charged before it runs.
 */
export async function createSubnetEvmVm(parts: VmParts, chain: SubnetEvmConfig, warp?: WarpChainContext): Promise<VM> {
  const evm = new SubnetEvm({ ...parts, bn254: new NobleBN254(), ...CORETH_EVM_OPTS }, chain, warp);
  const vm = await createVM({ ...parts, evm });
  const predicates = evm.warpPredicates;
  if (predicates) {
    // the first (sync) listener may throw to invalidate the tx; the second looks up a mined tx's results
    vm.events.on('beforeTx', (tx) => predicates.beforeTx(tx));
    vm.events.on('beforeTx', (tx, resolve) => void predicates.beforeTxResults(tx).finally(() => resolve?.()));
  }
  return vm;
}
