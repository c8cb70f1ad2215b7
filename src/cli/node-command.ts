import type { ActivityHandle } from '../activity/start-activity.js';
import { ConfigError, formatHelp } from '../config/options.js';
import { loadNodeConfig, nodeOptions, type NodeConfig } from '../config/node-config.js';
import { startDevnetNode, type RunningNode } from '../node/runtime/devnet-node.js';
import { exitOnSignals } from './exit-on-signals.js';

/** The devnet node and, with `--activity`, the activity generator driving it. */
export interface RunningDevnet {
  node: RunningNode;
  activity?: ActivityHandle;
  stop(): Promise<void>;
}

/**
 * Start the node (and its activity generator) from a loaded config; undefined when the node refused to start.
 * The generator's modules (viem and the wallets: ~490 modules) load only when it runs: a node without activity
 * started ~0.7 s sooner without them.
 */
export async function startDevnetWithActivity(config: NodeConfig): Promise<RunningDevnet | undefined> {
  let mix;
  try {
    mix = config.activity.mix ? (await import('../activity/mix.js')).parseMix(config.activity.mix) : undefined;
  } catch (e) {
    throw new ConfigError(`invalid value for --activity-mix: ${(e as Error).message}`);
  }
  const node = await startDevnetNode(config, { printBanner: true });
  if (!node) return undefined;
  const activity = config.activity.enabled
    ? (await import('../activity/start-activity.js')).startActivity({
        url: node.url.replace('//0.0.0.0:', '//127.0.0.1:'),
        seed: config.activity.seed,
        rate: config.activity.rate,
        ...(mix ? { mix } : {}),
        mnemonic: config.mnemonic,
        accounts: config.accounts,
        log: node.log.child({ component: 'activity' }),
      })
    : undefined;
  return {
    node,
    ...(activity ? { activity } : {}),
    async stop() {
      if (activity) await activity.stop();
      await node.stop();
    },
  };
}

export async function runNodeCommand(argv: string[]): Promise<void> {
  const { config, help } = loadNodeConfig(argv, process.env);
  if (help) {
    process.stdout.write(formatHelp('firn node — the devnet node (P-, X- and C-chain in one process) with the node APIs\n\nUsage: firn node [options]', nodeOptions()));
    return;
  }
  const devnet = await startDevnetWithActivity(config);
  if (!devnet) {
    process.exitCode = 1;
    return;
  }
  exitOnSignals(devnet, devnet.node.log);
}
