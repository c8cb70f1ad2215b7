import { selector } from './abi-words.js';
import { type PrecompileCall, PrecompileError, type PrecompileFunction } from './types.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** statefulPrecompileWithFunctionSelectors: functions by selector (no fallback in these precompiles). */
export class FunctionTable {
  private readonly bySelector = new Map<string, PrecompileFunction>();

  constructor(functions: PrecompileFunction[]) {
    for (const f of functions) {
      const s = hex(selector(f.signature));
      if (this.bySelector.has(s)) throw new Error(`cannot create stateful precompile with duplicated function selector: ${f.signature}`);
      this.bySelector.set(s, f);
    }
  }

  /** Runs the function named by the input's selector; `call.input` is replaced by the arguments. */
  run(data: Uint8Array, call: Omit<PrecompileCall, 'input'>): Promise<Uint8Array> {
    if (data.length < 4) throw new PrecompileError(`missing function selector to precompile - input length (${data.length})`);
    const s = hex(data.subarray(0, 4));
    const f = this.bySelector.get(s);
    if (!f) throw new PrecompileError(`invalid function selector: 0x${s}`);
    const full = { ...call, input: data.subarray(4) };
    if (f.activated && !f.activated(full)) throw new PrecompileError(`invalid non-activated function selector: 0x${s}`);
    return f.run(full);
  }
}
