import { bytesToHex } from '../../../../lib/hex.js';
import { RawJson } from '../../../../lib/raw-json.js';
import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import { type TraceConfig, isRecordedCallTracer } from '../tracing/trace-config.js';
import { txHashes } from './decoded-blocks.js';

/**
 * debug_traceBlockByNumber/ByHash's answer written from the block's recorded callTracer texts, none parsed
 * (an indexer asks it of every block): the same JSON as `traceBlock`'s results stringified. Undefined when
 * `cfg` is not the recorded tracer or a tx has no record, which `traceBlock` then replays.
 */
export async function recordedTraceReply(chain: EvmChain, block: StoredBlock, cfg: TraceConfig): Promise<RawJson | undefined> {
  if (!isRecordedCallTracer(cfg)) return undefined;
  const traces = await chain.recordedCallTraceTexts(block);
  if (!traces || traces.includes('null')) return undefined;
  const hashes = txHashes(chain, block);
  let text = '[';
  for (let i = 0; i < traces.length; i++) text += `${i > 0 ? ',' : ''}{"txHash":"${bytesToHex(hashes[i]!)}","result":${traces[i]}}`;
  return new RawJson(text + ']');
}
