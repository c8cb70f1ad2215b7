/**
 * ethereumjs analyses a contract's code (valid jump destinations, PUSH values, opcode lookups) every time a
 * message runs it: ~70 µs for a 5 KB token, on every eth_call and every tx that calls it. The analysis depends
 * only on the code and the EVM's opcode table, and the state caches (call-state.ts, the builder's
 * state) hand out the same buffer for the same code, so the analysis is kept per code buffer. Interpreter is
 * not exported by @ethereumjs/evm; its module is the one evm.js imports, found next to the package's entry.
 */
interface Analysis {
  jumps: Uint8Array;
  pushes: Record<number, bigint>;
  opcodesCached: unknown[];
}
interface InterpreterProto {
  _getValidJumpDestinations(this: InterpreterLike, code: Uint8Array): Analysis;
}
interface InterpreterLike {
  _evm: { _opcodeMap: unknown };
}

const { Interpreter } = (await import(new URL('./interpreter.js', import.meta.resolve('@ethereumjs/evm')).href)) as { Interpreter: { prototype: InterpreterProto } };
const proto = Interpreter.prototype;

/** How many analyses ran (not answered from the cache); for tests. */
export let jumpAnalyses = 0;

const KEPT = Symbol.for('firn.jumpAnalysisKept');
if (!(KEPT in proto)) {
  const analyse = proto._getValidJumpDestinations;
  // The analysis's opcode lookups come from the EVM's table: a result is reused only under the same table.
  const kept = new WeakMap<Uint8Array, { table: unknown; analysis: Analysis }>();
  proto._getValidJumpDestinations = function (code) {
    const table = this._evm._opcodeMap;
    const hit = kept.get(code);
    if (hit && hit.table === table) return hit.analysis;
    jumpAnalyses++;
    const analysis = analyse.call(this, code);
    kept.set(code, { table, analysis });
    return analysis;
  };
  Object.defineProperty(proto, KEPT, { value: true });
}
