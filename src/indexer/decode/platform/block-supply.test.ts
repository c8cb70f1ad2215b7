import { describe, expect, it } from 'vitest';
import { emptyPrimaryRows, type PrimaryBlockRow, type PrimaryTxRow } from '../../../store/writers/primary/rows.js';
import { applyObservedSupply } from './block-supply.js';

const block = (height: bigint, blockType = 'BanffStandardBlock') => ({ height, blockType } as PrimaryBlockRow);
const tx = (blockHeight: bigint, txType: string) => ({ blockHeight, txType } as PrimaryTxRow);

describe('applyObservedSupply', () => {
  it('fills back from the observed block through blocks that leave the supply unchanged', () => {
    const rows = emptyPrimaryRows();
    rows.blocks.push(block(10n), block(11n), block(12n), block(13n), block(14n));
    rows.txs.push(tx(10n, 'BaseTx'), tx(11n, 'AddPermissionlessValidatorTx'), tx(12n, 'CreateSubnetTx'), tx(13n, 'ImportTx'));
    applyObservedSupply(rows, { height: 13n, supply: 500n });
    // 13 and 12 change nothing, 11 minted a reward (the value after it is known), 10 is before it: unknown; 14 is after.
    expect(rows.blocks.map((b) => b.currentSupply)).toEqual([undefined, 500n, 500n, 500n, undefined]);
  });

  it('stops at a proposal or option block, and ignores an observation outside the batch', () => {
    const rows = emptyPrimaryRows();
    rows.blocks.push(block(1n, 'BanffProposalBlock'), block(2n, 'BanffCommitBlock'), block(3n));
    applyObservedSupply(rows, { height: 3n, supply: 7n });
    expect(rows.blocks.map((b) => b.currentSupply)).toEqual([undefined, 7n, 7n]);
    const other = emptyPrimaryRows();
    other.blocks.push(block(1n));
    applyObservedSupply(other, { height: 9n, supply: 7n });
    expect(other.blocks[0]!.currentSupply).toBeUndefined();
  });
});
