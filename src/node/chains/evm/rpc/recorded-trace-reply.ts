import { RawJson } from '../../../../lib/raw-json.js';
import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import { isMissingTrace } from '../tracing/stored-call-traces.js';
import { type TraceConfig, isRecordedCallTracer } from '../tracing/trace-config.js';
import { txHashes } from './decoded-blocks.js';

/**
 * debug_traceBlockByNumber/ByHash's answer written from the block's recorded callTracer JSON, none parsed
 * (an indexer asks it of every block): the same JSON as `traceBlock`'s results stringified. Undefined when
 * `cfg` is not the recorded tracer or a tx has no record, which `traceBlock` then replays.
 */
export async function recordedTraceReply(chain: EvmChain, block: StoredBlock, cfg: TraceConfig): Promise<RawJson | undefined> {
  if (!isRecordedCallTracer(cfg)) return undefined;
  const traces = await chain.recordedCallTraceJson(block);
  if (!traces || traces.some(isMissingTrace)) return undefined;
  const hashes = txHashes(chain, block);
  return new RawJson((out) => {
    out.text('[');
    for (let i = 0; i < traces.length; i++) out.text(i > 0 ? ',{"txHash":' : '{"txHash":').hex(hashes[i]!).text(',"result":').json(traces[i]!).text('}');
    out.text(']');
  });
}
