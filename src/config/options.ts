import { parseDuration } from './duration.js';

/** One configuration option: its flag name (AvalancheGo's where one exists), type, default and help. */
export interface OptionSpec<T = unknown> {
  name: string;
  type: 'string' | 'int' | 'bool' | 'duration' | 'list';
  default: T;
  help: string;
  /** Validates the parsed value; returns an error message or undefined. */
  check?(value: T): string | undefined;
}

export type OptionValues = Record<string, unknown>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Env var for a flag: FIRN_ + upper snake case (`--http-port` → FIRN_HTTP_PORT). */
export function envName(flag: string): string {
  return 'FIRN_' + flag.toUpperCase().replace(/-/g, '_');
}

export function coerce(spec: OptionSpec, raw: unknown, source: string): unknown {
  const fail = (why: string) => new ConfigError(`invalid value for --${spec.name} (from ${source}): ${why}`);
  switch (spec.type) {
    case 'string':
      if (typeof raw !== 'string') throw fail(`expected a string, got ${JSON.stringify(raw)}`);
      return raw;
    case 'int': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n)) throw fail(`expected an integer, got ${JSON.stringify(raw)}`);
      return n;
    }
    case 'bool':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === '1' || raw === '') return true;
      if (raw === 'false' || raw === '0') return false;
      throw fail(`expected true or false, got ${JSON.stringify(raw)}`);
    case 'duration':
      if (typeof raw === 'number') return raw * 1000;
      if (typeof raw !== 'string') throw fail(`expected a duration like 30s, got ${JSON.stringify(raw)}`);
      try {
        return parseDuration(raw);
      } catch (e) {
        throw fail((e as Error).message);
      }
    case 'list':
      if (Array.isArray(raw)) return raw.map(String);
      if (typeof raw !== 'string') throw fail(`expected a comma-separated list, got ${JSON.stringify(raw)}`);
      return raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  }
}

/** Parses `--flag=value`, `--flag value`, `--flag` (bools) and `--no-flag`; returns flags and positionals. */
export function parseArgv(argv: string[], specs: OptionSpec[]): { flags: Record<string, unknown>; positional: string[]; help: boolean } {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const flags: Record<string, unknown> = {};
  const positional: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') { help = true; continue; }
    if (!arg.startsWith('--')) { positional.push(arg); continue; }
    const eq = arg.indexOf('=');
    let name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    let value: unknown = eq >= 0 ? arg.slice(eq + 1) : undefined;
    let spec = byName.get(name);
    if (!spec && name.startsWith('no-') && byName.get(name.slice(3))?.type === 'bool' && value === undefined) {
      name = name.slice(3);
      spec = byName.get(name);
      value = false;
    }
    if (!spec) throw new ConfigError(`unknown flag --${name} (see --help)`);
    if (value === undefined) {
      if (spec.type === 'bool') value = true;
      else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) throw new ConfigError(`flag --${name} needs a value`);
        value = next;
        i++;
      }
    }
    flags[name] = coerce(spec, value, 'command line');
  }
  return { flags, positional, help };
}

/** Resolves every option: flags > environment > config file > defaults; validates once. */
export function resolveOptions(specs: OptionSpec[], layers: { flags: Record<string, unknown>; env: NodeJS.ProcessEnv; file: Record<string, unknown> }): OptionValues {
  const out: OptionValues = {};
  const known = new Set(specs.map((s) => s.name));
  for (const key of Object.keys(layers.file)) {
    if (!known.has(key)) throw new ConfigError(`unknown key "${key}" in config file`);
  }
  for (const spec of specs) {
    let value: unknown = spec.default;
    if (spec.name in layers.file) value = coerce(spec, layers.file[spec.name], 'config file');
    const env = layers.env[envName(spec.name)];
    if (env !== undefined) value = coerce(spec, env, `$${envName(spec.name)}`);
    if (spec.name in layers.flags) value = layers.flags[spec.name];
    const problem = spec.check?.(value as never);
    if (problem) throw new ConfigError(`invalid value for --${spec.name}: ${problem}`);
    out[spec.name] = value;
  }
  return out;
}

function formatDurationMs(ms: number): string {
  if (ms === 0) return '0s';
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

export function formatHelp(title: string, specs: OptionSpec[]): string {
  const lines = [title, '', 'Options (flag > $FIRN_<FLAG> > --config-file > default):'];
  for (const s of specs) {
    const shown = s.type === 'duration' ? formatDurationMs(s.default as number) : Array.isArray(s.default) ? s.default.join(',') : String(s.default);
    const def = s.default === undefined || s.default === '' ? '' : ` (default ${shown})`;
    lines.push(`  --${s.name.padEnd(30)} ${s.help}${def}`);
  }
  return lines.join('\n') + '\n';
}
