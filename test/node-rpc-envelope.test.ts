import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startDevnet, type DevnetProcess } from './helpers/devnet-process.js';

/** The avalanchego JSON-RPC envelope and HTTP rules (reference/node-apis.md §1), against a real node process. */
describe('node HTTP and JSON-RPC envelope', () => {
  let node: DevnetProcess;
  beforeAll(async () => {
    node = await startDevnet();
  });
  afterAll(async () => {
    await node?.stop();
  });

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(node.url + path, { method: 'POST', headers: { 'content-type': type }, body });

  it('answers a call with the envelope, node-id header and trailing newline', async () => {
    const r = await post('/ext/info', '{"jsonrpc":"2.0","id":7,"method":"info.getNetworkID"}');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('node-id')).toMatch(/^NodeID-/);
    expect(await r.text()).toBe('{"jsonrpc":"2.0","result":{"networkID":"12345"},"id":7}\n');
  });

  it('rejects non-POST with 405 and non-JSON content types with 415', async () => {
    const get = await fetch(node.url + '/ext/info');
    expect(get.status).toBe(405);
    expect(await get.text()).toBe('rpc: POST method required, received GET');
    const form = await post('/ext/info', '{}', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(await form.text()).toBe('rpc: unrecognized Content-Type: application/x-www-form-urlencoded');
    const upper = await post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkName"}', 'APPLICATION/JSON; charset=UTF-8');
    expect((await upper.json() as any).result).toEqual({ networkName: 'local' });
  });

  it('reports parse errors, batches and bad versions as avalanchego does', async () => {
    expect(await (await post('/ext/info', '')).json() as any).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'EOF', data: { jsonrpc: '', method: '', params: null, id: null } }, id: null });
    const bad = await (await post('/ext/info', 'xyz')).json() as any;
    expect(bad.error.code).toBe(-32700);
    expect(bad.error.message).toBe("invalid character 'x' looking for beginning of value");
    const batch = await (await post('/ext/info', '[{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}]')).json() as any;
    expect(batch.error).toMatchObject({ code: -32700, message: 'json: cannot unmarshal array into Go value of type json2.serverRequest' });
    const v1 = await (await post('/ext/info', '{"jsonrpc":"1.0","id":1,"method":"info.getNetworkID"}')).json() as any;
    expect(v1).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'jsonrpc must be 2.0', data: { jsonrpc: '1.0', method: 'info.getNetworkID', params: null, id: 1 } }, id: 1 });
  });

  it('writes nothing for notifications', async () => {
    const r = await post('/ext/info', '{"jsonrpc":"2.0","method":"info.getNetworkID"}');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  it('resolves method names with the codec rules', async () => {
    const call = async (method: string) => (await (await post('/ext/info', JSON.stringify({ jsonrpc: '2.0', id: 1, method }))).json() as any).error;
    expect(await call('info.nope')).toEqual({ code: -32000, message: 'rpc: can\'t find method "info.Nope"', data: null });
    expect(await call('info.GetNetworkID')).toEqual({ code: -32000, message: 'method must start with a non-uppercase letter', data: null });
    expect(await call('Info.getNetworkID')).toEqual({ code: -32000, message: 'rpc: can\'t find service "Info.GetNetworkID"', data: null });
    expect(await call('foo')).toEqual({ code: -32000, message: 'rpc: service/method request ill-formed: "foo"', data: null });
  });

  it('replaces argument decoding failures with the fixed params error', async () => {
    const r = await (await post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getBlockchainID","params":{"alias":5}}')).json() as any;
    expect(r.error).toEqual({ code: -32000, message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls", data: null });
    const pos = await (await post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getBlockchainID","params":[{"alias":"X"}]}')).json() as any;
    expect(pos.result.blockchainID).toMatch(/^[1-9A-HJ-NP-Za-km-z]{49,50}$/);
  });

  it('routes exact paths only', async () => {
    const slash = await post('/ext/info/', '{}');
    expect(slash.status).toBe(404);
    expect(await slash.text()).toBe('404 page not found\n');
    expect((await post('/ext/nothing', '{}')).status).toBe(404);
    expect((await post('/ext/admin', '{}')).status).toBe(404);
    expect((await post('/ext/index/C/block', '{}')).status).toBe(404);
  });

  it('filters hosts and sets CORS headers', async () => {
    const evil = await rawRequest(node.url, '/ext/health', { headers: { host: 'evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.text).toBe('invalid host specified\n');
    const local = await rawRequest(node.url, '/ext/health', { headers: { host: `localhost:${node.port}`, origin: 'http://app.example' } });
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('*');
    expect(local.headers['access-control-allow-credentials']).toBe('true');
    expect(local.headers.vary).toBe('Origin');
    expect((await rawRequest(node.url, '/ext/health', { headers: { host: '127.0.0.1' } })).status).toBe(200);
  });

  it('refuses oversized bodies without harm', async () => {
    const big = 'x'.repeat(33 * 1024 * 1024);
    const r = await post('/ext/info', big).catch(() => undefined);
    if (r) expect(r.status).toBe(413);
    const after = await (await post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}')).json() as any;
    expect(after.result.networkID).toBe('12345');
  });
});
