export type LogFields = Record<string, unknown>;

/** The logging surface stages share; the CLI decides where lines go (terminal, JSON lines, files). */
export interface Log {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** A log that writes nothing (tests, library use). */
export const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };
