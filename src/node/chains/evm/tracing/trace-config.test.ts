import { describe, it, expect } from 'vitest';
import { unpackRevert } from '../revert-reason.js';
import { createTracer, parseDuration, parseTraceConfig } from './trace-config.js';
import { gethVmError } from './vm-errors.js';
import { opName, stackRequired } from './opcodes.js';

describe('trace config', () => {
  it('parses Go durations and rejects what Go rejects', () => {
    expect(parseDuration('5s')).toBe(5000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1.5ms')).toBe(1.5);
    expect(parseDuration('0')).toBe(0);
    expect(() => parseDuration('10')).toThrow('time: missing unit in duration "10"');
    expect(() => parseDuration('abc')).toThrow('time: invalid duration "abc"');
  });

  it('defaults to the struct logger with a 5 s timeout; fields match case-insensitively as encoding/json', () => {
    const d = parseTraceConfig(undefined, 1);
    expect(d).toEqual({ timeoutMs: 5000, logger: { enableMemory: false, disableStack: false, disableStorage: false, enableReturnData: false, limit: 0 } });
    const c = parseTraceConfig({ EnableMemory: true, limit: 7, tracer: 'callTracer', tracerConfig: { onlyTopCall: true }, timeout: '2s' }, 1);
    expect(c).toMatchObject({ tracer: 'callTracer', tracerConfig: { onlyTopCall: true }, timeoutMs: 2000, logger: { enableMemory: true, limit: 7 } });
    expect(() => parseTraceConfig('x', 1)).toThrow('invalid argument 1: json: cannot unmarshal string into Go value of type tracers.TraceConfig');
  });

  it('creates the known tracers and words errors as geth', () => {
    const cfg = parseTraceConfig({ tracer: 'callTracer', tracerConfig: { withLog: 'yes' } }, 1);
    expect(() => createTracer(cfg)).toThrow('json: cannot unmarshal string into Go struct field callTracerConfig.withLog of type bool');
    expect(() => createTracer(parseTraceConfig({ tracer: 'x.y' }, 1))).toThrow('JavaScript tracers are not supported');
    expect(() => createTracer(parseTraceConfig({ tracer: 'flatCallTracer' }, 1))).toThrow('tracer flatCallTracer is not supported by this node');
    expect(createTracer(parseTraceConfig({ tracer: 'prestateTracer' }, 1)).result()).toEqual({});
  });
});

describe('geth wording helpers', () => {
  it('decodes Error(string) and Panic(uint256) as abi.UnpackRevert', () => {
    const err = Buffer.from('08c379a0' + '20'.padStart(64, '0') + '2'.padStart(64, '0') + '6869'.padEnd(64, '0'), 'hex');
    expect(unpackRevert(err)).toBe('hi');
    expect(unpackRevert(Buffer.from('4e487b71' + '11'.padStart(64, '0'), 'hex'))).toBe('arithmetic underflow or overflow');
    expect(unpackRevert(Buffer.from('4e487b71' + '99'.padStart(64, '0'), 'hex'))).toBe('unknown panic code: 0x99');
    expect(unpackRevert(Buffer.from('deadbeef', 'hex'))).toBeUndefined();
    expect(unpackRevert(err.subarray(0, 40))).toBeUndefined();
  });

  it('maps ethereumjs VM errors to core/vm errors', () => {
    const step = { op: 0x01, gas: 2n, fee: 3n, stackLength: 1 };
    expect(gethVmError('stack underflow', step, false)).toEqual({ message: 'stack underflow (1 <=> 2)', onStep: true });
    expect(gethVmError('out of gas', step, false)).toEqual({ message: 'out of gas', onStep: true });
    expect(gethVmError('out of gas', { op: 0xf3, gas: 100n, fee: 3n, stackLength: 2 }, true).message).toBe('contract creation code storage out of gas');
    expect(gethVmError('invalid opcode', { op: 0x0c, gas: 1n, fee: 0n, stackLength: 0 }, false).message).toBe('invalid opcode: opcode 0xc not defined');
    expect(gethVmError('static state change', step, false)).toEqual({ message: 'write protection', onStep: false });
    expect([opName(0x7f), opName(0x8f), opName(0x9a), opName(0xa2), opName(0x20)]).toEqual(['PUSH32', 'DUP16', 'SWAP11', 'LOG2', 'KECCAK256']);
    expect([stackRequired(0x90), stackRequired(0xa4), stackRequired(0xf1)]).toEqual([2, 6, 7]);
  });
});
