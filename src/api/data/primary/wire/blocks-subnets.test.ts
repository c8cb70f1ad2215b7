import { describe, expect, it } from 'vitest';
import { formatBech32 } from '../../../../lib/bech32-address.js';
import type { L1Validator } from '../../../../store/queries/primary/l1-validators.js';
import type { Subnet } from '../../../../store/queries/primary/subnets.js';
import { cb58, nodeIdText } from './format.js';
import { l1ValidatorWire } from './l1-validator.js';
import { primaryBlockWire, vertexWire } from './primary-block.js';
import { subnetWire } from './subnet.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);

describe('blocks and vertices', () => {
  it('shows a block with its txs and, when wrapped, its proposer', () => {
    const base = { chain: 1, height: 12n, blockId: id(12), parentId: id(11), blockType: 'BanffStandardBlock', timestamp: 1000n, size: 300, innerSize: 200, txCount: 1, txIds: [id(0x21)] };
    expect(primaryBlockWire(base)).toEqual({
      blockNumber: '12', blockHash: cb58(id(12)), parentHash: cb58(id(11)), blockTimestamp: 1000, blockType: 'BanffStandardBlock', txCount: 1,
      transactions: [cb58(id(0x21))], blockSizeBytes: 300,
    });
    const wrapped = primaryBlockWire({ ...base, proposerId: id(0x31), proposerParentId: id(0x30), proposerNodeId: addr(9), proposerPChainHeight: 11n, proposerTimestamp: 999n });
    expect(wrapped.proposerDetails).toEqual({ proposerId: cb58(id(0x31)), proposerParentId: cb58(id(0x30)), proposerNodeId: nodeIdText(addr(9)), proposerPChainHeight: 11, proposerTimestamp: 999 });
  });

  it('shows a vertex', () => {
    expect(vertexWire({ vertexId: id(1), parentIds: [id(2)], height: 3n, index: 4n, timestamp: 5n, txIds: [id(6), id(7)], size: 8 })).toEqual({
      vertexHash: cb58(id(1)), parentHashes: [cb58(id(2))], vertexHeight: 3, vertexIndex: 4, vertexTimestamp: 5, txCount: 2, transactions: [cb58(id(6)), cb58(id(7))], vertexSizeBytes: 8,
    });
  });
});

describe('subnets and L1 validators', () => {
  it('keeps the creation owner in the deprecated fields and the current one in subnetOwnershipInfo', () => {
    const s: Subnet = {
      subnetId: id(0x15), blockHeight: 3n, txIndex: 0, blockTimestamp: 900n, owner: { locktime: 0n, threshold: 1, addresses: [addr(1)] },
      currentOwner: { locktime: 5n, threshold: 2, addresses: [addr(2), addr(3)] }, isL1: true, conversionTxId: id(0x17), managerChainId: id(0x16), managerAddress: addr(0xee), blockchains: [],
    };
    expect(subnetWire(s, 'local')).toEqual({
      createBlockTimestamp: 900, createBlockIndex: '3', subnetId: cb58(id(0x15)), ownerAddresses: [formatBech32('local', addr(1))], threshold: 1, locktime: 0,
      subnetOwnershipInfo: { locktime: 5, threshold: 2, addresses: [formatBech32('local', addr(2)), formatBech32('local', addr(3))] }, isL1: true,
      l1ConversionTransactionHash: cb58(id(0x17)), l1ValidatorManagerDetails: { blockchainId: cb58(id(0x16)), contractAddress: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' }, blockchains: [],
    });
  });

  it('shows an L1 validator, with no remaining balance once disabled', () => {
    const v: L1Validator = {
      validationId: id(0x71), subnetId: id(0x15), nodeId: addr(0x33), weight: 20n, balance: 700n, blsPublicKey: Uint8Array.of(1), proofOfPossession: Uint8Array.of(2),
      remainingBalanceOwner: { locktime: 0n, threshold: 1, addresses: [addr(4)] }, deactivationOwner: { locktime: 0n, threshold: 0, addresses: [] },
      createdTxId: id(0x17), blockHeight: 3n, creationTimestamp: 900n, active: true,
    };
    expect(l1ValidatorWire(v, 'local')).toEqual({
      validationId: cb58(id(0x71)), validationIdHex: `0x${'71'.repeat(32)}`, nodeId: nodeIdText(addr(0x33)), subnetId: cb58(id(0x15)), weight: 20, remainingBalance: 700,
      creationTimestamp: 900, blsCredentials: { publicKey: '0x01', proofOfPossession: '0x02' },
      remainingBalanceOwner: { addresses: [formatBech32('local', addr(4))], threshold: 1 }, deactivationOwner: { addresses: [], threshold: 0 },
    });
    expect(l1ValidatorWire({ ...v, disabledAt: 950n, active: false }, 'local').remainingBalance).toBe(0);
  });
});
