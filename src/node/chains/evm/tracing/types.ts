/**
 * The tracer interface: geth's tracing hooks (core/tracing), fed from ethereumjs' EVM events by
 * `observe.ts`. Tracers see geth's view of execution: 1-based opcode depths, geth's gas costs and error
 * wording, frame types as the opcode that opened them.
 */

export type FrameType = 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT';

/** Reads of the state being executed on, at the moment of the hook. */
export interface StateReader {
  account(address: Uint8Array): Promise<{ balance: bigint; nonce: bigint; code: Uint8Array }>;
  /** A storage slot, 32 bytes. */
  storage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array>;
}

export interface TxStart {
  from: Uint8Array;
  /** Undefined for contract creation. */
  to?: Uint8Array;
  gasLimit: bigint;
  coinbase: Uint8Array;
}

export interface TxEnd {
  /** The receipt's gasUsed. */
  gasUsed: bigint;
  output: Uint8Array;
  /** geth's VM error text, undefined on success. */
  error?: string;
}

export interface FrameEnter {
  /** 0 for the transaction's own frame. */
  depth: number;
  type: FrameType;
  from: Uint8Array;
  /** For CREATE/CREATE2 the new address is only known at exit. */
  to?: Uint8Array;
  input: Uint8Array;
  gas: bigint;
  /** Undefined where geth passes nil (STATICCALL). */
  value?: bigint;
}

export interface FrameExit {
  depth: number;
  output: Uint8Array;
  gasUsed: bigint;
  error?: string;
  reverted: boolean;
  /** The address a CREATE/CREATE2 frame created. */
  created?: Uint8Array;
}

export interface OpcodeStep {
  /** Sequence number within the transaction (for `onStepFault`). */
  index: number;
  pc: number;
  op: number;
  /** geth's opcode name. */
  opName: string;
  /** Gas left before the op. */
  gas: bigint;
  /** geth's cost: static + dynamic gas, plus the gas handed to the callee for the CALL family. */
  cost: bigint;
  /** 1-based, as geth. */
  depth: number;
  /** Bottom first. */
  stack: bigint[];
  /** Memory before the op (before its expansion). */
  memory: Uint8Array;
  /** The executing account (storage context). */
  address: Uint8Array;
  refund: bigint;
  /** The last call's return data in this frame. */
  returnData: Uint8Array;
}

export interface EmittedLog {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
}

export interface Tracer {
  onTxStart?(tx: TxStart, state: StateReader): Promise<void> | void;
  onEnter?(frame: FrameEnter): void;
  onExit?(frame: FrameExit): void;
  onOpcode?(step: OpcodeStep, state: StateReader): Promise<void> | void;
  /** The step `index` failed before executing (out of gas, stack under/overflow): geth logs it with the error. */
  onStepFault?(index: number, error: string): void;
  onLog?(log: EmittedLog): void;
  onTxEnd?(end: TxEnd, state: StateReader): Promise<void> | void;
  /** The JSON-ready result. */
  result(): unknown;
}
