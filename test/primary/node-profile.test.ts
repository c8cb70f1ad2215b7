import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

async function platform(node: DevnetProcess, method: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${node.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }) });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: { message: string } };
  if (!body.result) throw new Error(`${method}: ${body.error?.message}`);
  return body.result;
}

describe('the node\'s --profile and P-chain parameter flags', () => {
  const nodes: DevnetProcess[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it('serves mainnet staking limits and L1 validator fees with --profile=mainnet-like, and single overrides on top', async () => {
    const mainnet = await startDevnet(['--profile=mainnet-like', '--l1-validator-fee-target=4000']);
    nodes.push(mainnet);
    expect(await platform(mainnet, 'platform.getMinStake')).toEqual({ minValidatorStake: '2000000000000', minDelegatorStake: '25000000000' });
    expect(await platform(mainnet, 'platform.getValidatorFeeConfig')).toEqual({ capacity: 20000, target: 4000, minPrice: 512, excessConversionConstant: 1246488515 });

    const devnet = await startDevnet(['--min-delegator-stake=5']);
    nodes.push(devnet);
    expect(await platform(devnet, 'platform.getMinStake')).toEqual({ minValidatorStake: '1000000000', minDelegatorStake: '5' });
    expect((await platform(devnet, 'platform.getValidatorFeeConfig')).minPrice).toBe(1);
  }, 120_000);
});
