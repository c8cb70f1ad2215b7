import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmContract } from '../../../store/queries/evm/contracts.js';
import { contractMetadataOf } from './contract-metadata.js';

const base: EvmContract = {
  address: new Uint8Array(20).fill(0x20), ercType: 'UNKNOWN', name: 'Thing', symbol: 'THG',
  deployment: { txHash: new Uint8Array(32).fill(7), deployer: new Uint8Array(20).fill(0xa1), blockNumber: 1n, txIndex: 0 },
};

const DEPLOYER = getAddress('0x' + 'a1'.repeat(20));

describe('contractMetadataOf', () => {
  it('an unknown contract carries no symbol (UnknownContract has none)', () => {
    const wire = contractMetadataOf(base);
    expect(wire.ercType).toBe('UNKNOWN');
    expect('symbol' in wire).toBe(false);
    expect(wire.name).toBe('Thing');
    expect(wire.deploymentDetails).toEqual({ txHash: '0x' + '07'.repeat(32), deployerAddress: DEPLOYER });
  });

  it('ERC-20 always has decimals; NFTs have a symbol and no decimals', () => {
    expect(contractMetadataOf({ ...base, ercType: 'ERC-20', decimals: 6 })).toMatchObject({ ercType: 'ERC-20', symbol: 'THG', decimals: 6 });
    const nft = contractMetadataOf({ ...base, ercType: 'ERC-1155', decimals: 3 });
    expect(nft).toMatchObject({ ercType: 'ERC-1155', symbol: 'THG' });
    expect('decimals' in nft).toBe(false);
  });

  it('names the factory of a contract made by a contract; leaves out what is unknown', () => {
    const wire = contractMetadataOf({ ...base, name: undefined, symbol: undefined, ercType: 'ERC-721', deployment: { ...base.deployment, deployerContract: new Uint8Array(20).fill(0xfa) } });
    expect(wire).toEqual({
      address: '0x2020202020202020202020202020202020202020', ercType: 'ERC-721',
      deploymentDetails: { txHash: '0x' + '07'.repeat(32), deployerAddress: DEPLOYER, deployerContractAddress: getAddress('0x' + 'fa'.repeat(20)) },
    });
  });
});
