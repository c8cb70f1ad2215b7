import { describe, expect, it } from 'vitest';
import { idToString, nodeIdToString } from '../../../lib/cb58.js';
import { RpcArgs } from '../../server/rpc-args.js';
import { createValidatorsService } from './validators-service.js';

const here = new Uint8Array(20).fill(1);
const away = new Uint8Array(20).fill(2);

const service = createValidatorsService({
  currentValidators: () => [
    { validationId: new Uint8Array(32).fill(9), nodeId: here, weight: 20n, startTime: 1_000n, isActive: true, isL1Validator: false },
    { validationId: new Uint8Array(32).fill(8), nodeId: away, weight: 5n, startTime: 1_100n, isActive: false, isL1Validator: true },
  ],
  isConnected: (n) => n[0] === 1,
  now: () => 1_100n,
});
const get = (params: Record<string, unknown>) => service.methods.getCurrentValidators!(new RpcArgs(params)) as { validators: Record<string, unknown>[] };

describe('validators.getCurrentValidators', () => {
  it('lists the subnet\'s validators with the uptime this node saw', () => {
    expect(get({}).validators).toEqual([
      { validationID: idToString(new Uint8Array(32).fill(9)), nodeID: nodeIdToString(here), weight: 20n, startTimestamp: 1_000n, isActive: true, isL1Validator: false, isConnected: true, uptimePercentage: 100, uptimeSeconds: 100n },
      // nothing elapsed since its start: 100 %, as subnet-evm reports it
      { validationID: idToString(new Uint8Array(32).fill(8)), nodeID: nodeIdToString(away), weight: 5n, startTimestamp: 1_100n, isActive: false, isL1Validator: true, isConnected: false, uptimePercentage: 100, uptimeSeconds: 0n },
    ]);
  });

  it('filters by node ID and refuses a malformed one', () => {
    expect(get({ nodeIDs: [nodeIdToString(away)] }).validators.map((v) => v.nodeID)).toEqual([nodeIdToString(away)]);
    expect(() => get({ nodeIDs: ['NodeID-nope'] })).toThrow();
  });
});
