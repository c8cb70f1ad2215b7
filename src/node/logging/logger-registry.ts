import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { Level, levelName, parseLevel, PINO_LEVELS, type LevelName, type PinoLevelName } from './levels.js';
import { prettyDisplay, type LineSink } from './pretty-display.js';

export type LogFields = Record<string, unknown>;

/** A named logger (AvalancheGo: one per `main`, `vm-factory` and per chain). */
export interface NodeLogger {
  readonly name: string;
  verbo(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  trace(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  fatal(msg: string, fields?: LogFields): void;
  /** Same name and levels (level changes apply to children too), extra fields on every line. */
  child(bindings: LogFields): NodeLogger;
  /** True when a line at this level would be written somewhere (file or display). */
  enabled(level: LevelName): boolean;
}

export interface LoggerLevels {
  logLevel: LevelName;
  displayLevel: LevelName;
}

export interface LoggerRegistryOptions {
  /** Directory for `<name>.log` files (JSON lines); undefined = no files. */
  logDir?: string;
  /** Default level for files (`--log-level`), default INFO. */
  logLevel?: string;
  /** Default level for the display (`--log-display-level`), default: the log level. */
  displayLevel?: string;
  /** JSON lines on the display (stdout is not a TTY) instead of human-readable lines. */
  displayJson?: boolean;
  /** Where display lines go; default process.stdout. */
  display?: LineSink;
  /** Colours in human-readable display lines; default: display is a TTY. */
  colorize?: boolean;
}

type PinoSink = pino.Logger<PinoLevelName, true>;

/** Mutable per-name levels, shared by a logger and all its children so changes apply at once. */
interface LevelState {
  logLevel: number;
  displayLevel: number;
  /** min(logLevel if there is a file, displayLevel): the one compare on the hot path. */
  min: number;
}

interface Entry {
  state: LevelState;
  root: NodeLogger;
  file?: pino.DestinationStream & { end(): void };
}

/**
 * AvalancheGo's log factory (utils/logging/factory.go) over pino: each named logger writes JSON lines to
 * `<logDir>/<name>.log` at its log level and to the display at its display level; both levels can be
 * changed at run time (admin.setLoggerLevel) and apply to existing loggers immediately.
 */
export class LoggerRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly defaults: { logLevel: number; displayLevel: number };
  private readonly displaySink: LineSink;
  private readonly displayJson: boolean;

  constructor(private readonly opts: LoggerRegistryOptions = {}) {
    const logLevel = parseLevel(opts.logLevel ?? 'INFO');
    const displayLevel = opts.displayLevel === undefined ? logLevel : parseLevel(opts.displayLevel);
    this.defaults = { logLevel, displayLevel };
    const out = opts.display ?? process.stdout;
    this.displayJson = opts.displayJson ?? false;
    const colorize = opts.colorize ?? Boolean((out as { isTTY?: boolean }).isTTY);
    this.displaySink = this.displayJson ? out : prettyDisplay(out, colorize);
    if (opts.logDir !== undefined) mkdirSync(opts.logDir, { recursive: true });
  }

  /** The logger with this name, created (with the default levels) on first use. */
  get(name: string): NodeLogger {
    const existing = this.entries.get(name);
    if (existing) return existing.root;
    const hasFile = this.opts.logDir !== undefined;
    const state: LevelState = { ...this.defaults, min: 0 };
    updateMin(state, hasFile);

    let fileSink: PinoSink | undefined;
    let file: Entry['file'];
    if (hasFile) {
      // Synchronous appends (as AvalancheGo's zap file core): a line is in the file when the call returns,
      // survives a crash, and keeps its order.
      const fd = openSync(join(this.opts.logDir!, `${name}.log`), 'a');
      file = pino.destination({ fd, sync: true }) as Entry['file'];
      fileSink = jsonSink(name, file!);
    }
    const displaySink = this.displayJson ? jsonSink(name, this.displaySink) : prettySource(name, this.displaySink);
    const root = new PinoNodeLogger(name, state, hasFile, fileSink, displaySink);
    this.entries.set(name, { state, root, ...(file ? { file } : {}) });
    return root;
  }

  /** Logger names, sorted. */
  names(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** Levels of one logger, or of all when name is undefined or empty. */
  getLevels(name?: string): Record<string, LoggerLevels> {
    const out: Record<string, LoggerLevels> = {};
    for (const n of this.select(name)) out[n] = levelsOf(this.entries.get(n)!.state);
    return out;
  }

  /**
   * Sets the log and/or display level of one logger (all when name is undefined or empty); returns the
   * new levels of the affected loggers. Level names are parsed case-insensitively.
   */
  setLevels(name: string | undefined, levels: { logLevel?: string; displayLevel?: string }): Record<string, LoggerLevels> {
    const logLevel = levels.logLevel === undefined ? undefined : parseLevel(levels.logLevel);
    const displayLevel = levels.displayLevel === undefined ? undefined : parseLevel(levels.displayLevel);
    const names = this.select(name);
    const hasFile = this.opts.logDir !== undefined;
    for (const n of names) {
      const state = this.entries.get(n)!.state;
      if (logLevel !== undefined) state.logLevel = logLevel;
      if (displayLevel !== undefined) state.displayLevel = displayLevel;
      updateMin(state, hasFile);
    }
    return this.getLevels(name);
  }

  /** Closes the log files; loggers must not be used afterwards. */
  close(): void {
    for (const e of this.entries.values()) e.file?.end();
  }

  private select(name: string | undefined): string[] {
    if (name === undefined || name === '') return this.names();
    if (!this.entries.has(name)) throw new Error(`logger with name ${JSON.stringify(name)} not found`);
    return [name];
  }
}

function updateMin(state: LevelState, hasFile: boolean): void {
  state.min = hasFile ? Math.min(state.logLevel, state.displayLevel) : state.displayLevel;
}

function levelsOf(state: LevelState): LoggerLevels {
  return { logLevel: levelName(state.logLevel), displayLevel: levelName(state.displayLevel) };
}

/** pino always at the lowest level: filtering is ours, against the shared LevelState. */
const PINO_BASE = { customLevels: PINO_LEVELS, useOnlyCustomLevels: true as const, level: 'verbo' };

/** AvalancheGo-like JSON line: {"level":"info","timestamp":"…","logger":"P",…fields,"msg":"…"}. */
function jsonSink(name: string, dest: LineSink): PinoSink {
  return pino<PinoLevelName, true>(
    {
      ...PINO_BASE,
      base: { logger: name },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
    },
    dest as pino.DestinationStream,
  );
}

/** Numeric levels and epoch time, as pino-pretty expects. */
function prettySource(name: string, dest: LineSink): PinoSink {
  return pino<PinoLevelName, true>({ ...PINO_BASE, base: { logger: name } }, dest as pino.DestinationStream);
}

class PinoNodeLogger implements NodeLogger {
  constructor(
    readonly name: string,
    private readonly state: LevelState,
    private readonly hasFile: boolean,
    private readonly file: PinoSink | undefined,
    private readonly display: PinoSink,
  ) {}

  verbo(msg: string, fields?: LogFields): void { if (this.state.min <= Level.VERBO) this.emit(Level.VERBO, 'verbo', msg, fields); }
  debug(msg: string, fields?: LogFields): void { if (this.state.min <= Level.DEBUG) this.emit(Level.DEBUG, 'debug', msg, fields); }
  trace(msg: string, fields?: LogFields): void { if (this.state.min <= Level.TRACE) this.emit(Level.TRACE, 'trace', msg, fields); }
  info(msg: string, fields?: LogFields): void { if (this.state.min <= Level.INFO) this.emit(Level.INFO, 'info', msg, fields); }
  warn(msg: string, fields?: LogFields): void { if (this.state.min <= Level.WARN) this.emit(Level.WARN, 'warn', msg, fields); }
  error(msg: string, fields?: LogFields): void { if (this.state.min <= Level.ERROR) this.emit(Level.ERROR, 'error', msg, fields); }
  fatal(msg: string, fields?: LogFields): void { if (this.state.min <= Level.FATAL) this.emit(Level.FATAL, 'fatal', msg, fields); }

  enabled(level: LevelName): boolean {
    return level !== 'OFF' && this.state.min <= Level[level];
  }

  child(bindings: LogFields): NodeLogger {
    return new PinoNodeLogger(this.name, this.state, this.hasFile, this.file?.child(bindings) as PinoSink | undefined, this.display.child(bindings) as PinoSink);
  }

  private emit(level: number, method: PinoLevelName, msg: string, fields: LogFields | undefined): void {
    if (this.file !== undefined && this.state.logLevel <= level) write(this.file, method, msg, fields);
    if (this.state.displayLevel <= level) write(this.display, method, msg, fields);
  }
}

function write(sink: PinoSink, method: PinoLevelName, msg: string, fields: LogFields | undefined): void {
  if (fields === undefined) sink[method](msg);
  else sink[method](fields, msg);
}
