import { bytesToHex, hexOf } from '../../../../lib/hex.js';
import { OP } from './opcodes.js';
import type { OpcodeStep, StateReader, Tracer, TxEnd } from './types.js';

/** geth's logger.Config (eth/tracers/logger). */
export interface StructLoggerConfig {
  enableMemory: boolean;
  disableStack: boolean;
  disableStorage: boolean;
  enableReturnData: boolean;
  /** Maximum number of logs; 0 = unlimited. */
  limit: number;
}

/** One entry of `structLogs`, keys in geth's StructLogRes order. */
interface StructLogRes {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: string[];
  returnData?: string;
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
}

const plainHex = (b: Uint8Array) => hexOf(b);

/** The default tracer: one entry per executed opcode, as libevm's StructLogger renders them. */
export class StructLogger implements Tracer {
  private readonly logs: StructLogRes[] = [];
  private readonly byIndex = new Map<number, StructLogRes>();
  /** Per contract, the slots SLOAD/SSTORE have touched so far (geth reports the accumulated map). */
  private readonly storage = new Map<string, Map<string, string>>();
  private end: TxEnd | undefined;

  constructor(private readonly cfg: StructLoggerConfig) {}

  async onOpcode(step: OpcodeStep, state: StateReader): Promise<void> {
    if (this.cfg.limit !== 0 && this.logs.length >= this.cfg.limit) return;
    const log: StructLogRes = { pc: step.pc, op: step.opName, gas: Number(step.gas), gasCost: Number(step.cost), depth: step.depth };
    if (!this.cfg.disableStack) log.stack = step.stack.map((v) => '0x' + v.toString(16));
    if (this.cfg.enableReturnData && step.returnData.length > 0) log.returnData = bytesToHex(step.returnData);
    if (this.cfg.enableMemory) {
      const words: string[] = [];
      for (let i = 0; i + 32 <= step.memory.length; i += 32) words.push(plainHex(step.memory.subarray(i, i + 32)));
      log.memory = words;
    }
    const n = step.stack.length;
    if (!this.cfg.disableStorage && ((step.op === OP.SLOAD && n >= 1) || (step.op === OP.SSTORE && n >= 2))) {
      const contract = plainHex(step.address);
      let slots = this.storage.get(contract);
      if (!slots) this.storage.set(contract, (slots = new Map()));
      const key = step.stack[n - 1]!.toString(16).padStart(64, '0');
      const value = step.op === OP.SLOAD
        ? plainHex(await state.storage(step.address, Buffer.from(key, 'hex')))
        : step.stack[n - 2]!.toString(16).padStart(64, '0');
      slots.set(key, value);
      log.storage = Object.fromEntries(slots);
    }
    if (step.refund !== 0n) log.refund = Number(step.refund);
    this.logs.push(log);
    this.byIndex.set(step.index, log);
  }

  onStepFault(index: number, error: string): void {
    const log = this.byIndex.get(index);
    if (!log) return;
    // keep geth's key order: error comes right after depth
    const { pc, op, gas, gasCost, depth, ...rest } = log;
    for (const k of Object.keys(log)) delete (log as unknown as Record<string, unknown>)[k];
    Object.assign(log, { pc, op, gas, gasCost, depth, error, ...rest });
  }

  onTxEnd(end: TxEnd): void {
    this.end = end;
  }

  result(): unknown {
    const failed = this.end?.error !== undefined;
    const keepOutput = !failed || this.end?.error === 'execution reverted';
    return {
      gas: Number(this.end?.gasUsed ?? 0n),
      failed,
      returnValue: keepOutput && this.end ? plainHex(this.end.output) : '',
      structLogs: this.logs,
    };
  }
}
