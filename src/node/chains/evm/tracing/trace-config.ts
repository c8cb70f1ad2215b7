import { ParamError } from '../rpc/codec.js';
import { CallTracer } from './call-tracer.js';
import { PrestateTracer } from './prestate-tracer.js';
import { StructLogger, type StructLoggerConfig } from './struct-logger.js';
import type { Tracer } from './types.js';

/** geth's tracers.TraceConfig, decoded. */
export interface TraceConfig {
  /** undefined = the struct logger. */
  tracer?: string;
  tracerConfig?: unknown;
  timeoutMs: number;
  logger: StructLoggerConfig;
}

/** geth's defaultTraceTimeout. */
export const DEFAULT_TRACE_TIMEOUT_MS = 5_000;

/** Tracers geth registers that Firn does not implement (native ones, and the bundled JavaScript ones). */
const UNSUPPORTED = new Set([
  '4byteTracer', 'flatCallTracer', 'muxTracer', 'bigramTracer', 'evmdisTracer', 'opcountTracer', 'trigramTracer',
  'unigramTracer', 'callTracer_legacy', 'noopTracer_legacy', 'prestateTracer_legacy', '4byteTracer_legacy',
]);

/** Go's encoding/json names for a JSON value's kind. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

/** encoding/json matches keys case-insensitively (an exact match wins). */
function field(o: Record<string, unknown>, name: string): unknown {
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(o)) if (k.toLowerCase() === lower) return o[k];
  return undefined;
}

type Kind = 'bool' | 'string' | 'uint';
const GO_TYPE: Record<Kind, string> = { bool: 'bool', string: 'string', uint: 'int' };

/** Reads typed fields of a JSON object as encoding/json would; `err` builds the error for a mismatch. */
function reader(o: Record<string, unknown>, struct: string, err: (msg: string) => Error) {
  return <T extends Kind>(name: string, kind: T): (T extends 'bool' ? boolean : T extends 'string' ? string : number) | undefined => {
    const v = field(o, name);
    if (v === undefined || v === null) return undefined;
    const ok = kind === 'bool' ? typeof v === 'boolean' : kind === 'string' ? typeof v === 'string' : typeof v === 'number' && Number.isInteger(v);
    if (!ok) {
      const what = kind === 'uint' && typeof v === 'number' ? `number ${v}` : jsonKind(v);
      throw err(`json: cannot unmarshal ${what} into Go struct field ${struct}.${name} of type ${GO_TYPE[kind]}`);
    }
    return v as never;
  };
}

/** Decodes a TraceConfig param (`index` for the invalid-params wording); null/absent = defaults. */
export function parseTraceConfig(v: unknown, index: number, struct = 'TraceConfig'): TraceConfig {
  const logger: StructLoggerConfig = { enableMemory: false, disableStack: false, disableStorage: false, enableReturnData: false, limit: 0 };
  if (v === undefined || v === null) return { timeoutMs: DEFAULT_TRACE_TIMEOUT_MS, logger };
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${jsonKind(v)} into Go value of type tracers.${struct}`);
  }
  const o = v as Record<string, unknown>;
  const get = reader(o, struct, (m) => new ParamError(`invalid argument ${index}: ${m}`));
  logger.enableMemory = get('enableMemory', 'bool') ?? false;
  logger.disableStack = get('disableStack', 'bool') ?? false;
  logger.disableStorage = get('disableStorage', 'bool') ?? false;
  logger.enableReturnData = get('enableReturnData', 'bool') ?? false;
  logger.limit = get('limit', 'uint') ?? 0;
  const tracer = get('tracer', 'string');
  const timeout = get('timeout', 'string');
  const tracerConfig = field(o, 'tracerConfig');
  // set field by field: spreading conditional objects cost ~2 µs a config, and an indexer asks a trace of every block
  const out: TraceConfig = { timeoutMs: timeout === undefined ? DEFAULT_TRACE_TIMEOUT_MS : parseDuration(timeout), logger };
  if (tracer !== undefined) out.tracer = tracer;
  if (tracerConfig !== undefined && tracerConfig !== null) out.tracerConfig = tracerConfig;
  return out;
}

/** A fresh tracer for one transaction; errors worded as geth's tracer directory gives them. */
export function createTracer(cfg: TraceConfig): Tracer {
  const name = cfg.tracer;
  if (name === undefined) return new StructLogger(cfg.logger);
  const tc = tracerConfigObject(cfg.tracerConfig);
  switch (name) {
    case 'callTracer': {
      const get = reader(tc, 'callTracerConfig', (m) => new Error(m));
      return new CallTracer({ onlyTopCall: get('onlyTopCall', 'bool') ?? false, withLog: get('withLog', 'bool') ?? false });
    }
    case 'prestateTracer': {
      const get = reader(tc, 'prestateTracerConfig', (m) => new Error(m));
      return new PrestateTracer({ diffMode: get('diffMode', 'bool') ?? false });
    }
    case 'noopTracer':
      return { result: () => ({}) };
  }
  if (UNSUPPORTED.has(name)) throw new Error(`tracer ${name} is not supported by this node`);
  // geth hands any other name to its JavaScript engine as code; a bare identifier is then undefined there
  if (/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`ReferenceError: ${name} is not defined at <eval>:1:2(0)`);
  throw new Error('JavaScript tracers are not supported by this node');
}

/** callTracer with geth's default config (every frame, no logs): what the block builder records. */
export function isRecordedCallTracer(cfg: TraceConfig): boolean {
  if (cfg.tracer !== 'callTracer') return false;
  try {
    const get = reader(tracerConfigObject(cfg.tracerConfig), 'callTracerConfig', (m) => new Error(m));
    return get('onlyTopCall', 'bool') !== true && get('withLog', 'bool') !== true;
  } catch {
    return false;
  }
}

function tracerConfigObject(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new Error(`json: cannot unmarshal ${jsonKind(v)} into Go value of type native.tracerConfig`);
  return v as Record<string, unknown>;
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration, in milliseconds ("300ms", "1.5s", "1m30s"); its error text for bad input. */
export function parseDuration(s: string): number {
  const bad = () => new Error(`time: invalid duration ${JSON.stringify(s)}`);
  let rest = s;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) { sign = rest[0] === '-' ? -1 : 1; rest = rest.slice(1); }
  if (rest === '0') return 0;
  if (rest === '') throw bad();
  let total = 0;
  while (rest !== '') {
    const m = /^(\d*\.?\d*)(ns|us|µs|μs|ms|s|m|h)/.exec(rest);
    if (!m || m[1] === '' || m[1] === '.') {
      if (/^(\d*\.?\d*)$/.test(rest)) throw new Error(`time: missing unit in duration ${JSON.stringify(s)}`);
      throw bad();
    }
    total += Number(m[1]) * UNITS[m[2]!]!;
    rest = rest.slice(m[0].length);
  }
  return sign * total;
}
