import { describe, expect, it } from 'vitest';
import { goJson } from '../../../../lib/go/go-json.js';
import { HealthRegistry } from '../registry.js';
import { chainCheck, registerChainCheck, type ChainStatus } from './chain.js';

const status = (count = 0, longestMs = 0): ChainStatus => ({
  lastAccepted: () => ({ height: 42n, id: '2e1FEPCBEkG2Q7WgyZh1v4nt3DXj1HDbDthyhxdq2Ltg3shSYq' }),
  processing: () => ({ count, longestMs }),
});

describe('chainCheck', () => {
  it('produces the chain message of a healthy devnet chain', async () => {
    const details = await chainCheck(status())();
    expect(goJson(details)).toBe('{"engine":{"consensus":{"lastAcceptedHeight":42,"lastAcceptedID":"2e1FEPCBEkG2Q7WgyZh1v4nt3DXj1HDbDthyhxdq2Ltg3shSYq",'
      + '"longestProcessingBlock":"0s","processingBlocks":0},"vm":null},"networking":{"disconnectedValidators":[],"percentConnected":1}}');
  });

  it('fails on too many or too slow processing blocks', () => {
    expect(chainCheck(status(300, 31_000))).toThrow('too many processing blocks: 300 > 256\nblock processing too long: 31s > 30s');
  });

  it('combines engine and networking errors', () => {
    const networking = { percentConnected: () => 0.5, disconnectedValidators: () => ['NodeID-B', 'NodeID-A'] };
    expect(chainCheck(status(0, 0), { networking })).toThrow('not connected to enough stake: connected to 50.000000%; required at least 80.000000%');
    try {
      chainCheck(status(300, 0), { networking })();
    } catch (e) {
      expect((e as Error).message).toBe('engine: too many processing blocks: 300 > 256; networking: not connected to enough stake: connected to 50.000000%; required at least 80.000000%');
      expect((e as { details: { networking: unknown } }).details.networking).toEqual({ percentConnected: 0.5, disconnectedValidators: ['NodeID-A', 'NodeID-B'] });
    }
  });

  it('registers under the alias tagged with the primary network id', async () => {
    const registry = new HealthRegistry();
    registerChainCheck(registry, 'P', status());
    await registry.runAll();
    expect(Object.keys(JSON.parse(registry.report('health', ['11111111111111111111111111111111LpoYY']).body).checks)).toEqual(['P']);
    expect(Object.keys(JSON.parse(registry.report('health', ['other']).body).checks)).toEqual([]);
  });
});
