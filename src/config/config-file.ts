import { readFileSync } from 'node:fs';
import { ConfigError } from './options.js';

/** The options object of a JSON config file ('' = none). */
export function readConfigFile(fileName: string): Record<string, unknown> {
  if (!fileName) return {};
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(fileName, 'utf8'));
  } catch (e) {
    throw new ConfigError(`cannot read config file ${fileName}: ${(e as Error).message}`);
  }
  if (file === null || typeof file !== 'object' || Array.isArray(file)) throw new ConfigError(`config file ${fileName} must hold a JSON object`);
  return file as Record<string, unknown>;
}
