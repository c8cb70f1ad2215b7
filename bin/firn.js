#!/usr/bin/env node
// Entry point: registers the TypeScript loader, then runs the CLI from source.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv.slice(2));
