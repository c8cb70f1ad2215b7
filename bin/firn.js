#!/usr/bin/env node
// Entry point: runs the CLI from dist/ when it was built from the sources present (npm ci builds it), else from src/
// through the TypeScript loader. FIRN_FROM_SOURCE=1 always runs src/.
import { resolve } from 'node:path';
import { distIsCurrent } from './dist-entry.js';

const root = resolve(import.meta.dirname, '..');
let cli;
if (process.env.FIRN_FROM_SOURCE !== '1' && distIsCurrent(root)) {
  cli = await import('../dist/src/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli/main.ts');
}
await cli.main(process.argv.slice(2));
