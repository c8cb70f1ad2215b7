import type { EVM, EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address, setLengthLeft } from '@ethereumjs/util';
import type { AfterTxEvent, VM } from '@ethereumjs/vm';
import { OP, isCallOp, isCreateOp, opName } from './opcodes.js';
import type { FrameType, OpcodeStep, StateReader, Tracer } from './types.js';
import { type FailedStep, gethVmError } from './vm-errors.js';

/** geth's error when a trace runs past its timeout. */
export class TraceTimeout extends Error {
  constructor() { super('execution timeout'); }
}

const FRAME_TYPES: Record<number, FrameType> = {
  [OP.CALL]: 'CALL', [OP.CALLCODE]: 'CALLCODE', [OP.DELEGATECALL]: 'DELEGATECALL', [OP.STATICCALL]: 'STATICCALL',
  [OP.CREATE]: 'CREATE', [OP.CREATE2]: 'CREATE2',
};
const EMPTY = new Uint8Array(0);
/** Steps between checks of the deadline and yields to the event loop (block production, other requests). */
const YIELD_EVERY = 512;

interface Frame {
  type: FrameType;
  last?: FailedStep & { index: number };
  /** A callee was entered since the last CALL/CREATE op (a call that fails fast enters none). */
  entered: boolean;
  returnData: Uint8Array;
  selfdestruct?: { from: Uint8Array; to: Uint8Array; value: bigint };
}

export function stateReader(state: MerkleStateManager): StateReader {
  return {
    async account(address) {
      const a = new Address(address);
      const acct = await state.getAccount(a);
      if (!acct) return { balance: 0n, nonce: 0n, code: EMPTY };
      return { balance: acct.balance, nonce: acct.nonce, code: await state.getCode(a) };
    },
    async storage(address, slot) {
      const a = new Address(address);
      if (!(await state.getAccount(a))) return new Uint8Array(32);
      return setLengthLeft(await state.getStorage(a, setLengthLeft(slot, 32)), 32);
    },
  };
}

/**
 * Feeds one tracer from ethereumjs' events for the txs run on `vm` until the returned `detach` is called.
 * Listeners that await state reads take ethereumjs' (data, resolve) form; a failure there (or the deadline)
 * is thrown from the next step's synchronous listener, which aborts the EVM run.
 */
export function observe(vm: VM, state: MerkleStateManager, tracer: Tracer, opts: { coinbase: Uint8Array; deadline?: number }) {
  const evm = vm.evm as EVM;
  const reader = stateReader(state);
  const frames: Frame[] = [];
  let failure: Error | undefined;
  let index = 0;
  let prevFrame: Frame | undefined;

  const guarded = <T>(fn: (x: T) => Promise<void>) => (x: T, resolve?: (r?: unknown) => void) => {
    fn(x).catch((e: unknown) => { failure ??= e as Error; }).finally(() => resolve?.());
  };

  const beforeTx = guarded(async (tx: TypedTransaction) => {
    frames.length = 0;
    index = 0;
    await tracer.onTxStart?.({ from: tx.getSenderAddress().bytes, ...(tx.to ? { to: tx.to.bytes } : {}), gasLimit: tx.gasLimit, coinbase: opts.coinbase }, reader);
  });

  const beforeMessage = guarded(async (msg: Message) => {
    const parent = frames[frames.length - 1];
    let type: FrameType;
    if (msg.depth === 0 || !parent) type = msg.to ? 'CALL' : 'CREATE';
    else type = FRAME_TYPES[parent.last?.op ?? -1] ?? (msg.to ? 'CALL' : 'CREATE');
    if (parent) parent.entered = true;
    frames.push({ type, entered: false, returnData: EMPTY });
    // geth: DELEGATECALL/CALLCODE frames go from the executing contract to the code's address
    const to = msg.to ? msg.codeAddress : undefined;
    tracer.onEnter?.({
      depth: msg.depth, type,
      from: (msg.delegatecall ? msg.to! : msg.caller).bytes,
      ...(to ? { to: to.bytes } : {}),
      input: msg.data.slice(), gas: msg.gasLimit, // the caller's memory changes later
      ...(type === 'STATICCALL' ? {} : { value: msg.value }),
    });
  });

  const afterMessage = guarded(async (res: EVMResult) => {
    const frame = frames.pop();
    if (!frame) return;
    const depth = frames.length;
    const exec = res.execResult;
    const output = exec.returnValue.slice();
    const isCreate = frame.type === 'CREATE' || frame.type === 'CREATE2';
    let error: string | undefined;
    if (exec.exceptionError) {
      const mapped = gethVmError(exec.exceptionError.error, frame.last, isCreate);
      error = mapped.message;
      if (mapped.onStep && frame.last) tracer.onStepFault?.(frame.last.index, error);
    } else if (frame.selfdestruct && frame.last?.op === OP.SELFDESTRUCT) {
      const sd = frame.selfdestruct;
      tracer.onEnter?.({ depth: depth + 1, type: 'SELFDESTRUCT', from: sd.from, to: sd.to, input: EMPTY, gas: 0n, value: sd.value });
      tracer.onExit?.({ depth: depth + 1, output: EMPTY, gasUsed: 0n, reverted: false });
    }
    const reverted = exec.exceptionError !== undefined;
    tracer.onExit?.({
      depth, output, gasUsed: exec.executionGasUsed, reverted,
      ...(error !== undefined ? { error } : {}),
      ...(isCreate && !reverted && res.createdAddress ? { created: res.createdAddress.bytes } : {}),
    });
    const parent = frames[frames.length - 1];
    // the caller's RETURNDATA: a successful CREATE leaves none, a failed frame only its revert data
    if (parent) parent.returnData = (isCreate && !reverted) || (reverted && exec.exceptionError?.error !== 'revert') ? EMPTY : output;
  });

  const checkStep = () => {
    if (failure) throw failure;
    if (opts.deadline !== undefined && index % YIELD_EVERY === 0 && Date.now() > opts.deadline) throw (failure = new TraceTimeout());
  };

  const onStep = guarded(async (ev: InterpreterStep) => {
    const frame = frames[frames.length - 1];
    if (!frame) return;
    // a CALL/CREATE that entered no callee (depth limit, balance) leaves empty return data
    if (frame === prevFrame && frame.last && (isCallOp(frame.last.op) || isCreateOp(frame.last.op)) && !frame.entered) frame.returnData = EMPTY;
    prevFrame = frame;
    const op = ev.opcode.code;
    const fee = ev.opcode.dynamicFee ?? BigInt(ev.opcode.fee);
    let cost = fee;
    if (isCallOp(op) && fee <= ev.gasLeft && ev.stack.length > 0) {
      const available = ev.gasLeft - fee;
      const cap = available - available / 64n;
      const requested = ev.stack[ev.stack.length - 1]!;
      cost += requested < cap ? requested : cap;
    }
    const step: OpcodeStep = {
      index: index++, pc: ev.pc, op, opName: opName(op), gas: ev.gasLeft, cost, depth: ev.depth + 1,
      stack: ev.stack, memory: padMemory(ev.memory, Number(ev.memoryWordCount) * 32), address: ev.address.bytes, refund: ev.gasRefund, returnData: frame.returnData,
    };
    frame.last = { index: step.index, op, gas: ev.gasLeft, fee, stackLength: ev.stack.length };
    frame.entered = false;
    if (op === OP.SELFDESTRUCT && ev.stack.length > 0) {
      const to = bigToBytes(ev.stack[ev.stack.length - 1]!).slice(12);
      frame.selfdestruct = { from: ev.address.bytes, to, value: (await reader.account(ev.address.bytes)).balance };
    }
    if (op >= OP.LOG0 && op <= OP.LOG4 && tracer.onLog) emitLog(tracer, ev, op - OP.LOG0);
    await tracer.onOpcode?.(step, reader);
    if (step.index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((r) => setImmediate(r));
  });

  const afterTx = guarded(async (ev: AfterTxEvent) => {
    const err = ev.execResult.exceptionError;
    const top = err ? gethVmError(err.error, undefined, false).message : undefined;
    await tracer.onTxEnd?.({ gasUsed: ev.totalGasSpent, output: ev.execResult.returnValue, ...(top ? { error: top } : {}) }, reader);
  });

  vm.events.on('beforeTx', beforeTx);
  vm.events.on('afterTx', afterTx);
  evm.events.on('step', checkStep);
  evm.events.on('step', onStep);
  evm.events.on('beforeMessage', beforeMessage);
  evm.events.on('afterMessage', afterMessage);
  return {
    /** The first error a listener met (or the timeout), to rethrow after the run. */
    failure: () => failure,
    detach() {
      vm.events.off('beforeTx', beforeTx);
      vm.events.off('afterTx', afterTx);
      evm.events.off('step', checkStep);
      evm.events.off('step', onStep);
      evm.events.off('beforeMessage', beforeMessage);
      evm.events.off('afterMessage', afterMessage);
    },
  };
}

function padMemory(m: Uint8Array, size: number): Uint8Array {
  if (m.length >= size) return m.length === size ? m : m.subarray(0, size);
  const out = new Uint8Array(size);
  out.set(m);
  return out;
}

function bigToBytes(n: bigint): Uint8Array {
  return new Uint8Array(Buffer.from(n.toString(16).padStart(64, '0'), 'hex'));
}

/** LOGn's address, topics and data, read off the stack and memory before the op runs. */
function emitLog(tracer: Tracer, ev: InterpreterStep, topics: number): void {
  const s = ev.stack;
  if (s.length < topics + 2) return;
  const offset = s[s.length - 1]!;
  const size = s[s.length - 2]!;
  if (size > 1n << 32n || offset > 1n << 32n) return; // would run out of gas
  const data = new Uint8Array(Number(size));
  const o = Number(offset);
  if (o < ev.memory.length) data.set(ev.memory.subarray(o, Math.min(o + data.length, ev.memory.length)));
  const t: Uint8Array[] = [];
  for (let i = 0; i < topics; i++) t.push(bigToBytes(s[s.length - 3 - i]!));
  tracer.onLog!({ address: ev.address.bytes, topics: t, data });
}
