import type { EVM, EVMResult, Message } from '@ethereumjs/evm';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Address } from '@ethereumjs/util';
import type { RunTxResult, VM } from '@ethereumjs/vm';
import { CallTracer } from './call-tracer.js';
import type { FrameType } from './types.js';
import { gethVmError } from './vm-errors.js';

/** ethereumjs errors whose geth wording needs the failing opcode, which only the per-opcode hook sees. */
const NEEDS_OPCODE = new Set(['invalid opcode', 'stack underflow', 'stack overflow']);
const EMPTY = new Uint8Array(0);

/**
 * Records each tx's callTracer result (geth's default config: every frame, no logs) while the block builder
 * runs it, from ethereumjs' message events alone: a per-opcode hook would slow block building by half, and
 * a later `debug_traceBlockByNumber` with callTracer (what an indexer asks of every block) then needs no
 * re-execution. A frame's type comes from its message (delegatecall, a separate code address for CALLCODE,
 * a salt for CREATE2, a static message under a non-static caller for STATICCALL). Where the message cannot
 * tell — a call inside a static frame (CALL or STATICCALL), a selfdestruct, or an error geth words after
 * the opcode that raised it — the tx gets no record, and tracing it replays the block as before.
 */
export class CallRecorder {
  private tracer: CallTracer | undefined;
  private readonly frames: { isStatic: boolean; isCreate: boolean }[] = [];
  private recordable = false;

  constructor(vm: VM) {
    const evm = vm.evm as EVM;
    // one-argument listeners: ethereumjs calls them synchronously, without a promise per message
    evm.events.on('beforeMessage', (msg: Message) => this.enter(msg));
    evm.events.on('afterMessage', (res: EVMResult) => this.exit(res));
  }

  /** The builder is about to run `tx` from `sender`. */
  beginTx(tx: TypedTransaction, sender: Uint8Array): void {
    this.tracer = new CallTracer({ onlyTopCall: false, withLog: false });
    this.frames.length = 0;
    this.recordable = true;
    this.tracer.onTxStart({ from: sender, gasLimit: tx.gasLimit, coinbase: EMPTY, ...(tx.to ? { to: tx.to.bytes } : {}) });
  }

  /** The tx ran and is in the block: its callTracer result as JSON, or undefined when it could not be recorded. */
  endTx(res: RunTxResult): string | undefined {
    const tracer = this.tracer;
    this.tracer = undefined;
    if (!tracer || !this.recordable) return undefined;
    const err = res.execResult.exceptionError;
    tracer.onTxEnd({ gasUsed: res.totalGasSpent, output: res.execResult.returnValue, ...(err ? { error: gethVmError(err.error, undefined, false).message } : {}) });
    return JSON.stringify(tracer.result());
  }

  /** The tx failed before execution and is not in the block. */
  abandonTx(): void {
    this.tracer = undefined;
  }

  private enter(msg: Message): void {
    if (!this.tracer || !this.recordable) return;
    const parent = this.frames[this.frames.length - 1];
    const type = frameType(msg, parent?.isStatic);
    if (type === undefined) {
      this.recordable = false;
      return;
    }
    this.frames.push({ isStatic: msg.isStatic, isCreate: type === 'CREATE' || type === 'CREATE2' });
    // geth: DELEGATECALL/CALLCODE frames go from the executing contract to the code's address
    const to = msg.to ? msg.codeAddress : undefined;
    this.tracer.onEnter({
      depth: msg.depth, type,
      from: (msg.delegatecall ? msg.to! : msg.caller).bytes,
      ...(to ? { to: to.bytes } : {}),
      input: msg.data.slice(), gas: msg.gasLimit,
      ...(type === 'STATICCALL' ? {} : { value: msg.value }),
    });
  }

  private exit(res: EVMResult): void {
    if (!this.tracer || !this.recordable) return;
    const frame = this.frames.pop();
    if (!frame) return;
    const exec = res.execResult;
    const failure = exec.exceptionError?.error;
    const outOfGas = failure === 'out of gas' || failure === 'code store out of gas';
    if ((exec.selfdestruct?.size ?? 0) > 0 || (failure !== undefined && (NEEDS_OPCODE.has(failure) || (frame.isCreate && outOfGas)))) {
      this.recordable = false;
      return;
    }
    const reverted = failure !== undefined;
    this.tracer.onExit({
      depth: this.frames.length, output: exec.returnValue.slice(), gasUsed: exec.executionGasUsed, reverted,
      ...(failure !== undefined ? { error: gethVmError(failure, undefined, frame.isCreate).message } : {}),
      ...(frame.isCreate && !reverted && res.createdAddress ? { created: res.createdAddress.bytes } : {}),
    });
  }
}

/** The opcode that opened a message's frame, or undefined when the message does not tell. */
function frameType(msg: Message, parentStatic: boolean | undefined): FrameType | undefined {
  if (!msg.to) return msg.salt !== undefined ? 'CREATE2' : 'CREATE';
  if (parentStatic === undefined) return 'CALL';
  if (msg.delegatecall) return 'DELEGATECALL';
  if ((msg as unknown as { _codeAddress?: Address })._codeAddress !== undefined) return 'CALLCODE';
  if (!msg.isStatic) return 'CALL';
  return parentStatic ? undefined : 'STATICCALL';
}
