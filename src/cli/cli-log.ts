import pino from 'pino';
import type { Log, LogFields } from '../lib/log.js';

/** A Log for the CLI: JSON lines (pino) or short human lines, at a minimum level. */
export function cliLog(format: 'json' | 'pretty', level: string, name: string, stream: NodeJS.WritableStream = process.stdout): Log {
  if (format === 'json') {
    const logger = pino({ name, level, base: { pid: process.pid } }, stream as pino.DestinationStream);
    return {
      debug: (msg, fields) => logger.debug(fields ?? {}, msg),
      info: (msg, fields) => logger.info(fields ?? {}, msg),
      warn: (msg, fields) => logger.warn(fields ?? {}, msg),
      error: (msg, fields) => logger.error(fields ?? {}, msg),
    };
  }
  const order = ['debug', 'info', 'warn', 'error'];
  const min = order.indexOf(level);
  const line = (lvl: string) => (msg: string, fields?: LogFields) => {
    if (order.indexOf(lvl) < min) return;
    const extra = fields && Object.keys(fields).length > 0 ? ' ' + JSON.stringify(fields, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) : '';
    stream.write(`${new Date().toISOString().slice(11, 23)} ${lvl.toUpperCase().padEnd(5)} [${name}] ${msg}${extra}\n`);
  };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
