import { formatHelp } from '../config/options.js';
import { loadNodeConfig, nodeOptions } from '../config/node-config.js';
import { startDevnetNode } from '../node/runtime/devnet-node.js';

export async function runNodeCommand(argv: string[], overrides: Record<string, unknown> = {}, title = 'firn node — the devnet node (P-, X- and C-chain in one process) with the node APIs'): Promise<void> {
  const { config, help } = loadNodeConfig(argv, process.env, overrides);
  if (help) {
    process.stdout.write(formatHelp(`${title}\n\nUsage: firn ${overrides['index-enabled'] ? 'start' : 'node'} [options]`, nodeOptions(overrides)));
    return;
  }
  const node = await startDevnetNode(config, { printBanner: true });
  if (!node) {
    process.exitCode = 1;
    return;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    node.log.info('shutting down', { signal });
    node.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`firn: error while stopping: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
