import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../lib/log.js';
import type { ActivityContext } from '../context.js';
import { JsonRpcClient } from '../json-rpc.js';
import { userActors } from '../keys.js';
import { Prng } from '../prng.js';
import { ATOMIC_ACTIONS, cAtomicAvailable } from './atomic-actions.js';

let server: Server | undefined;
afterEach(() => server?.close());

/** A node whose /ext/bc/C/avax answers with `answer` (status, body); counts the calls. */
async function nodeAnswering(status: number, body: unknown): Promise<{ url: string; calls: string[] }> {
  const calls: string[] = [];
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      calls.push(`${req.url} ${JSON.parse(text).method}`);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls };
}

function context(url: string): ActivityContext {
  const debug: string[] = [];
  return {
    rpc: new JsonRpcClient(url), log: { ...silentLog, debug: (m: string) => debug.push(m) }, users: userActors('t', 2), cAtomic: undefined,
    net: { networkId: 12345, hrp: 'local', avaxAssetId: '', xChainId: '', pChainId: '', cChainId: '', evmChainId: 43112 },
  } as unknown as ActivityContext;
}

describe('C-chain atomic actions on a node without the atomic API', () => {
  it('are skipped when the node answers method-not-found, and the answer is remembered', async () => {
    const node = await nodeAnswering(200, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method avax.getUTXOs does not exist/is not available' } });
    const ctx = context(node.url);
    for (const kind of ['atomic.x-c', 'atomic.c-x', 'atomic.p-c', 'atomic.c-p'] as const) {
      const r = await ATOMIC_ACTIONS[kind](ctx, Prng.from('s'));
      expect(r).toMatchObject({ skipped: true, txs: [] });
    }
    expect(node.calls).toEqual(['/ext/bc/C/avax avax.getUTXOs']);
    expect(ctx.cAtomic?.available).toBe(false);
  });

  it('treats an endpoint the node does not serve (404) the same way', async () => {
    const node = await nodeAnswering(404, { error: 'not found' });
    expect(await cAtomicAvailable(context(node.url))).toBe(false);
  });

  it('uses the API when it answers, and passes other errors on', async () => {
    const ok = await nodeAnswering(200, { jsonrpc: '2.0', id: 1, result: { numFetched: '0', utxos: [], encoding: 'hex' } });
    expect(await cAtomicAvailable(context(ok.url))).toBe(true);
    server!.close();
    const broken = await nodeAnswering(200, { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'database closed' } });
    await expect(cAtomicAvailable(context(broken.url))).rejects.toThrow('avax.getUTXOs: database closed');
  });
});
