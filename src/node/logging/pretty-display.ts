import pinoPretty from 'pino-pretty';
import { PINO_LEVELS } from './levels.js';

export interface LineSink {
  write(chunk: string): unknown;
}

const CUSTOM_LEVELS = Object.entries(PINO_LEVELS).map(([name, n]) => `${name}:${n}`).join(',');

/**
 * A synchronous pino destination that renders each JSON line human-readably (for a TTY): pino-pretty's
 * formatter called inline instead of its worker/transform stream, so a line is on screen when the call
 * returns. Looks like AvalancheGo's console format: `[11-22|06:30:11.941] INFO <P> message`.
 */
export function prettyDisplay(out: LineSink, colorize: boolean): LineSink {
  const prettify = pinoPretty.prettyFactory({
    customLevels: CUSTOM_LEVELS,
    useOnlyCustomProps: true,
    colorize,
    translateTime: 'SYS:mm-dd|HH:MM:ss.l',
    ignore: 'pid,hostname,logger',
    messageFormat: '{if logger}<{logger}> {end}{msg}',
  });
  return { write: (line: string) => out.write(prettify(line)) };
}
