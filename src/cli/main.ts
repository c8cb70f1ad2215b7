import { ConfigError } from '../config/options.js';

const USAGE = `firn — a local Avalanche network and data stack

Usage: firn <command> [options]

Commands:
  start    run everything on embedded defaults: devnet node with activity, indexer, Data and Metrics APIs
  node     run the devnet node alone, with AvalancheGo's flags and defaults
  index    follow nodes (the devnet or AvalancheGo) into PostgreSQL (or embedded PGlite)
  serve    the Data API (8080) and the Metrics API (8081) over the index

Run 'firn <command> --help' for the options of a command.
`;

// Each command's modules load only when it runs: `firn index` need not parse the node's and the APIs' code.
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        return await (await import('./start-command.js')).runStartCommand(rest);
      case 'node':
        return await (await import('./node-command.js')).runNodeCommand(rest);
      case 'index':
        return await (await import('./index-command.js')).runIndexCommand(rest);
      case 'serve':
        return await (await import('./serve-command.js')).runServeCommand(rest);
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(USAGE);
        return;
      default:
        process.stderr.write(`firn: unknown command "${command}"\n\n${USAGE}`);
        process.exitCode = 2;
    }
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`firn: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
}
