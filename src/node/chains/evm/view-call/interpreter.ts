import { keccak256 } from '../crypto.js';
import { analyseCode, pushValue } from './code-analysis.js';
import { COLD_ACCOUNT_ACCESS, COLD_SLOAD, STACK_IN, STACK_OUT, STATIC_GAS, WARM_ACCESS } from './gas-table.js';
import { MAX_VIEW_MEMORY, ViewMemory } from './memory.js';
import { wordOf } from './words.js';

/** What a view frame reads from the state (addresses are 160-bit numbers). */
export interface ViewHost {
  balance(address: bigint): Promise<bigint>;
  code(address: bigint): Promise<Uint8Array>;
  /** keccak256 of the account's code, or 0 for an account that does not exist or is empty (EIP-161). */
  codeHash(address: bigint): Promise<bigint>;
  /** A slot of the running contract. */
  sload(slot: bigint): Promise<bigint>;
}

/** One top-level message frame of an eth_call: the contract's code, its context and the gas it may use. */
export interface ViewFrame {
  code: Uint8Array;
  address: bigint;
  caller: bigint;
  origin: bigint;
  calldata: Uint8Array;
  gas: number;
  block: { coinbase: bigint; timestamp: bigint; number: bigint; gasLimit: bigint; baseFee: bigint; chainId: bigint };
  /** Addresses warm from the start (EIP-2929: sender, recipient, EIP-3651 coinbase); the set grows as the code touches others. */
  warm: Set<bigint>;
  /** The active precompiles' addresses, also warm from the start. */
  precompiles: ReadonlySet<bigint>;
  host: ViewHost;
}

export interface ViewResult {
  reverted: boolean;
  data: Uint8Array;
  gasLeft: number;
}

/**
 * Runs a frame that only reads state, or returns undefined — "not mine" — the moment it meets anything else:
 * an opcode outside the table (calls, creates, storage writes…), or any exceptional halt (out of gas, a bad
 * jump, a stack out of bounds, memory past MAX_VIEW_MEMORY). The caller then runs the call on the full EVM,
 * which gives those cases their exact errors; nothing here has written anything, so that costs only time.
 * Gas is charged exactly (Cancun, EIP-2929), since GAS exposes it to the code.
 */
export async function runView(f: ViewFrame): Promise<ViewResult | undefined> {
  const mem = ViewMemory.take();
  // a stack of 1024 slots is most of a small call's garbage: stacks are reused (left as they are: a slot is
  // always written before it is read)
  const stack = freeStacks.pop() ?? new Array<bigint>(1024).fill(0n);
  try {
    return await run(f, mem, stack);
  } finally {
    mem.release();
    if (freeStacks.length < 16) freeStacks.push(stack);
  }
}

const freeStacks: bigint[][] = [];

async function run(f: ViewFrame, mem: ViewMemory, stack: bigint[]): Promise<ViewResult | undefined> {
  const { code, calldata, host } = f;
  const analysis = analyseCode(code);
  const { jumpdests, pushes } = analysis;
  const warmSlots = new Set<bigint>();
  let transient: Map<bigint, bigint> | undefined;
  let sp = 0;
  let pc = 0;
  let gas = f.gas;

  /** Gas for growing memory to cover a range given as stack words; -1 when the range is out of reach. */
  const expand = (offset: bigint, length: bigint): number => {
    if (length === 0n) return 0;
    if (offset > MAX_OFFSET || length > MAX_OFFSET) return -1;
    return mem.expand(Number(offset), Number(length));
  };
  const copyGas = (length: bigint): number => (length > MAX_OFFSET ? -1 : 3 * Math.ceil(Number(length) / 32));
  const access = (address: bigint): number => {
    if (f.warm.has(address) || f.precompiles.has(address)) return WARM_ACCESS;
    f.warm.add(address);
    return COLD_ACCOUNT_ACCESS;
  };

  for (;;) {
    const op = pc < code.length ? code[pc]! : 0x00;
    const base = STATIC_GAS[op]!;
    if (base < 0) return undefined;
    if (sp < STACK_IN[op]! || sp - STACK_IN[op]! + STACK_OUT[op]! > 1024) return undefined;
    gas -= base;
    if (gas < 0) return undefined;

    switch (op) {
      case 0x00: return { reverted: false, data: EMPTY, gasLeft: gas };
      case 0x01: { sp--; stack[sp - 1] = BigInt.asUintN(256, stack[sp]! + stack[sp - 1]!); break; }
      case 0x02: { sp--; stack[sp - 1] = BigInt.asUintN(256, stack[sp]! * stack[sp - 1]!); break; }
      case 0x03: { sp--; stack[sp - 1] = BigInt.asUintN(256, stack[sp]! - stack[sp - 1]!); break; }
      case 0x04: { sp--; const d = stack[sp - 1]!; stack[sp - 1] = d === 0n ? 0n : stack[sp]! / d; break; }
      case 0x05: {
        sp--;
        const d = stack[sp - 1]!;
        stack[sp - 1] = d === 0n ? 0n : BigInt.asUintN(256, BigInt.asIntN(256, stack[sp]!) / BigInt.asIntN(256, d));
        break;
      }
      case 0x06: { sp--; const d = stack[sp - 1]!; stack[sp - 1] = d === 0n ? 0n : stack[sp]! % d; break; }
      case 0x07: {
        sp--;
        const d = stack[sp - 1]!;
        stack[sp - 1] = d === 0n ? 0n : BigInt.asUintN(256, BigInt.asIntN(256, stack[sp]!) % BigInt.asIntN(256, d));
        break;
      }
      case 0x08: { sp -= 2; const n = stack[sp - 1]!; stack[sp - 1] = n === 0n ? 0n : (stack[sp + 1]! + stack[sp]!) % n; break; }
      case 0x09: { sp -= 2; const n = stack[sp - 1]!; stack[sp - 1] = n === 0n ? 0n : (stack[sp + 1]! * stack[sp]!) % n; break; }
      case 0x0a: {
        sp--;
        const exponent = stack[sp - 1]!;
        gas -= 50 * byteLength(exponent);
        if (gas < 0) return undefined;
        stack[sp - 1] = power(stack[sp]!, exponent);
        break;
      }
      case 0x0b: {
        sp--;
        const b = stack[sp]!;
        const x = stack[sp - 1]!;
        if (b < 31n) {
          const bit = b * 8n + 7n;
          const mask = (1n << (bit + 1n)) - 1n;
          stack[sp - 1] = (x >> bit) & 1n ? BigInt.asUintN(256, x | ~mask) : x & mask;
        }
        break;
      }
      case 0x10: { sp--; stack[sp - 1] = stack[sp]! < stack[sp - 1]! ? 1n : 0n; break; }
      case 0x11: { sp--; stack[sp - 1] = stack[sp]! > stack[sp - 1]! ? 1n : 0n; break; }
      case 0x12: { sp--; stack[sp - 1] = BigInt.asIntN(256, stack[sp]!) < BigInt.asIntN(256, stack[sp - 1]!) ? 1n : 0n; break; }
      case 0x13: { sp--; stack[sp - 1] = BigInt.asIntN(256, stack[sp]!) > BigInt.asIntN(256, stack[sp - 1]!) ? 1n : 0n; break; }
      case 0x14: { sp--; stack[sp - 1] = stack[sp]! === stack[sp - 1]! ? 1n : 0n; break; }
      case 0x15: { stack[sp - 1] = stack[sp - 1]! === 0n ? 1n : 0n; break; }
      case 0x16: { sp--; stack[sp - 1] = stack[sp]! & stack[sp - 1]!; break; }
      case 0x17: { sp--; stack[sp - 1] = stack[sp]! | stack[sp - 1]!; break; }
      case 0x18: { sp--; stack[sp - 1] = stack[sp]! ^ stack[sp - 1]!; break; }
      case 0x19: { stack[sp - 1] = MAX ^ stack[sp - 1]!; break; }
      case 0x1a: { sp--; const i = stack[sp]!; stack[sp - 1] = i < 32n ? (stack[sp - 1]! >> (8n * (31n - i))) & 0xffn : 0n; break; }
      case 0x1b: { sp--; const s = stack[sp]!; stack[sp - 1] = s < 256n ? BigInt.asUintN(256, stack[sp - 1]! << s) : 0n; break; }
      case 0x1c: { sp--; const s = stack[sp]!; stack[sp - 1] = s < 256n ? stack[sp - 1]! >> s : 0n; break; }
      case 0x1d: {
        sp--;
        const s = stack[sp]!;
        const v = BigInt.asIntN(256, stack[sp - 1]!);
        stack[sp - 1] = BigInt.asUintN(256, v >> (s < 256n ? s : 256n));
        break;
      }
      case 0x20: {
        sp--;
        const offset = stack[sp]!;
        const length = stack[sp - 1]!;
        const words = copyGas(length);
        const grow = expand(offset, length);
        if (words < 0 || grow < 0) return undefined;
        gas -= 2 * words + grow;
        if (gas < 0) return undefined;
        const data = length === 0n ? EMPTY : mem.buf.subarray(Number(offset), Number(offset) + Number(length));
        stack[sp - 1] = wordOf(keccak256(data));
        break;
      }
      case 0x30: stack[sp++] = f.address; break;
      case 0x31: {
        const address = BigInt.asUintN(160, stack[sp - 1]!);
        gas -= access(address);
        if (gas < 0) return undefined;
        stack[sp - 1] = await host.balance(address);
        break;
      }
      case 0x32: stack[sp++] = f.origin; break;
      case 0x33: stack[sp++] = f.caller; break;
      case 0x34: stack[sp++] = 0n; break;
      case 0x35: {
        const i = stack[sp - 1]!;
        stack[sp - 1] = i >= BigInt(calldata.length) ? 0n : word(calldata, Number(i));
        break;
      }
      case 0x36: stack[sp++] = BigInt(calldata.length); break;
      case 0x37:
      case 0x39:
      case 0x3e: {
        sp -= 3;
        const offset = stack[sp + 2]!;
        const from = stack[sp + 1]!;
        const length = stack[sp]!;
        if (op === 0x3e && (from !== 0n || length !== 0n)) return undefined; // no return data in a single frame: out of bounds
        const words = copyGas(length);
        const grow = expand(offset, length);
        if (words < 0 || grow < 0) return undefined;
        gas -= words + grow;
        if (gas < 0) return undefined;
        if (length !== 0n) mem.copyIn(Number(offset), op === 0x37 ? calldata : code, from, Number(length));
        break;
      }
      case 0x38: stack[sp++] = BigInt(code.length); break;
      case 0x3a: stack[sp++] = 0n; break;
      case 0x3b: {
        const address = BigInt.asUintN(160, stack[sp - 1]!);
        gas -= access(address);
        if (gas < 0) return undefined;
        const other = await host.code(address);
        if (isEof(other)) return undefined;
        stack[sp - 1] = BigInt(other.length);
        break;
      }
      case 0x3c: {
        sp -= 4;
        const address = BigInt.asUintN(160, stack[sp + 3]!);
        const offset = stack[sp + 2]!;
        const from = stack[sp + 1]!;
        const length = stack[sp]!;
        const words = copyGas(length);
        const grow = expand(offset, length);
        if (words < 0 || grow < 0) return undefined;
        gas -= access(address) + words + grow;
        if (gas < 0) return undefined;
        if (length !== 0n) {
          const other = await host.code(address);
          if (isEof(other)) return undefined;
          mem.copyIn(Number(offset), other, from, Number(length));
        }
        break;
      }
      case 0x3d: stack[sp++] = 0n; break;
      case 0x3f: {
        const address = BigInt.asUintN(160, stack[sp - 1]!);
        gas -= access(address);
        if (gas < 0) return undefined;
        if (isEof(await host.code(address))) return undefined;
        stack[sp - 1] = await host.codeHash(address);
        break;
      }
      case 0x41: stack[sp++] = f.block.coinbase; break;
      case 0x42: stack[sp++] = f.block.timestamp; break;
      case 0x43: stack[sp++] = f.block.number; break;
      case 0x45: stack[sp++] = f.block.gasLimit; break;
      case 0x46: stack[sp++] = f.block.chainId; break;
      case 0x47: stack[sp++] = await host.balance(f.address); break;
      case 0x48: stack[sp++] = f.block.baseFee; break;
      case 0x50: sp--; break;
      case 0x51: {
        const offset = stack[sp - 1]!;
        const grow = expand(offset, 32n);
        if (grow < 0) return undefined;
        gas -= grow;
        if (gas < 0) return undefined;
        stack[sp - 1] = mem.load(Number(offset));
        break;
      }
      case 0x52:
      case 0x53: {
        sp -= 2;
        const offset = stack[sp + 1]!;
        const grow = expand(offset, op === 0x52 ? 32n : 1n);
        if (grow < 0) return undefined;
        gas -= grow;
        if (gas < 0) return undefined;
        if (op === 0x52) mem.store(Number(offset), stack[sp]!);
        else mem.buf[Number(offset)] = Number(stack[sp]! & 0xffn);
        break;
      }
      case 0x54: {
        const slot = stack[sp - 1]!;
        if (warmSlots.has(slot)) {
          gas -= WARM_ACCESS;
        } else {
          warmSlots.add(slot);
          gas -= COLD_SLOAD;
        }
        if (gas < 0) return undefined;
        stack[sp - 1] = await host.sload(slot);
        break;
      }
      case 0x56: {
        const dest = stack[--sp]!;
        if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) return undefined;
        pc = Number(dest);
        continue;
      }
      case 0x57: {
        sp -= 2;
        if (stack[sp]! !== 0n) {
          const dest = stack[sp + 1]!;
          if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) return undefined;
          pc = Number(dest);
          continue;
        }
        break;
      }
      case 0x58: stack[sp++] = BigInt(pc); break;
      case 0x59: stack[sp++] = BigInt(mem.size); break;
      case 0x5a: stack[sp++] = BigInt(gas); break;
      case 0x5b: break;
      case 0x5c: stack[sp - 1] = transient?.get(stack[sp - 1]!) ?? 0n; break;
      case 0x5d: { sp -= 2; (transient ??= new Map()).set(stack[sp + 1]!, stack[sp]!); break; }
      case 0x5e: {
        sp -= 3;
        const to = stack[sp + 2]!;
        const from = stack[sp + 1]!;
        const length = stack[sp]!;
        const words = copyGas(length);
        const growTo = expand(to, length);
        const growFrom = growTo < 0 ? -1 : expand(from, length);
        if (words < 0 || growFrom < 0) return undefined;
        gas -= words + growTo + growFrom;
        if (gas < 0) return undefined;
        if (length !== 0n) mem.buf.copyWithin(Number(to), Number(from), Number(from) + Number(length));
        break;
      }
      case 0x5f: stack[sp++] = 0n; break;
      case 0xa0: case 0xa1: case 0xa2: case 0xa3: case 0xa4: {
        // a log has no effect on a call's result: only its gas counts
        const offset = stack[sp - 1]!;
        const length = stack[sp - 2]!;
        sp -= op - 0xa0 + 2;
        const grow = expand(offset, length);
        if (grow < 0) return undefined;
        gas -= 8 * Number(length) + grow;
        if (gas < 0) return undefined;
        break;
      }
      case 0xf3:
      case 0xfd: {
        const offset = stack[sp - 1]!;
        const length = stack[sp - 2]!;
        const grow = expand(offset, length);
        if (grow < 0) return undefined;
        gas -= grow;
        if (gas < 0) return undefined;
        return { reverted: op === 0xfd, data: length === 0n ? EMPTY : mem.read(Number(offset), Number(length)), gasLeft: gas };
      }
      default:
        if (op >= 0x60 && op <= 0x7f) {
          stack[sp++] = pushes[pc] ?? pushValue(analysis, code, pc);
          pc += op - 0x5f + 1;
          continue;
        }
        if (op >= 0x80 && op <= 0x8f) {
          stack[sp] = stack[sp - (op - 0x7f)]!;
          sp++;
          break;
        }
        if (op >= 0x90 && op <= 0x9f) {
          const other = sp - 1 - (op - 0x8f);
          const top = stack[sp - 1]!;
          stack[sp - 1] = stack[other]!;
          stack[other] = top;
          break;
        }
        return undefined;
    }
    pc++;
  }
}

const EMPTY = new Uint8Array(0);
const MAX = (1n << 256n) - 1n;
const MAX_OFFSET = BigInt(MAX_VIEW_MEMORY);

/** The 32 bytes of `data` from `i`, zero past its end. */
function word(data: Uint8Array, i: number): bigint {
  if (i + 32 <= data.length) return wordOf(data, i, i + 32);
  const padded = new Uint8Array(32);
  padded.set(data.subarray(i));
  return wordOf(padded);
}

function byteLength(n: bigint): number {
  return n === 0n ? 0 : Math.ceil(n.toString(16).length / 2);
}

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = BigInt.asUintN(256, result * b);
    e >>= 1n;
    if (e > 0n) b = BigInt.asUintN(256, b * b);
  }
  return result;
}

/** Code that begins 0xEF00 (EOF): ethereumjs shows it to legacy code differently; left to it. */
function isEof(code: Uint8Array): boolean {
  return code.length >= 2 && code[0] === 0xef && code[1] === 0x00;
}
