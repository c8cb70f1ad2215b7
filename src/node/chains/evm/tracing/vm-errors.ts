import { OP, opName, stackRequired } from './opcodes.js';

/** The op a frame failed on, as the observer saw it. */
export interface FailedStep {
  op: number;
  gas: bigint;
  /** Static + dynamic gas ethereumjs computed for the op (without gas handed to a callee). */
  fee: bigint;
  stackLength: number;
}

/** How geth reports a frame's failure, and whether geth logs it on the failing op (errors raised before the op runs). */
export interface GethVmError {
  message: string;
  onStep: boolean;
}

/** ethereumjs' EVMError texts → geth's core/vm errors. */
export function gethVmError(ethjs: string, last: FailedStep | undefined, isCreate: boolean): GethVmError {
  switch (ethjs) {
    case 'out of gas':
    case 'code store out of gas':
      // The frame's last op was RETURN and paid for itself: the code deposit ran out of gas, after the frame.
      if (isCreate && last?.op === OP.RETURN && last.fee <= last.gas) return { message: 'contract creation code storage out of gas', onStep: false };
      return { message: 'out of gas', onStep: last !== undefined };
    case 'revert': return { message: 'execution reverted', onStep: false };
    case 'invalid JUMP': return { message: 'invalid jump destination', onStep: false };
    case 'invalid opcode': return { message: `invalid opcode: ${last ? opName(last.op) : 'INVALID'}`, onStep: false };
    case 'stack underflow':
      return last
        ? { message: `stack underflow (${last.stackLength} <=> ${stackRequired(last.op)})`, onStep: true }
        : { message: 'stack underflow', onStep: false };
    case 'stack overflow': return { message: `stack limit reached ${last?.stackLength ?? 1024} (1023)`, onStep: last !== undefined };
    case 'static state change': return { message: 'write protection', onStep: false };
    case 'value out of range': return { message: 'return data out of bounds', onStep: false };
    case 'code size to deposit exceeds maximum code size': return { message: 'max code size exceeded', onStep: false };
    case 'create collision': return { message: 'contract address collision', onStep: false };
    case 'invalid bytecode deployed': return { message: 'invalid code: must not begin with 0xef', onStep: false };
    case 'initcode exceeds max initcode size': return { message: 'max initcode size exceeded', onStep: false };
    case 'insufficient balance': return { message: 'insufficient balance for transfer', onStep: false };
    default: return { message: ethjs, onStep: false };
  }
}
