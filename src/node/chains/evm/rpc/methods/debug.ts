import { bytesToHex } from '../../../../../lib/hex.js';
import type { StoredBlock } from '../../block-store.js';
import { blockByRef } from '../../query/block-ref.js';
import { txHashes } from '../decoded-blocks.js';
import { recordedTraceReply } from '../recorded-trace-reply.js';
import { parseBlockOverrides, parseStateOverrides } from '../../tracing/call-overrides.js';
import { traceBlock, traceCall, traceTransaction, type TraceCallOptions } from '../../tracing/replay.js';
import { parseTraceConfig } from '../../tracing/trace-config.js';
import { ParamError, arity, fromRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

function blockFound(block: StoredBlock | undefined, what: string): StoredBlock {
  if (!block) throw new Error(`block ${what} not found`);
  return block;
}

/** TraceCallConfig's own fields (geth's tracers.TraceCallConfig) on top of TraceConfig. */
function traceCallOptions(v: unknown, index: number): TraceCallOptions {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const o = v as Record<string, unknown>;
  const opts: TraceCallOptions = {};
  const state = parseStateOverrides(o.stateOverrides, index);
  const block = parseBlockOverrides(o.blockOverrides, index);
  if (state) opts.stateOverrides = state;
  if (block) opts.blockOverrides = block;
  if (o.txIndex !== undefined && o.txIndex !== null) {
    const i = fromRpc.quantity(o.txIndex, index, 32);
    opts.txIndex = Number(i);
  }
  return opts;
}

/** geth's debug_trace* (eth/tracers/api.go) with the struct logger, callTracer and prestateTracer. */
export const debugMethods: EthMethods = {
  async debug_traceTransaction(p, { chain }) {
    arity(p, 1, 2);
    const hash = fromRpc.hash(p[0], 0);
    return traceTransaction(chain, hash, parseTraceConfig(p[1], 1));
  },

  async debug_traceBlockByNumber(p, { chain }) {
    arity(p, 1, 2);
    const ref = fromRpc.blockTag(p[0], 0);
    const cfg = parseTraceConfig(p[1], 1);
    const block = blockFound(await blockByRef(chain, ref), 'number' in ref ? `#${ref.number}` : 'latest');
    return (await recordedTraceReply(chain, block, cfg)) ?? traceBlock(chain, block, cfg, txHashes(chain, block));
  },

  async debug_traceBlockByHash(p, { chain }) {
    arity(p, 1, 2);
    const hash = fromRpc.hash(p[0], 0);
    const cfg = parseTraceConfig(p[1], 1);
    const block = blockFound(await chain.getBlockByHash(hash), bytesToHex(hash));
    return (await recordedTraceReply(chain, block, cfg)) ?? traceBlock(chain, block, cfg, txHashes(chain, block));
  },

  async debug_traceCall(p, { chain }) {
    arity(p, 2, 3);
    const req = fromRpc.callRequest(p[0], 0);
    if (p[1] === undefined || p[1] === null) throw new ParamError('missing value for required argument 1');
    const ref = fromRpc.blockRef(p[1], 1);
    const cfg = parseTraceConfig(p[2], 2, 'TraceCallConfig');
    const opts = traceCallOptions(p[2], 2);
    if ('tag' in ref && ref.tag === 'pending') throw new Error('tracing on top of pending is not supported');
    const block = 'hash' in ref ? blockFound(await chain.getBlockByHash(ref.hash), bytesToHex(ref.hash)) : blockFound(await blockByRef(chain, ref), 'number' in ref ? `#${ref.number}` : ref.tag);
    return traceCall(chain, req, block, cfg, opts);
  },
};
