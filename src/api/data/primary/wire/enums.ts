/** The closed enums of the real service (data-api.md §8) that the store's free-text values are mapped into. */

/** PChainTransactionType: what a P-chain tx's `txType` may say. */
export const P_CHAIN_TX_TYPES = [
  'AddValidatorTx', 'AddSubnetValidatorTx', 'AddDelegatorTx', 'CreateChainTx', 'CreateSubnetTx', 'ImportTx', 'ExportTx', 'AdvanceTimeTx',
  'RewardValidatorTx', 'RemoveSubnetValidatorTx', 'TransformSubnetTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'BaseTx',
  'TransferSubnetOwnershipTx', 'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx', 'UNKNOWN',
] as const;

/** XChainTransactionType. */
export const X_CHAIN_TX_TYPES = ['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx', 'UNKNOWN'] as const;

/** PrimaryNetworkTxType: the `txTypes` filter (P-chain types plus the X-chain's own). */
export const PRIMARY_NETWORK_TX_TYPES = [...P_CHAIN_TX_TYPES.slice(0, -1), 'UNKNOWN', 'CreateAssetTx', 'OperationTx'] as const;

/**
 * Tx types the indexer stores that no enum names (ACP-236 auto-renewed validators): shown as `UNKNOWN`, and
 * what a `txTypes=UNKNOWN` filter selects.
 */
export const UNLISTED_TX_TYPES = ['AddAutoRenewedValidatorTx', 'RewardAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx'] as const;

export function enumOrUnknown<T extends string>(values: readonly T[], value: string): T {
  return (values as readonly string[]).includes(value) ? (value as T) : ('UNKNOWN' as T);
}

/** The store's tx types a `txTypes` filter selects. */
export function storeTxTypes(filter: readonly string[]): string[] {
  return [...new Set(filter.flatMap((t) => (t === 'UNKNOWN' ? [...UNLISTED_TX_TYPES] : [t])))];
}
