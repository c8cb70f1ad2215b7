import type { PrimaryRows } from '../../../store/writers/primary/rows.js';

/**
 * What moves the P-chain's current supply (platform.getCurrentSupply): a staker starting mints its potential reward,
 * an unpaid reward is taken back (the proposal's commit or abort), and before Durango stakers started by advancing
 * time. Subnet-only and L1 txs are included when unsure: a block counted as changing only stops the fill earlier.
 */
const SUPPLY_TXS = new Set([
  'AddValidatorTx', 'AddDelegatorTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'AddAutoRenewedValidatorTx',
  'RewardValidatorTx', 'AdvanceTimeTx', 'TransformSubnetTx',
]);
const OPTION_OR_PROPOSAL = /(Proposal|Commit|Abort)Block$/;

/** The node's supply after `height` (platform.getCurrentSupply answers both at once). */
export interface ObservedSupply {
  height: bigint;
  supply: bigint;
}

/**
 * Sets `currentSupply` on the batch's blocks the observation determines: the observed block, and walking back, each
 * block before it as long as the blocks after it leave the supply unchanged. A block that changes the supply gets the
 * value after itself, and the blocks before it stay unknown.
 */
export function applyObservedSupply(rows: PrimaryRows, observed: ObservedSupply): void {
  const changing = new Set<bigint>();
  for (const tx of rows.txs) if (SUPPLY_TXS.has(tx.txType)) changing.add(tx.blockHeight);
  for (const b of rows.blocks) if (OPTION_OR_PROPOSAL.test(b.blockType)) changing.add(b.height);
  const byHeight = new Map(rows.blocks.map((b) => [b.height, b]));
  for (let h = observed.height; byHeight.has(h); h--) {
    byHeight.get(h)!.currentSupply = observed.supply;
    if (changing.has(h)) break;
  }
}
