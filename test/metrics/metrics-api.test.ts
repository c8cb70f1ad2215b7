import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMetricsServer } from '../../src/api/metrics/create-metrics-server.js';
import { idToString } from '../../src/lib/cb58.js';
import { ensureChain, type ChainRef } from '../../src/store/registry.js';
import { updateEvmRollups } from '../../src/store/rollups/update-evm-rollups.js';
import type { TestDatabase } from '../../src/store/testing.js';
import { bruteForceSeries, bruteForceWindow } from './brute-force.js';
import { generateChain, randomBatches, writeBlocks, type GeneratedBlock } from './generated-chain.js';
import { createEvmChain, openMetricsDatabase, testNetwork } from './metrics-database.js';
import { Random } from './random.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 86_400;

let t: TestDatabase;
let app: FastifyInstance;
let clock = 0;
let chain: ChainRef;
let other: ChainRef;
let blocks: GeneratedBlock[];

async function index(c: ChainRef, generated: GeneratedBlock[], r: Random): Promise<void> {
  for (const batch of randomBatches(r, generated, 25)) {
    await t.db.transaction(async (tx) => {
      await writeBlocks(tx, batch);
      await updateEvmRollups(tx, c.id, batch[0]!.number, batch[batch.length - 1]!.number);
    });
  }
}

async function get(url: string) {
  const res = await app.inject(url);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

beforeAll(async () => {
  t = await openMetricsDatabase('pglite');
  const r = new Random(7);
  chain = await createEvmChain(t.db, { testnet: true, evmChainId: 43_112n, name: 'C' });
  blocks = generateChain(r, chain.id, 200);
  await index(chain, blocks, r);
  other = await createEvmChain(t.db, { testnet: false, evmChainId: 777_001n, name: 'Dexalot Subnet' });
  await index(other, generateChain(r, other.id, 60), r);
  clock = (blocks[blocks.length - 1]!.timestamp + 3600) * 1000;
  app = await createMetricsServer(t.db, { pageTokens: { secret: 'metrics-api-test-secret' }, now: () => clock });
});

afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

describe('GET /v1/avg_tps/{chainId} (seed 002)', () => {
  it('pages through daily average TPS, newest first, with UUID tokens, to the full brute-force series', async () => {
    const expected = await bruteForceSeries(t.db, chain.id, 'avgTps', 'day');
    expect(expected.length).toBeGreaterThan(100);
    const first = await get('/v1/avg_tps/43112');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe(200);
    expect(typeof first.body.lastRun).toBe('number');
    expect(first.body.results).toHaveLength(100);
    expect(first.body.nextPageToken).toMatch(UUID);
    expect(first.body.nextPageStartKey).toBe(first.body.nextPageToken);
    const points = [...first.body.results];
    let token: string | undefined = first.body.nextPageToken;
    let useStartKey = false;
    while (token) {
      const next = await get(`/v1/avg_tps/43112?${useStartKey ? 'startKey' : 'pageToken'}=${token}`);
      expect(next.status).toBe(200);
      points.push(...next.body.results);
      token = next.body.nextPageToken;
      useStartKey = !useStartKey;
    }
    expect(points.map((p: { timestamp: number }) => p.timestamp)).toEqual(expected.map((p) => p.timestamp));
    for (let i = 1; i < points.length; i++) expect(points[i - 1].timestamp - points[i].timestamp).toBe(DAY);
    points.forEach((p: { value: number }, i: number) => expect(p.value).toBeCloseTo(expected[i]!.value, 12));
  });

  it('omits nextPageToken on the last page', async () => {
    const res = await get('/v1/avg_tps/43112?pageSize=2160');
    expect(res.body.nextPageToken).toBeUndefined();
    expect(res.body.nextPageStartKey).toBeUndefined();
  });

  it('rejects a token 24 hours after it was issued, with a clear 400', async () => {
    const saved = clock;
    try {
      const first = await get('/v1/avg_tps/43112?pageSize=5');
      const token = first.body.nextPageToken;
      clock += 24 * 3600 * 1000;
      expect((await get(`/v1/avg_tps/43112?pageSize=5&pageToken=${token}`)).status).toBe(200);
      clock += 1000;
      const expired = await get(`/v1/avg_tps/43112?pageSize=5&pageToken=${token}`);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ message: [expect.stringMatching(/expired.*first page/)], error: 'Bad Request', statusCode: 400 });
    } finally {
      clock = saved;
    }
  });

  it('rejects a token of another query and a malformed one', async () => {
    const token = (await get('/v1/avg_tps/43112?pageSize=5')).body.nextPageToken;
    expect((await get(`/v1/max_tps/43112?pageSize=5&pageToken=${token}`)).status).toBe(400);
    expect((await get(`/v1/avg_tps/43112?pageSize=5&from=0&pageToken=${token}`)).status).toBe(400);
    const bad = await get('/v1/avg_tps/43112?pageToken=3d22deea-ea64-4d30-8a1e-c2a353b67e90');
    expect(bad.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
    expect(bad.body.message[0]).toMatch(/pageToken is invalid/);
  });

  it('answers an unknown chain with 404 and bad parameters with 400, in the error body', async () => {
    const missing = await get('/v1/avg_tps/999999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not Found', statusCode: 404 });
    expect(Array.isArray(missing.body.message)).toBe(true);
    const bad = await get('/v1/avg_tps/43112?from=yesterday-ish');
    expect(bad.status).toBe(400);
    expect(bad.body.message[0]).toMatch(/from must be/);
  });

  it('needs no authentication, and enforces rate limits without a key', async () => {
    const limited = await createMetricsServer(t.db, { pageTokens: { secret: 'metrics-api-test-secret' }, now: () => clock });
    try {
      let res;
      let served = 0;
      for (let i = 0; i < 500; i++) {
        res = await limited.inject('/v1/avg_tps/999999999');
        if (res.statusCode === 429) break;
        served++;
      }
      expect(served).toBe(8000 / 20);
      expect(res!.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
      expect(Array.isArray(res!.json().message)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /v2/chains/{chainId}/metrics/{metric}', () => {
  it('serves every interval; endTimestamp exclusive, startTimestamp inclusive', async () => {
    const expected = await bruteForceSeries(t.db, chain.id, 'txCount', 'week');
    const middle = expected[3]!.timestamp;
    const res = await get(`/v2/chains/43112/metrics/txCount?timeInterval=week&startTimestamp=${expected[6]!.timestamp}&endTimestamp=${middle}`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(expected.slice(4, 7));
    expect(res.body.nextPageToken).toBeUndefined();
  });

  it('sums chains for total, and splits mainnet from testnet', async () => {
    const mine = await bruteForceSeries(t.db, chain.id, 'cumulativeTxCount', 'month');
    const theirs = await bruteForceSeries(t.db, other.id, 'cumulativeTxCount', 'month');
    const testnet = await get('/v2/chains/testnet/metrics/cumulativeTxCount?timeInterval=month');
    expect(testnet.body.results).toEqual(mine);
    const mainnet = await get('/v2/chains/mainnet/metrics/cumulativeTxCount?timeInterval=month');
    expect(mainnet.body.results).toEqual(theirs);
    const total = await get('/v2/chains/total/metrics/cumulativeTxCount?timeInterval=month&pageSize=2160');
    const newest = Math.max(mine[0]!.timestamp, theirs[0]!.timestamp);
    expect(total.body.results[0].timestamp).toBe(newest);
    const totalAtMyNewest = total.body.results.find((p: { timestamp: number }) => p.timestamp === mine[0]!.timestamp).value;
    const theirsThen = theirs.find((p) => p.timestamp <= mine[0]!.timestamp)?.value ?? 0;
    expect(totalAtMyNewest).toBe(mine[0]!.value + theirsThen);
  });

  it('validates metric, interval, page size and range', async () => {
    expect((await get('/v2/chains/43112/metrics/nope')).status).toBe(400);
    expect((await get('/v2/chains/43112/metrics/txCount?timeInterval=year')).status).toBe(400);
    expect((await get('/v2/chains/43112/metrics/txCount?pageSize=2161')).status).toBe(400);
    const range = await get('/v2/chains/43112/metrics/txCount?startTimestamp=10&endTimestamp=5');
    expect(range.status).toBe(400);
    expect(range.body.message[0]).toMatch(/startTimestamp/);
    expect((await get('/v2/chains/abc/metrics/txCount')).status).toBe(404);
  });

  it('pages with pageToken', async () => {
    const expected = await bruteForceSeries(t.db, chain.id, 'activeAddresses', 'day');
    const first = await get('/v2/chains/43112/metrics/activeAddresses?pageSize=7');
    const second = await get(`/v2/chains/43112/metrics/activeAddresses?pageSize=7&pageToken=${first.body.nextPageToken}`);
    expect([...first.body.results, ...second.body.results]).toEqual(expected.slice(0, 14));
  });
});

describe('rolling windows', () => {
  it('answers the seven windows, and the legacy names', async () => {
    const now = Math.floor(clock / 1000);
    const res = await get('/v2/chains/43112/rollingWindowMetrics/txCount');
    expect(Object.keys(res.body.result).sort()).toEqual(['allTime', 'last90Days', 'lastDay', 'lastHour', 'lastMonth', 'lastWeek', 'lastYear']);
    expect(res.body.result.allTime).toBe(await bruteForceWindow(t.db, chain.id, 'txCount', undefined));
    expect(res.body.result.lastWeek).toBe(await bruteForceWindow(t.db, chain.id, 'txCount', Math.floor(now / 3600) * 3600 - 7 * DAY));
    const active = await get('/v2/chains/43112/rollingWindowMetrics/activeAddresses');
    expect(Object.keys(active.body.result).sort()).toEqual(['lastDay', 'lastHour', 'lastWeek']);
    const legacy = await get('/v1/tx_count/43112/rollingWindow');
    expect(legacy.body).toMatchObject({ status: 200, result: { last_day: res.body.result.lastDay, last_year: res.body.result.lastYear, all_time: res.body.result.allTime } });
  });
});

describe('chains', () => {
  it('lists the EVM chains measured, filtered by network', async () => {
    const all = await get('/v2/chains');
    expect(all.body.chains).toEqual(expect.arrayContaining([
      { evmChainId: 43112, chainName: 'c_chain', blockchainId: idToString(chain.blockchainId), subnetId: idToString(chain.subnetId), network: 'testnet' },
      { evmChainId: 777001, chainName: 'dexalot_subnet', blockchainId: idToString(other.blockchainId), subnetId: idToString(other.subnetId), network: 'mainnet' },
    ]));
    expect((await get('/v2/chains?network=mainnet')).body.chains.map((c: { evmChainId: number }) => c.evmChainId)).toEqual([777001]);
    expect((await get('/v2/chains/777001')).body.chainName).toBe('dexalot_subnet');
    expect((await get('/v2/chains/5')).status).toBe(404);
    expect((await get('/v1/mapping')).body.results).toEqual(expect.arrayContaining([{ chainID: 43112, subnetID: idToString(chain.subnetId), timestamp: 0, network: 'fuji' }]));
  });
});

describe('ICM', () => {
  it('counts each message once and splits by pair', async () => {
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM evm_teleporter_messages WHERE chain = ANY($1) AND direction = 'SOURCE_TRANSACTION'`, [[chain.id, other.id]]);
    const { rows: received } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM evm_teleporter_messages WHERE chain = ANY($1) AND direction = 'DESTINATION_TRANSACTION'`, [[chain.id, other.id]]);
    const series = await get('/v2/icm/timeseries?timeInterval=month&pageSize=2160');
    const total = series.body.results.reduce((s: number, p: { value: number }) => s + p.value, 0);
    // None of the generated source chains is indexed, so received messages count too.
    expect(total).toBe(Number(rows[0]!.n) + Number(received[0]!.n));
    expect(series.body.results.every((p: { srcBlockchainId: string }) => p.srcBlockchainId === 'all')).toBe(true);
    const pairs = await get('/v2/icm/timeseries?timeInterval=month&pageSize=2&groupBy=srcBlockchainId,destBlockchainId');
    const all = [...pairs.body.results];
    let token = pairs.body.nextPageToken;
    while (token) {
      const next = await get(`/v2/icm/timeseries?timeInterval=month&pageSize=2&groupBy=srcBlockchainId,destBlockchainId&pageToken=${token}`);
      all.push(...next.body.results);
      token = next.body.nextPageToken;
    }
    expect(all.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(total);
    expect(new Set(all.map((p) => `${p.timestamp}/${p.srcBlockchainId}/${p.destBlockchainId}`)).size).toBe(all.length);
    const summary = await get('/v2/icm/summary');
    expect(summary.body.result).toMatchObject({ allTime: total, srcBlockchainId: 'all', destBlockchainId: 'all' });
    const teleporter = await get('/v2/chains/43112/teleporterMetrics/teleporterTotalTxnCount');
    const { rows: mine } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM evm_teleporter_messages WHERE chain = $1', [chain.id]);
    expect(teleporter.body).toEqual({ result: { value: Number(mine[0]!.n) } });
  });
});

describe('staking metrics', () => {
  it('counts and weighs validators and delegators by day', async () => {
    const network = await testNetwork(t.db, true);
    const p = await ensureChain(t.db, { network, blockchainId: new Uint8Array(32), subnetId: new Uint8Array(32), vm: 'platform', name: 'P' });
    const day0 = Math.floor(clock / 1000 / DAY) * DAY - 10 * DAY;
    const SUBNET = new Uint8Array(32).fill(0x5b);
    const staker = (id: number, kind: string, start: number, end: number, weight: bigint, extra: unknown[] = [null, null], subnet = new Uint8Array(32)) => [
      p.id, new Uint8Array(32).fill(id), 'AddPermissionlessValidatorTx', kind, new Uint8Array(20).fill(id), `NodeID-${id}`, subnet,
      start, end, weight, 0, 0, start, false, ...extra,
    ];
    await t.db.copyRows('primary_stakers',
      ['chain', 'tx_id', 'tx_type', 'kind', 'node_id', 'node_id_text', 'subnet_id', 'start_time', 'end_time', 'weight', 'block_height', 'tx_index', 'block_timestamp', 'genesis', 'end_kind', 'end_timestamp'],
      [
        staker(1, 'validator', day0 + 100, day0 + 400 * DAY, 2000n),
        staker(2, 'validator', day0 + 2 * DAY + 5, day0 + 5 * DAY, 3000n),
        staker(3, 'delegator', day0 + DAY, day0 + 3 * DAY, 25n),
        staker(4, 'subnet-validator', day0 + 100, day0 + 300 * DAY, 100n, ['removed', day0 + 4 * DAY + 7], SUBNET),
        staker(5, 'subnet-validator', day0 + 2 * DAY, day0 + 300 * DAY, 100n, [null, null], SUBNET),
      ]);
    const subnet = await get(`/v2/networks/testnet/metrics/validatorCount?subnetId=${idToString(SUBNET)}&pageSize=11`);
    expect(subnet.body.results.map((r: { value: number }) => r.value).reverse()).toEqual([1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
    const count = await get('/v2/networks/testnet/metrics/validatorCount?pageSize=11');
    expect(count.status).toBe(200);
    const values = count.body.results.map((r: { value: number }) => r.value).reverse();
    expect(count.body.results[0].timestamp).toBe(day0 + 10 * DAY);
    expect(values).toEqual([1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1]);
    const weight = await get(`/v2/networks/fuji/metrics/validatorWeight?startTimestamp=${day0 + 2 * DAY}&endTimestamp=${day0 + 6 * DAY}`);
    expect(weight.body.results).toEqual([
      { timestamp: day0 + 5 * DAY, value: 2000 }, { timestamp: day0 + 4 * DAY, value: 5000 },
      { timestamp: day0 + 3 * DAY, value: 5000 }, { timestamp: day0 + 2 * DAY, value: 5000 },
    ]);
    const delegators = await get(`/v1/delegators/network/fuji/subnetId/11111111111111111111111111111111LpoYY/count?pageSize=11`);
    // The delegator series starts on the first delegator's day; it ends (scheduled) on day 3.
    expect(delegators.body.results).toHaveLength(10);
    expect(delegators.body.results.slice(-3)).toEqual([
      { timestamp: day0 + 3 * DAY, value: 0, subnetID: '11111111111111111111111111111111LpoYY' },
      { timestamp: day0 + 2 * DAY, value: 1, subnetID: '11111111111111111111111111111111LpoYY' },
      { timestamp: day0 + DAY, value: 1, subnetID: '11111111111111111111111111111111LpoYY' },
    ]);
    expect((await get('/v2/networks/mainnet/metrics/validatorCount')).body.results).toEqual([]);
    expect((await get('/v2/networks/testnet/metrics/validatorCount?subnetId=nope')).status).toBe(400);
  });
});

describe('documentation and health', () => {
  it('serves the OpenAPI document with the reference operation ids, and health checks', async () => {
    const doc = (await get('/api-json')).body;
    const ids = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((o: any) => o.operationId));
    for (const id of ['listChains', 'getChain', 'getEvmChainMetrics', 'getEvmChainRollingWindowMetrics', 'getICMTimeseries', 'getICMSummary', 'getStakingMetrics', 'metrics-health-check', 'metrics-live-check']) {
      expect(ids).toContain(id);
    }
    expect(doc.paths['/v2/chains/{chainId}/metrics/{metric}'].get['x-execution-weight']).toBe('small');
    expect((await get('/v2/health-check')).body.status).toBe('ok');
  });
});
