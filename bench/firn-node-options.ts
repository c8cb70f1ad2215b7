import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The Node options Firn runs with when started as the README starts it (`npm start`, `npm run firn`): read from
 * package.json's `firn` script, so a bench starts Firn exactly so; FIRN_NODE_OPTIONS adds more (profiling).
 */
export function firnNodeOptions(): string[] {
  return [...npmFirnNodeOptions(), ...extraNodeOptions()];
}

/** Only the options of package.json's `firn` script (for a process that takes its extra options from elsewhere). */
export function npmFirnNodeOptions(): string[] {
  return scriptNodeOptions('firn');
}

/** The Node options a Data API runs with alone (package.json's `serve` script, `npm run serve`), and FIRN_NODE_OPTIONS. */
export function serveNodeOptions(): string[] {
  return [...scriptNodeOptions('serve'), ...extraNodeOptions()];
}

/** FIRN_NODE_OPTIONS, split into words (profiling flags, for instance). */
function extraNodeOptions(): string[] {
  return (process.env.FIRN_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
}

function scriptNodeOptions(script: string): string[] {
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts[script]!.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('bin/firn.js'));
}
