import { describe, expect, it } from 'vitest';
import { formatBech32 } from '../../../../lib/bech32-address.js';
import type { Delegator } from '../../../../store/queries/primary/delegators.js';
import type { Validator } from '../../../../store/queries/primary/validators.js';
import { delegatorWire, netOfFee } from './delegator.js';
import { cb58, nodeIdText } from './format.js';
import { validatorWire } from './validator.js';

const AVAX = 1_000_000_000n;
const node = new Uint8Array(20).fill(0x66);
const primary = new Uint8Array(32);
const owner = { locktime: 0n, threshold: 1, addresses: [new Uint8Array(20).fill(0xa1)] };

function validator(over: Partial<Validator>): Validator {
  return {
    txId: new Uint8Array(32).fill(1), txType: 'AddPermissionlessValidatorTx', kind: 'validator', nodeId: node, subnetId: primary, status: 'active',
    startTime: 1000n, endTime: 5000n, weight: 10n * AVAX, delegationShares: 30_000, rewardOwner: owner, blockHeight: 7n, txIndex: 0, blockTimestamp: 1000n,
    genesis: false, delegatorCount: 2, amountDelegated: 8n * AVAX, activeDelegated: 5n * AVAX, delegationCapacity: 35n * AVAX, timeRemaining: 100n, ...over,
  };
}

describe('validatorWire', () => {
  const ctx = { hrp: 'local', activeStake: new Map([[Buffer.from(primary).toString('hex'), 40n * AVAX]]) };

  it('gives an active validation the active shape: stake share, uptime, capacity, potential rewards, health, null geolocation', () => {
    const v = validatorWire(validator({ uptime: 99.5, connected: true, potentialReward: 123n, accruedDelegateeReward: 4n }), ctx);
    expect(v).toEqual({
      txHash: cb58(new Uint8Array(32).fill(1)), nodeId: nodeIdText(node), subnetId: '11111111111111111111111111111111LpoYY', amountStaked: '10000000000',
      delegationFee: '3.0000000000000000', startTimestamp: 1000, endTimestamp: 5000, validationStatus: 'active', stakePercentage: 25, delegatorCount: 2,
      amountDelegated: '5000000000', uptimePerformance: 99.5, delegationCapacity: '35000000000',
      potentialRewards: { validationRewardAmount: '123', delegationRewardAmount: '4', rewardAddresses: [formatBech32('local', owner.addresses[0]!)] },
      validatorHealth: { reachabilityPercent: 100, benchedPChainRequestsPercent: 0, benchedXChainRequestsPercent: 0, benchedCChainRequestsPercent: 0 },
      geolocation: null,
    });
  });

  it('gives completed validations their rewards (0 when none was paid) and the reward tx', () => {
    const paid = validatorWire(validator({ status: 'completed', endTxId: new Uint8Array(32).fill(9), validationReward: 77n, delegationFees: 3n }), ctx);
    expect(paid).toMatchObject({ validationStatus: 'completed', delegatorCount: 2, amountDelegated: '8000000000', rewards: { validationRewardAmount: '77', delegationRewardAmount: '3', rewardTxHash: cb58(new Uint8Array(32).fill(9)) } });
    expect(paid).not.toHaveProperty('uptimePerformance');
    const subnet = validatorWire(validator({ status: 'completed', kind: 'subnet-validator', delegationShares: undefined, rewardOwner: undefined, delegationCapacity: undefined }), ctx);
    expect(subnet).toMatchObject({ rewards: { validationRewardAmount: '0', delegationRewardAmount: '0' } });
    expect(subnet).not.toHaveProperty('delegationFee');
  });

  it('keeps pending validations to the common fields and removed ones with their removal', () => {
    const pending = validatorWire(validator({ status: 'pending' }), ctx);
    expect(Object.keys(pending).sort()).toEqual(['amountStaked', 'delegationFee', 'endTimestamp', 'nodeId', 'startTimestamp', 'subnetId', 'txHash', 'validationStatus']);
    const removed = validatorWire(validator({ status: 'removed', kind: 'subnet-validator', endTxId: new Uint8Array(32).fill(4), endTimestamp: 4000n }), ctx);
    expect(removed).toMatchObject({ validationStatus: 'removed', removeTxHash: cb58(new Uint8Array(32).fill(4)), removeTimestamp: 4000 });
  });

  it('shows BLS credentials as hex and reachability from the connection', () => {
    const v = validatorWire(validator({ bls: { publicKey: Uint8Array.of(1, 2), proofOfPossession: Uint8Array.of(3) }, connected: false, uptime: 80 }), ctx);
    expect(v).toMatchObject({ blsCredentials: { publicKey: '0x0102', proofOfPossession: '0x03' }, validatorHealth: { reachabilityPercent: 0 } });
  });
});

describe('delegatorWire', () => {
  const d: Delegator = {
    txId: new Uint8Array(32).fill(2), txType: 'AddPermissionlessDelegatorTx', nodeId: node, subnetId: primary, status: 'active', startTime: 1000n, endTime: 3000n,
    weight: 5n * AVAX, rewardOwner: owner, validatorDelegationShares: 30_000, blockHeight: 8n, txIndex: 0, blockTimestamp: 1000n, potentialReward: 1000n,
  };

  it('estimates active and pending rewards net of the validator fee', () => {
    expect(delegatorWire(d, 'local')).toMatchObject({ delegationStatus: 'active', delegationFee: '3.0000000000000000', estimatedGrossReward: '1000', estimatedNetReward: '970', amountDelegated: '5000000000' });
    expect(delegatorWire({ ...d, status: 'pending', potentialReward: undefined }, 'local')).toMatchObject({ delegationStatus: 'pending', estimatedGrossReward: '0', estimatedNetReward: '0' });
  });

  it('shows completed delegations with the rewards paid', () => {
    const done = delegatorWire({ ...d, status: 'completed', grossReward: 1000n, netReward: 970n, endTxId: new Uint8Array(32).fill(3) }, 'local');
    expect(done).toEqual(expect.objectContaining({ delegationStatus: 'completed', grossReward: '1000', netReward: '970' }));
    expect(done).not.toHaveProperty('estimatedGrossReward');
  });

  it('splits like AvalancheGo (floor of the delegator share)', () => {
    expect(netOfFee(999n, 20_000)).toBe(979n);
    expect(netOfFee(1n, 20_000)).toBe(0n);
  });
});
