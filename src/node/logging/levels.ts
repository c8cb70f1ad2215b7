/**
 * AvalancheGo's log levels (utils/logging/level.go). TRACE sits between DEBUG and INFO, as in AvalancheGo.
 * Numbers are our own (pino needs positive ints); only their order matters.
 */
export const LEVEL_NAMES = ['VERBO', 'DEBUG', 'TRACE', 'INFO', 'WARN', 'ERROR', 'FATAL', 'OFF'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export const Level = { VERBO: 1, DEBUG: 2, TRACE: 3, INFO: 4, WARN: 5, ERROR: 6, FATAL: 7, OFF: 8 } as const satisfies Record<LevelName, number>;
export type LevelValue = (typeof Level)[LevelName];

/** The levels a line can be written at (everything but OFF), as lower-case pino method names. */
export const PINO_LEVELS = { verbo: 1, debug: 2, trace: 3, info: 4, warn: 5, error: 6, fatal: 7 } as const;
export type PinoLevelName = keyof typeof PINO_LEVELS;

/** Case-insensitive parse; unknown names give AvalancheGo's `unknown log level: "x"`. */
export function parseLevel(text: string): LevelValue {
  const upper = text.toUpperCase() as LevelName;
  if (Object.hasOwn(Level, upper)) return Level[upper];
  throw new Error(`unknown log level: ${JSON.stringify(text)}`);
}

/** Upper-case name of a level value. */
export function levelName(value: number): LevelName {
  const name = LEVEL_NAMES[value - 1];
  if (name === undefined) throw new Error(`unknown log level: ${value}`);
  return name;
}
