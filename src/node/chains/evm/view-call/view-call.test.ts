import { describe, it, expect, beforeAll } from 'vitest';
import { prng } from '../../../../codec/container/fuzz.fixtures.js';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore } from '../../../storage/kv.js';
import { type CallOutcome, type CallRequest, callBlock, runCall } from '../call.js';
import { EvmChain } from '../evm-chain.js';
import { EWOQ, FakeAcceptor, fakeClock, silentLog, testGenesis } from '../testing.js';
import { STACK_IN, STACK_OUT } from './gas-table.js';
import { tryViewCall } from './view-call.js';

/**
 * Differential tests: random programs, run on the view interpreter and on ethereumjs over the same state, must
 * end the same way (status, return data, gas used — GAS puts the exact remaining gas in the return data).
 */

/** Seeded draws over the fuzz fixtures' xorshift: a failure names its seed and program. */
function rng(seed: number) {
  const next = prng(seed);
  const below = (n: number) => Math.floor(next() * n);
  const u32 = () => BigInt(Math.floor(next() * 0x1_0000_0000));
  return {
    below,
    pick: <T>(xs: readonly T[]): T => xs[below(xs.length)]!,
    chance: (p: number) => next() < p,
    word: (): bigint => Array.from({ length: 8 }, u32).reduce((w, x) => (w << 32n) | x, 0n),
  };
}
type Rng = ReturnType<typeof rng>;

const SELF = 0xc0de00n;
const OTHER = 0xc0de01n;
const EOA = BigInt(EWOQ);
const FUNDED = 0xf00dn;
const COINBASE = 0x0100000000000000000000000000000000000000n;
const SLOTS = [0n, 1n, 2n, 7n, 0x29decd8f5b8f8a1d2c94ec1e8e7a9f1b8d8a5f3c2a1b0c9d8e7f6a5b4c3d2e1fn];
const MAX = (1n << 256n) - 1n;

const hex = (n: bigint, bytes: number) => n.toString(16).padStart(bytes * 2, '0');
const addr = (n: bigint) => hex(n, 20);

/** Operands that reach the interesting edges of each kind of input. */
const operand = {
  number: (r: Rng, _wild: boolean): bigint => r.pick([
    () => BigInt(r.below(40)), () => r.word(), () => MAX, () => 1n << 255n, () => (1n << 255n) - 1n,
    () => MAX - BigInt(r.below(5)), () => BigInt(r.below(300)), () => 0n,
  ])(),
  offset: (r: Rng, wild: boolean): bigint => (wild && r.chance(0.03) ? r.pick([1n << 64n, MAX, 40_000_000n]) : BigInt(r.below(300))),
  length: (r: Rng, wild: boolean): bigint => (wild && r.chance(0.03) ? r.pick([1n << 64n, MAX, 40_000_000n]) : r.chance(0.2) ? 0n : BigInt(r.below(100))),
  address: (r: Rng, _wild: boolean): bigint => r.pick([SELF, OTHER, EOA, FUNDED, COINBASE, 1n, 2n, 9n, 0x100n, 0xdeadn, (MAX << 160n) | OTHER, r.word()]),
  /** A byte index, bit shift or sign-extension width: around 31/32 and 255/256. */
  index: (r: Rng, _wild: boolean): bigint => r.pick([() => BigInt(r.below(34)), () => BigInt(250 + r.below(10)), () => r.word()])(),
  slot: (r: Rng, _wild: boolean): bigint => (r.chance(0.8) ? r.pick(SLOTS) : r.word()),
};

type Kind = keyof typeof operand;
/** Supported opcodes with the kind of each input, top of the stack first. */
const OPS: [number, Kind[]][] = [
  ...[0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18]
    .map((op) => [op, ['number', 'number']] as [number, Kind[]]),
  ...[0x0b, 0x1a, 0x1b, 0x1c, 0x1d].map((op) => [op, ['index', 'number']] as [number, Kind[]]),
  [0x08, ['number', 'number', 'number']], [0x09, ['number', 'number', 'number']], [0x15, ['number']], [0x19, ['number']],
  [0x20, ['offset', 'length']], [0x30, []], [0x31, ['address']], [0x32, []], [0x33, []], [0x34, []], [0x35, ['offset']],
  [0x36, []], [0x37, ['offset', 'offset', 'length']], [0x38, []], [0x39, ['offset', 'offset', 'length']], [0x3a, []],
  [0x3b, ['address']], [0x3c, ['address', 'offset', 'offset', 'length']], [0x3d, []], [0x3e, ['offset', 'number', 'length']],
  [0x3f, ['address']], [0x41, []], [0x42, []], [0x43, []], [0x45, []], [0x46, []], [0x47, []], [0x48, []], [0x50, ['number']],
  [0x51, ['offset']], [0x52, ['offset', 'number']], [0x53, ['offset', 'number']], [0x54, ['slot']], [0x58, []], [0x59, []],
  [0x5a, []], [0x5c, ['slot']], [0x5d, ['slot', 'number']], [0x5e, ['offset', 'offset', 'length']], [0x5f, []],
  [0xa0, ['offset', 'length']], [0xa2, ['offset', 'length', 'number', 'number']],
];
/** Opcodes the interpreter hands to ethereumjs: they still must come out the same. */
const OTHERS = [0x40, 0x44, 0x49, 0x4a, 0x55, 0xf1, 0xfa, 0xfe, 0x0c, 0xef];

function push(out: number[], v: bigint): void {
  if (v === 0n) { out.push(0x5f); return; }
  const bytes = Math.ceil(v.toString(16).length / 2);
  out.push(0x5f + bytes, ...hexToBytes('0x' + hex(v, bytes)));
}

/**
 * A random program: operand pushes and opcodes, some jumps, DUP/SWAP, ending in RETURN (often of GAS), REVERT or
 * STOP. A wild one also has opcodes the interpreter hands over, bad jumps and out-of-reach memory.
 */
function program(r: Rng): Uint8Array {
  const wild = r.chance(0.4);
  const out: number[] = [];
  let height = 0;
  const steps = 3 + r.below(40);
  for (let i = 0; i < steps; i++) {
    const roll = r.below(100);
    if (roll < 6) { // a forward JUMPI or JUMP over some bytes (with a 0x5b in PUSH data: not a destination)
      push(out, BigInt(r.below(2)));
      const at = out.length + 1;
      out.push(0x61, 0, 0, r.chance(0.5) ? 0x57 : 0x56);
      const conditional = out[out.length - 1] === 0x57;
      if (!conditional) height++; // the pushed condition stays for JUMP
      out.push(0x60, 0x5b, 0x50); // PUSH1 0x5b POP (skipped or run)
      const target = wild && r.chance(0.1) ? out.length - 2 : out.length; // sometimes into PUSH data: a bad jump
      out[at] = target >> 8;
      out[at + 1] = target & 0xff;
      out.push(0x5b);
      continue;
    }
    if (roll < 14 && height > 0) { // DUPn / SWAPn within what is on the stack
      const n = 1 + r.below(Math.min(height, 16));
      if (r.chance(0.5)) { out.push(0x7f + n); height++; } else if (n < height) out.push(0x8f + n);
      continue;
    }
    if (roll < 16 && wild) { out.push(r.pick(OTHERS)); continue; }
    const [op, kinds] = r.pick(OPS);
    for (let k = kinds.length - 1; k >= 0; k--) push(out, operand[kinds[k]!](r, wild));
    out.push(op);
    height += STACK_OUT[op]! - STACK_IN[op]! + kinds.length;
    if (height > 1000) break;
  }
  const end = r.below(10);
  if (end === 0) {
    out.push(0x00);
  } else {
    // the top of the stack (what the program computed) and the exact remaining gas go into the result
    const kept = Math.max(0, Math.min(height, 8));
    for (let k = 0; k < kept; k++) out.push(0x61, 0x10, 32 * (k + 1), 0x52); // PUSH2 0x1000+32(k+1), MSTORE
    out.push(0x5a, 0x61, 0x10, 0x00, 0x52); // GAS, MSTORE at 0x1000
    push(out, BigInt(32 * (kept + 1) + r.below(64)));
    push(out, 0x1000n);
    out.push(end === 1 ? 0xfd : 0xf3);
  }
  return Uint8Array.from(out);
}

interface Setup {
  chain: EvmChain;
  /** Two views of the head, one per engine (each call leaves its view as it found it). */
  views: [Awaited<ReturnType<EvmChain['stateView']>>, Awaited<ReturnType<EvmChain['stateView']>>];
}

async function chainWith(programs: Uint8Array[]): Promise<Setup> {
  const db = openMemoryStore();
  const storage = Object.fromEntries(SLOTS.slice(0, 4).map((s, i) => ['0x' + hex(s, 32), '0x' + hex(BigInt(i * 0x1111 + 5), 32)]));
  const alloc: Record<string, { balance: string; code?: string; storage?: Record<string, string> }> = {
    [addr(OTHER)]: { balance: '0x0', code: '0x6001600055' },
    [addr(FUNDED)]: { balance: '0x1234' },
  };
  programs.forEach((code, i) => {
    alloc[addr(SELF + BigInt(i) * 0x1000000n)] = { balance: i % 2 ? '0x77' : '0x0', code: bytesToHex(code), storage };
  });
  const chain = await EvmChain.create({
    db, blockchainId: new Uint8Array(32).fill(9), genesisJson: testGenesis(alloc), acceptor: new FakeAcceptor(db), log: silentLog, now: fakeClock().now,
  });
  return { chain, views: [await chain.stateView(), await chain.stateView()] };
}

const summary = (o: CallOutcome) => ({ success: o.success, reverted: o.reverted, returnValue: bytesToHex(o.returnValue), gasUsed: o.gasUsed, error: o.error });

/** Runs `req` on the view interpreter (if it takes it) and on ethereumjs, each on its own view of the head. */
async function both({ chain, views: [a, b] }: Setup, req: CallRequest, gas: bigint) {
  const header = a.block.block.header;
  await a.state.checkpoint();
  const fast = await tryViewCall(a.vm, a.state, callBlock(chain.common, header, req), req, gas);
  await a.state.revert();
  const full = await runCall(b.vm, b.state, chain.common, header, req, gas, { fullEvm: true }).catch((e: Error) => ({ thrown: e.message }));
  return { fast, full };
}

describe('view interpreter against ethereumjs', () => {
  const PROGRAMS = 400;
  const SEED = Number(process.env.VIEW_FUZZ_SEED ?? 20261128);
  let setup: Setup;
  let programs: Uint8Array[];

  beforeAll(async () => {
    const r = rng(SEED);
    programs = Array.from({ length: PROGRAMS }, () => program(r));
    setup = await chainWith(programs);
  });

  it(`ends ${PROGRAMS} random programs as ethereumjs does, or hands them over (seed ${SEED})`, async () => {
    const r = rng(SEED + 1);
    let taken = 0;
    let returned = 0;
    for (let i = 0; i < programs.length; i++) {
      const calldata = Uint8Array.from({ length: r.below(80) }, () => (r.chance(0.3) ? 0 : r.below(256)));
      const to = hexToBytes('0x' + addr(SELF + BigInt(i) * 0x1000000n));
      const from = r.chance(0.5) ? undefined : hexToBytes('0x' + addr(r.pick([EOA, FUNDED, 0xabcn])));
      // mostly the default cap; sometimes just enough for the intrinsic gas and a little execution
      const gas = r.chance(0.8) ? 50_000_000n : 21_000n + 16n * BigInt(calldata.length) + BigInt(r.below(6000));
      const req: CallRequest = { to, data: calldata, ...(from ? { from } : {}) };
      const { fast, full } = await both(setup, req, gas);
      if (fast === undefined) continue;
      taken++;
      if (!fast.reverted) returned++;
      expect('thrown' in full ? full : summary(full), `program ${i} (seed ${SEED}): ${bytesToHex(programs[i]!)}`).toEqual(summary(fast));
    }
    // the generator must reach the interpreter: most programs avoid the opcodes it hands over
    expect(taken).toBeGreaterThan(PROGRAMS * 0.4);
    expect(returned).toBeGreaterThan(PROGRAMS * 0.2);
  }, 120_000);
});

describe('view interpreter: arithmetic at the edges', () => {
  const EDGES = [0n, 1n, 2n, 31n, 32n, 255n, 256n, (1n << 255n) - 1n, 1n << 255n, MAX - 1n, MAX, 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdefn];
  const BINARY = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x0b, 0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c, 0x1d];
  const cases: { op: number; operands: bigint[] }[] = [];
  for (const op of BINARY) for (const a of EDGES) for (const b of EDGES) cases.push({ op, operands: [a, b] });
  for (const op of [0x08, 0x09]) for (const a of EDGES) for (const b of EDGES) for (const n of [0n, 1n, 7n, MAX]) cases.push({ op, operands: [a, b, n] });
  for (const op of [0x15, 0x19]) for (const a of EDGES) cases.push({ op, operands: [a] });

  /** PUSH the operands (first on top), run the opcode, return its result. */
  const programOf = ({ op, operands }: { op: number; operands: bigint[] }) => {
    const out: number[] = [];
    for (let k = operands.length - 1; k >= 0; k--) push(out, operands[k]!);
    out.push(op, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3); // MSTORE at 0, RETURN 32 bytes
    return Uint8Array.from(out);
  };

  it(`gives ethereumjs' result for each of ${cases.length} opcode and operand combinations`, async () => {
    const setup = await chainWith(cases.map(programOf));
    for (let i = 0; i < cases.length; i++) {
      const req: CallRequest = { to: hexToBytes('0x' + addr(SELF + BigInt(i) * 0x1000000n)) };
      const { fast, full } = await both(setup, req, 1_000_000n);
      const c = cases[i]!;
      expect(fast, `opcode 0x${c.op.toString(16)} on ${c.operands.map((o) => '0x' + o.toString(16)).join(', ')}`).toBeDefined();
      expect(summary(full as CallOutcome), `opcode 0x${c.op.toString(16)} on ${c.operands.map((o) => '0x' + o.toString(16)).join(', ')}`).toEqual(summary(fast!));
    }
  }, 120_000);
});
