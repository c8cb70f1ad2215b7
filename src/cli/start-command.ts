import { runNodeCommand } from './node-command.js';

/**
 * `firn start`: everything on embedded defaults. Today that is the devnet node with the index and admin
 * APIs on (the indexer that follows it needs the index; later issues add the indexer and the APIs here).
 */
export async function runStartCommand(argv: string[]): Promise<void> {
  await runNodeCommand(argv, { 'index-enabled': true, 'api-admin-enabled': true }, 'firn start — run the devnet node with everything enabled');
}
