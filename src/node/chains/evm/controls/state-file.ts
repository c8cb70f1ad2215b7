import { readFile, rename, writeFile } from 'node:fs/promises';
import type { EvmChain } from '../evm-chain.js';
import { devnetControls } from './devnet.js';
import { decodeDump, dumpState, loadState } from './state-dump.js';

/** `--load-state <file>`: merges the file's accounts into the head state (JSON, or anvil's hex forms). */
export async function loadStateFromFile(chain: EvmChain, file: string): Promise<void> {
  const c = devnetControls(chain);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`--load-state: cannot read ${file}: ${(e as Error).message}`);
  }
  const n = await loadState(c.access, decodeDump(text));
  c.access.log.info('C-chain state loaded', { file, accounts: n });
}

/** `--dump-state <file>`: the head state as anvil's JSON, written atomically (temp file + rename). */
export async function dumpStateToFile(chain: EvmChain, file: string): Promise<void> {
  const c = devnetControls(chain);
  const { dump, missing } = await dumpState(c.access, chain.common);
  await writeFile(`${file}.tmp`, JSON.stringify(dump));
  await rename(`${file}.tmp`, file);
  c.access.log.info('C-chain state dumped', { file, accounts: Object.keys(dump.accounts).length, missing });
}
