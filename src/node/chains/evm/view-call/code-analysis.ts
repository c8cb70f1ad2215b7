/** What the view interpreter needs to know about a contract's code before it runs it. */
export interface CodeAnalysis {
  /** 1 where a JUMPDEST opcode is (not inside PUSH data). */
  readonly jumpdests: Uint8Array;
  /** The value each PUSH1–PUSH32 at that position pushes, filled in as they first run (see pushValue). */
  readonly pushes: (bigint | undefined)[];
}

const JUMPDEST = 0x5b;
const PUSH1 = 0x60;
const PUSH32 = 0x7f;

/** Kept per code buffer: the call states hand out the same buffer for the same code. */
const kept = new WeakMap<Uint8Array, CodeAnalysis>();

export function analyseCode(code: Uint8Array): CodeAnalysis {
  let analysis = kept.get(code);
  if (analysis === undefined) kept.set(code, (analysis = analyse(code)));
  return analysis;
}

function analyse(code: Uint8Array): CodeAnalysis {
  const jumpdests = new Uint8Array(code.length);
  const pushes: (bigint | undefined)[] = new Array(code.length);
  for (let pc = 0; pc < code.length; pc++) {
    const op = code[pc]!;
    if (op === JUMPDEST) {
      jumpdests[pc] = 1;
    } else if (op >= PUSH1 && op <= PUSH32) {
      pc += op - PUSH1 + 1;
    }
  }
  return { jumpdests, pushes };
}

/** The value the PUSH at `pc` pushes (bytes past the code's end read as zero), kept for its next run. */
export function pushValue(analysis: CodeAnalysis, code: Uint8Array, pc: number): bigint {
  let value = analysis.pushes[pc];
  if (value === undefined) {
    const n = code[pc]! - PUSH1 + 1;
    let hex = '';
    for (let i = 1; i <= n; i++) hex += (code[pc + i] ?? 0).toString(16).padStart(2, '0');
    analysis.pushes[pc] = value = BigInt('0x' + hex);
  }
  return value;
}
