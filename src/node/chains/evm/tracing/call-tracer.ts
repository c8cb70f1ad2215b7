import { bytesToHex } from '../../../../lib/hex.js';
import { unpackRevert } from '../revert-reason.js';
import type { EmittedLog, FrameEnter, FrameExit, FrameType, Tracer, TxEnd, TxStart } from './types.js';

/** callTracer's tracerConfig. */
export interface CallTracerConfig {
  onlyTopCall: boolean;
  withLog: boolean;
}

interface CallLog { address: string; topics: string[]; data: string; position: string }

interface Frame {
  type: FrameType;
  from: Uint8Array;
  gas: bigint;
  gasUsed: bigint;
  to?: Uint8Array;
  input: Uint8Array;
  output?: Uint8Array;
  error?: string;
  revertReason?: string;
  calls: Frame[];
  logs: CallLog[];
  value?: bigint;
  failed: boolean;
}

/** geth's native callTracer (eth/tracers/native/call.go): the tree of call frames, optionally with logs. */
export class CallTracer implements Tracer {
  private readonly stack: Frame[] = [];
  private gasLimit = 0n;
  private depth = 0;

  constructor(private readonly cfg: CallTracerConfig) {}

  onTxStart(tx: TxStart): void {
    this.gasLimit = tx.gasLimit;
  }

  onEnter(f: FrameEnter): void {
    this.depth = f.depth;
    if (this.cfg.onlyTopCall && f.depth > 0) return;
    this.stack.push({
      type: f.type, from: f.from, gas: f.depth === 0 ? this.gasLimit : f.gas, gasUsed: 0n, input: f.input, calls: [], logs: [], failed: false,
      ...(f.to ? { to: f.to } : {}), ...(f.value !== undefined ? { value: f.value } : {}),
    });
  }

  onExit(f: FrameExit): void {
    if (f.depth === 0) {
      if (this.stack.length === 1) processOutput(this.stack[0]!, f);
      return;
    }
    this.depth = f.depth - 1;
    if (this.cfg.onlyTopCall || this.stack.length <= 1) return;
    const call = this.stack.pop()!;
    call.gasUsed = f.gasUsed;
    processOutput(call, f);
    this.stack[this.stack.length - 1]!.calls.push(call);
  }

  onLog(log: EmittedLog): void {
    if (!this.cfg.withLog || (this.cfg.onlyTopCall && this.depth > 0)) return;
    const top = this.stack[this.stack.length - 1];
    if (!top) return;
    top.logs.push({
      address: bytesToHex(log.address), topics: log.topics.map(bytesToHex), data: bytesToHex(log.data), position: '0x' + top.calls.length.toString(16),
    });
  }

  onTxEnd(end: TxEnd): void {
    const root = this.stack[0];
    if (!root) return;
    root.gasUsed = end.gasUsed;
    if (this.cfg.withLog) clearFailedLogs(root, false);
  }

  result(): unknown {
    if (this.stack.length !== 1) throw new Error('incorrect number of top-level calls');
    return render(this.stack[0]!);
  }
}

function processOutput(f: Frame, exit: FrameExit): void {
  if (exit.created) f.to = exit.created;
  if (exit.error === undefined) {
    f.output = exit.output;
    return;
  }
  f.error = exit.error;
  f.failed = exit.reverted;
  if (f.type === 'CREATE' || f.type === 'CREATE2') delete f.to;
  if (exit.error !== 'execution reverted' || exit.output.length === 0) return;
  f.output = exit.output;
  const reason = unpackRevert(exit.output);
  if (reason !== undefined) f.revertReason = reason;
}

function clearFailedLogs(f: Frame, parentFailed: boolean): void {
  const failed = (f.error !== undefined && f.failed) || parentFailed;
  if (failed) f.logs = [];
  for (const c of f.calls) clearFailedLogs(c, failed);
}

/** JSON in geth's field order (gencodec): from, gas, gasUsed, to, input, output, error, revertReason, calls, logs, value, type. */
function render(f: Frame): Record<string, unknown> {
  return {
    from: bytesToHex(f.from),
    gas: '0x' + f.gas.toString(16),
    gasUsed: '0x' + f.gasUsed.toString(16),
    ...(f.to ? { to: bytesToHex(f.to) } : {}),
    input: bytesToHex(f.input),
    ...(f.output && f.output.length > 0 ? { output: bytesToHex(f.output) } : {}),
    ...(f.error !== undefined ? { error: f.error } : {}),
    ...(f.revertReason ? { revertReason: f.revertReason } : {}),
    ...(f.calls.length > 0 ? { calls: f.calls.map(render) } : {}),
    ...(f.logs.length > 0 ? { logs: f.logs } : {}),
    ...(f.value !== undefined ? { value: '0x' + f.value.toString(16) } : {}),
    type: f.type,
  };
}
