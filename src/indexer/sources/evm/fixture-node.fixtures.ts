import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * An HTTP JSON-RPC server answering from the hand-written coreth fixtures (decode/evm/fixtures): blocks 0
 * (empty), 42 (C-chain, traced) and 43 (Subnet-EVM style, its trace fails). `node` configures it like nodes
 * that lack eth_getBlockReceipts or the debug API, or that pruned old state; `requests` records each HTTP
 * request's calls.
 */
type Json = Record<string, unknown>;
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../decode/evm/fixtures', name), 'utf8'));
export const block42 = fixture('coreth-block-42.json') as Json;
export const receipts42 = fixture('coreth-receipts-42.json') as Json[];
export const traces42 = fixture('coreth-traces-42.json') as Json[];
export const subnet43 = fixture('subnet-evm-block-43.json') as { block: Json; receipts: Json[] };
export const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');

export interface Call {
  method: string;
  params: unknown[];
}
export const node = {
  missing: new Set<string>(),
  /** eth_call answers by `to` address (lowercase), or an error. */
  calls: new Map<string, string | { code: number; message: string }>(),
  prunedBelow: 0,
  /** eth_getBlockReceipts answers null, as a node does for a block it has not accepted yet. */
  receiptsMissing: false,
  requests: [] as Call[][],
};

function answer(c: Call): { result?: unknown; error?: { code: number; message: string } } {
  if (node.missing.has(c.method)) return { error: { code: -32601, message: `the method ${c.method} does not exist/is not available` } };
  switch (c.method) {
    case 'eth_blockNumber':
      return { result: '0x2b' };
    case 'eth_getBlockByNumber':
      return { result: c.params[0] === '0x2a' ? block42 : c.params[0] === '0x2b' ? subnet43.block : c.params[0] === '0x0' ? { ...block42, number: '0x0', transactions: [] } : null };
    case 'eth_getBlockReceipts':
      if (node.receiptsMissing) return { result: null };
      return { result: c.params[0] === '0x2a' ? receipts42 : c.params[0] === '0x2b' ? subnet43.receipts : null };
    case 'eth_getTransactionReceipt':
      return { result: [...receipts42, ...subnet43.receipts].find((r) => r.transactionHash === c.params[0]) ?? null };
    case 'debug_traceBlockByNumber':
      if ((c.params[1] as { tracer?: string } | undefined)?.tracer !== 'callTracer') return { error: { code: -32000, message: 'wrong tracer' } };
      return c.params[0] === '0x2a' ? { result: traces42 } : { error: { code: -32000, message: 'execution timeout' } };
    case 'eth_call': {
      const height = c.params[1] === 'latest' ? Infinity : Number(BigInt(c.params[1] as string));
      if (height < node.prunedBelow) return { error: { code: -32000, message: 'missing trie node 5a5a (path )' } };
      const a = node.calls.get((c.params[0] as { to: string }).to);
      if (a === undefined) return { result: '0x' };
      return typeof a === 'string' ? { result: a } : { error: a };
    }
    default:
      return { error: { code: -32601, message: `the method ${c.method} does not exist/is not available` } };
  }
}

/** Starts the server; resolves with its URL and a close function. */
export async function startFixtureNode(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const parsed = JSON.parse(body) as (Call & { id: number }) | (Call & { id: number })[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      node.requests.push(list);
      const out = list.map((c) => ({ jsonrpc: '2.0', id: c.id, ...answer(c) }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? out : out[0]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Back to a node that serves everything. */
export function resetFixtureNode(): void {
  node.missing.clear();
  node.calls.clear();
  node.prunedBelow = 0;
  node.receiptsMissing = false;
  node.requests = [];
}
