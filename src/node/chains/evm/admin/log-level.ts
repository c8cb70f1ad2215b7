import type { LevelName } from '../../../logging/levels.js';

/** geth's level names (graft/evm/log: trace|trce|debug|dbug|info|warn|error|eror|crit) → the node's levels. */
const GETH_LEVELS: Record<string, LevelName> = {
  trace: 'VERBO', trce: 'VERBO', debug: 'DEBUG', dbug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', eror: 'ERROR', crit: 'FATAL',
};

/** Parses a coreth log level case-insensitively; the error keeps coreth's wording, trailing space included. */
export function parseCorethLogLevel(text: string): LevelName {
  const level = GETH_LEVELS[text.toLowerCase()];
  if (!level) throw new Error(`failed to parse log level: unknown level: ${text} `);
  return level;
}
