import { formatHelp } from '../config/options.js';
import { indexerOptions, loadIndexerConfig } from '../config/indexer-config.js';
import { startIndexer } from '../indexer/indexer.js';
import { ProgressDisplay } from '../indexer/ops/progress-display.js';
import { cliLog } from './cli-log.js';
import { exitOnSignals } from './exit-on-signals.js';

/** `firn index`: follow one or more nodes into the store until interrupted. */
export async function runIndexCommand(argv: string[]): Promise<void> {
  const { config, help } = loadIndexerConfig(argv);
  if (help) {
    process.stdout.write(formatHelp('firn index — follow nodes (Firn devnet or AvalancheGo) into PostgreSQL\n\nUsage: firn index [options]', indexerOptions()));
    return;
  }
  const terminal = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  const log = cliLog(terminal ? 'pretty' : 'json', config.logLevel, 'indexer', terminal ? process.stderr : process.stdout);
  const indexer = await startIndexer(config, { log });
  const progress = terminal ? new ProgressDisplay(process.stdout, () => indexer.streams) : undefined;
  progress?.start();
  exitOnSignals({ stop: async () => { await indexer.stop(); progress?.stop(); } }, log);
  try {
    await indexer.done;
  } catch (error) {
    progress?.stop();
    process.stderr.write(`firn index: ${(error as Error).message}\n`);
    await indexer.stop();
    process.exit(1);
  }
}
