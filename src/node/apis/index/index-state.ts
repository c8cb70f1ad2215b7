import { idToString } from '../../../lib/cb58.js';
import { key, utf8, type KvStore } from '../../storage/kv.js';

/** Flags kept apart from the indexes themselves ('idx-state/' never shares a prefix with 'idx/'). */
const STATE_PREFIX = utf8('idx-state/');
const HAS_RUN_KEY = key(STATE_PREFIX, Uint8Array.of(0x07));
const INCOMPLETE = 0x04;
const PREVIOUSLY_INDEXED = 0x05;
const EMPTY = new Uint8Array(0);

export const INDEX_WOULD_BECOME_INCOMPLETE =
  'running would cause index to become incomplete but incomplete indices are disabled';
export const INDEX_IS_INCOMPLETE = 'index is incomplete but incomplete indices are disabled. Shutting down';

export interface IndexStartupOptions {
  db: KvStore;
  /** The chains that would be indexed (the primary network's P, X and C), in registration order. */
  chainIds: Uint8Array[];
  /** `--index-enabled`. */
  indexEnabled: boolean;
  /** `--index-allow-incomplete`. */
  allowIncomplete: boolean;
}

export type IndexStartupResult =
  | { ok: true }
  /** Fatal: the node must log `message` and stop without serving. */
  | { ok: false; message: string; chainId: Uint8Array };

/**
 * AvalancheGo's incomplete-index protection (indexer/indexer.go NewIndexer + RegisterChain): an index must
 * hold every container the node ever accepted, so a database that indexed a chain cannot run without
 * indexing, and a database that ran without indexing cannot start indexing, unless incomplete indexes are
 * allowed. Records this run in the flags as AvalancheGo does (hasRun on every start; previouslyIndexed or
 * incomplete per chain), stopping at the first chain that fails.
 */
export async function checkIndexStartup(opts: IndexStartupOptions): Promise<IndexStartupResult> {
  const { db, chainIds, indexEnabled, allowIncomplete } = opts;
  const hasRunBefore = (await db.get(HAS_RUN_KEY)) !== undefined;
  await db.put(HAS_RUN_KEY, EMPTY);

  for (const chainId of chainIds) {
    const incomplete = (await db.get(chainFlag(chainId, INCOMPLETE))) !== undefined;
    const previouslyIndexed = (await db.get(chainFlag(chainId, PREVIOUSLY_INDEXED))) !== undefined;

    if (!indexEnabled) {
      if (previouslyIndexed && !allowIncomplete) return { ok: false, message: INDEX_WOULD_BECOME_INCOMPLETE, chainId };
      await db.put(chainFlag(chainId, INCOMPLETE), EMPTY);
      continue;
    }
    if (!allowIncomplete && incomplete && (previouslyIndexed || hasRunBefore)) {
      return { ok: false, message: INDEX_IS_INCOMPLETE, chainId };
    }
    await db.put(chainFlag(chainId, PREVIOUSLY_INDEXED), EMPTY);
  }
  return { ok: true };
}

/** The flags of one chain, for logs and tests. */
export async function readIndexFlags(db: KvStore, chainId: Uint8Array): Promise<{ hasRun: boolean; incomplete: boolean; previouslyIndexed: boolean }> {
  const [hasRun, incomplete, previouslyIndexed] = await db.getMany([HAS_RUN_KEY, chainFlag(chainId, INCOMPLETE), chainFlag(chainId, PREVIOUSLY_INDEXED)]);
  return { hasRun: hasRun !== undefined, incomplete: incomplete !== undefined, previouslyIndexed: previouslyIndexed !== undefined };
}

/** `chainName` field text for the fatal log line. */
export function describeStartupFailure(result: Extract<IndexStartupResult, { ok: false }>): string {
  return `${result.message} (chain ${idToString(result.chainId)})`;
}

function chainFlag(chainId: Uint8Array, flag: number): Uint8Array {
  return key(STATE_PREFIX, chainId, Uint8Array.of(flag));
}
