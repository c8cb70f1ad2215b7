import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../http/errors/http-errors.js';
import { checkAggregationRequest } from './aggregate-signatures.js';
import { checkTimeRange } from './list-transactions.js';
import { validatorFilters } from './list-validators.js';
import { validatorCursorFromWire, validatorCursorToWire } from './validator-page.js';

const PRIMARY = '11111111111111111111111111111111LpoYY';

describe('validator filter rules', () => {
  it('passes only the filters given (no defaults applied) and splits node id substrings', () => {
    expect(validatorFilters({ pageSize: 10 }, true)).toEqual({ sortOrder: 'desc' });
    expect(validatorFilters({ pageSize: 10, nodeIds: 'NodeID-abc, 7DBWJs', minTimeRemaining: 1.5, maxTimeRemaining: 9.5, minFeePercentage: 2, sortOrder: 'asc' }, false)).toEqual({
      nodeIds: ['NodeID-abc', '7DBWJs'], minTimeRemaining: 2n, maxTimeRemaining: 9n, minFeePercentage: 2, sortOrder: 'asc',
    });
    expect(validatorFilters({ pageSize: 10, minDelegationCapacity: '0', maxDelegationCapacity: '720000000000000000' }, true)).toMatchObject({ minDelegationCapacity: 0n, maxDelegationCapacity: 720_000_000_000_000_000n });
  });

  it('allows the delegationFee sort only on mainnet with the primary network subnet', () => {
    expect(validatorFilters({ pageSize: 10, sortBy: 'delegationFee', subnetId: PRIMARY }, true)).toMatchObject({ sortBy: 'delegationFee', subnetId: new Uint8Array(32) });
    expect(() => validatorFilters({ pageSize: 10, sortBy: 'delegationFee', subnetId: PRIMARY }, false)).toThrow(/only available for mainnet/);
    expect(() => validatorFilters({ pageSize: 10, sortBy: 'delegationFee' }, true)).toThrow(BadRequestError);
  });

  it('refuses capacities out of range and min above max', () => {
    for (const bad of ['720000000000000001', '-1', '1.5', 'x']) expect(() => validatorFilters({ pageSize: 10, minDelegationCapacity: bad }, true), bad).toThrow(/between 0 and/);
    expect(() => validatorFilters({ pageSize: 10, minUptimePerformance: 50, maxUptimePerformance: 40 }, true)).toThrow(/minUptimePerformance must not be greater than maxUptimePerformance/);
    expect(() => validatorFilters({ pageSize: 10, minFeePercentage: 5, maxFeePercentage: 4 }, true)).toThrow(/minFeePercentage/);
    expect(() => validatorFilters({ pageSize: 10, minDelegationCapacity: '5', maxDelegationCapacity: '4' }, true)).toThrow(/minDelegationCapacity/);
    expect(() => checkTimeRange(5, 4)).toThrow(/startTimestamp/);
    expect(() => checkTimeRange(4, 4)).not.toThrow();
  });

  it('round-trips validator cursors through page tokens', () => {
    for (const c of [{ blockHeight: 7n, txIndex: 2 }, { blockHeight: 7n, txIndex: 2, sortValue: '12.5' }]) expect(validatorCursorFromWire(validatorCursorToWire(c))).toEqual(c);
  });
});

describe('signature aggregation request rules', () => {
  const message = (networkId: number) => {
    const b = Buffer.alloc(45);
    b.writeUInt32BE(networkId, 2);
    b.writeUInt32BE(3, 38);
    return b.toString('hex');
  };

  it('accepts a message or a justification with valid quorum settings', () => {
    expect(() => checkAggregationRequest({ message: message(5) }, 5)).not.toThrow();
    expect(() => checkAggregationRequest({ message: `0x${message(5)}`, quorumPercentage: 0, quorumPercentageBuffer: 33 }, 5)).not.toThrow();
    expect(() => checkAggregationRequest({ justification: '01', signingSubnetId: PRIMARY, quorumPercentage: 100 }, 5)).not.toThrow();
  });

  it('checks in the upstream order with its texts', () => {
    expect(() => checkAggregationRequest({}, 5)).toThrow('Must provide either message or justification');
    expect(() => checkAggregationRequest({ message: '0x0', justification: 'zz' }, 5)).toThrow(/^Could not decode message/);
    expect(() => checkAggregationRequest({ message: '00', justification: 'zz' }, 5)).toThrow(/^Could not decode justification/);
    expect(() => checkAggregationRequest({ message: '0000', justification: '0x' }, 5)).toThrow('Must provide either message or justification');
    expect(() => checkAggregationRequest({ message: 'abcd' }, 5)).toThrow(/^Error unpacking warp message/);
    expect(() => checkAggregationRequest({ message: message(1) }, 5)).toThrow(/network ID 1/);
    expect(() => checkAggregationRequest({ message: message(5), quorumPercentage: 0, quorumPercentageBuffer: 34 }, 5)).toThrow(/^Invalid quorum buffer number/);
    expect(() => checkAggregationRequest({ message: message(5), signingSubnetId: '0x1234' }, 5)).toThrow(/^Error parsing signing subnet ID/);
  });
});
