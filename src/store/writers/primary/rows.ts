/**
 * What the primary-network writers store: one batch of P-chain, X-chain or C-chain atomic data, already
 * decoded (the indexer's decode stage builds these). Ids are raw bytes, amounts bigint, times unix seconds.
 */

export interface Owners {
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
}

export interface AssetAmount {
  assetId: Uint8Array;
  amount: bigint;
}

export interface PrimaryBlockRow {
  chain: number;
  height: bigint;
  /** The VM's block id (the Data API's blockHash). */
  blockId: Uint8Array;
  parentId: Uint8Array;
  /** AvalancheGo's type name: BanffStandardBlock, ApricotProposalBlock, StandardBlock (X)... */
  blockType: string;
  timestamp: bigint;
  /** Bytes as served (proposervm block when wrapped). */
  size: number;
  innerSize: number;
  txIds: Uint8Array[];
  proposerId?: Uint8Array;
  proposerParentId?: Uint8Array;
  proposerNodeId?: Uint8Array;
  proposerPChainHeight?: bigint;
  proposerTimestamp?: bigint;
  /** When the node accepted it, if the source said (index API). */
  acceptedAt?: bigint;
  /** P-chain: the supply after this block (platform.getCurrentSupply at its height), where known exactly. */
  currentSupply?: bigint;
}

/** The per-asset totals the Data API reports for a tx. P: value, burned, staked, l1Burned. X and C: unlocked, created. */
export interface TxAmounts {
  value?: AssetAmount[];
  burned?: AssetAmount[];
  staked?: AssetAmount[];
  l1Burned?: AssetAmount[];
  unlocked?: AssetAmount[];
  created?: AssetAmount[];
}

export interface BlsCredentials {
  publicKey: Uint8Array;
  proofOfPossession: Uint8Array;
}

export interface L1ValidatorDetail {
  validationId: Uint8Array;
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  weight?: bigint;
  /** Balance given to the validator by this tx (conversion, registration, increase). */
  balance?: bigint;
  blsPublicKey?: Uint8Array;
  proofOfPossession?: Uint8Array;
  remainingBalanceOwner?: Owners;
  deactivationOwner?: Owners;
  nonce?: bigint;
}

export interface EvmTransfer {
  address: Uint8Array;
  assetId: Uint8Array;
  amount: bigint;
  nonce?: bigint;
  /** Export inputs: the signer's compressed public keys (recovered from the credentials) and signatures. */
  credentials?: { signature: Uint8Array; publicKey?: Uint8Array }[];
}

/** Type-specific fields of a tx (stored as JSON). */
export interface TxDetails {
  /** Rewards owner (AddValidatorTx, AddDelegatorTx, permissionless delegator) or validation rewards owner. */
  rewardOwner?: Owners;
  delegationRewardOwner?: Owners;
  subnetOwner?: Owners;
  bls?: BlsCredentials;
  blockchain?: { blockchainId: Uint8Array; subnetId: Uint8Array; name: string; vmId: Uint8Array; fxIds: Uint8Array[] };
  l1Manager?: { blockchainId: Uint8Array; address: Uint8Array };
  l1Validators?: L1ValidatorDetail[];
  /** X-chain CreateAssetTx. */
  asset?: { name: string; symbol: string; denomination: number; cap: 'fixed' | 'variable'; type: 'secp256k1' | 'nft' };
  evmInputs?: EvmTransfer[];
  evmOutputs?: EvmTransfer[];
  /** AdvanceTimeTx, RewardAutoRenewedValidatorTx. */
  time?: bigint;
  /** TransformSubnetTx: the elastic subnet's asset. */
  assetId?: Uint8Array;
  /** RegisterL1ValidatorTx: the warp message's expiry. */
  expiry?: bigint;
  /** A proposal tx (Apricot AddValidatorTx, AdvanceTimeTx, ...) whose block was aborted: it had no effect. */
  aborted?: boolean;
}

export interface PrimaryTxRow {
  chain: number;
  txId: Uint8Array;
  blockHeight: bigint;
  blockId: Uint8Array;
  blockTimestamp: bigint;
  /** Position in the block (all txs of a block, in execution order). */
  txIndex: number;
  txType: string;
  memo: Uint8Array;
  bytes: Uint8Array;
  /** Length of the signed part of `bytes` (`u16 0` ‖ unsigned tx): credentials sign its sha256. */
  unsignedSize: number;
  sourceChain?: Uint8Array;
  destinationChain?: Uint8Array;
  nodeId?: Uint8Array;
  subnetId?: Uint8Array;
  startTime?: bigint;
  endTime?: bigint;
  weight?: bigint;
  /** Delegation fee in parts per million (AddValidatorTx, AddPermissionlessValidatorTx). */
  delegationShares?: number;
  /** RewardValidatorTx: the staking tx it ends. */
  stakingTxId?: Uint8Array;
  amounts: TxAmounts;
  details: TxDetails;
}

export type RewardType = 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';

export interface UtxoRow {
  /** sha256(u64 outputIndex ‖ txId): the UTXO's id everywhere. */
  utxoId: Uint8Array;
  /** Store id of the chain whose block created it. */
  chain: number;
  /** UTXOID.TxID (for rewards: the staking tx). */
  txId: Uint8Array;
  outputIndex: number;
  /** The tx whose acceptance created it (the RewardValidatorTx for rewards). */
  creatingTxId: Uint8Array;
  /** Blockchain ids: where it was created and where it can be spent (the destination for exports). */
  createdOn: Uint8Array;
  consumableOn: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  assetId: Uint8Array;
  /** transfer, mint, nft-transfer, nft-mint, property-mint, property-owned. */
  outputType: string;
  amount: bigint;
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
  stakeableLocktime?: bigint;
  staked: boolean;
  stakeStart?: bigint;
  stakeEnd?: bigint;
  rewardType?: RewardType;
  groupId?: number;
  payload?: Uint8Array;
  /** avax.UTXO bytes. */
  bytes: Uint8Array;
}

export interface SpendRow {
  utxoId: Uint8Array;
  /** Store id of the consuming chain. */
  chain: number;
  consumingTxId: Uint8Array;
  inputIndex: number;
  blockHeight: bigint;
  blockTimestamp: bigint;
  /** Blockchain id of the consuming chain, and of the chain the UTXO lived on (the source for imports). */
  consumedOn: Uint8Array;
  createdOn: Uint8Array;
  /** What the input itself says about the UTXO (enough to show one the store never saw created). */
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  stakeableLocktime?: bigint;
  /** X and C: signatures of the credential for this input, with the recovered public keys. */
  credentials?: { signature: Uint8Array; publicKey?: Uint8Array }[];
}

export interface AddressTxRow {
  chain: number;
  address: Uint8Array;
  blockHeight: bigint;
  txIndex: number;
  txId: Uint8Array;
  txType: string;
  blockTimestamp: bigint;
}

export type StakerKind = 'validator' | 'delegator' | 'subnet-validator' | 'auto-renewed-validator';

export interface StakerRow {
  chain: number;
  txId: Uint8Array;
  txType: string;
  kind: StakerKind;
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
  delegationShares?: number;
  rewardOwner?: Owners;
  delegationRewardOwner?: Owners;
  bls?: BlsCredentials;
  blockHeight: bigint;
  txIndex: number;
  blockTimestamp: bigint;
  /** In the genesis (or otherwise known only from the node's APIs), not in an indexed block. */
  genesis: boolean;
}

export interface StakerEndRow {
  chain: number;
  /** The staking tx ended; for RemoveSubnetValidatorTx (which names only the node and subnet) undefined. */
  stakingTxId?: Uint8Array;
  /** RemoveSubnetValidatorTx: the permissioned subnet validator it removes. */
  removed?: { nodeId: Uint8Array; subnetId: Uint8Array };
  /** The node could not say what the staking tx was (so the staker may be missing from the store). */
  stakerUnknown?: boolean;
  kind: 'rewarded' | 'not-rewarded' | 'removed';
  txId: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  /** Rewards paid, from the reward UTXOs. */
  validationReward?: bigint;
  delegationFees?: bigint;
  delegatorReward?: bigint;
}

export interface SubnetRow {
  chain: number;
  subnetId: Uint8Array;
  blockHeight: bigint;
  txIndex: number;
  blockTimestamp: bigint;
  owner: Owners;
}

export interface SubnetChangeRow {
  chain: number;
  subnetId: Uint8Array;
  txId: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  /** TransferSubnetOwnershipTx. */
  owner?: Owners;
  /** ConvertSubnetToL1Tx. */
  conversion?: { conversionId: Uint8Array; managerChainId: Uint8Array; managerAddress: Uint8Array };
}

export interface BlockchainRow {
  chain: number;
  blockchainId: Uint8Array;
  subnetId: Uint8Array;
  name: string;
  vmId: Uint8Array;
  fxIds: Uint8Array[];
  genesisData: Uint8Array;
  /** The genesis bytes parsed, when they are a JSON object. */
  genesisJson?: Record<string, unknown>;
  evmChainId?: bigint;
  blockHeight: bigint;
  blockTimestamp: bigint;
  genesis: boolean;
}

export interface L1ValidatorRow {
  chain: number;
  validationId: Uint8Array;
  subnetId: Uint8Array;
  nodeId: Uint8Array;
  weight: bigint;
  balance: bigint;
  blsPublicKey: Uint8Array;
  proofOfPossession?: Uint8Array;
  remainingBalanceOwner: Owners;
  deactivationOwner: Owners;
  createdTxId: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
}

export interface L1ValidatorChangeRow {
  chain: number;
  validationId: Uint8Array;
  txId: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  kind: 'weight' | 'balance' | 'disable';
  weight?: bigint;
  nonce?: bigint;
  balanceIncrease?: bigint;
}

export interface L1ValidationTxRow {
  chain: number;
  validationId: Uint8Array;
  blockHeight: bigint;
  txIndex: number;
  txId: Uint8Array;
  txType: string;
  blockTimestamp: bigint;
}

export interface AssetRow {
  chain: number;
  assetId: Uint8Array;
  name: string;
  symbol: string;
  denomination: number;
  cap: 'fixed' | 'variable';
  assetType: 'secp256k1' | 'nft';
  createTxId: Uint8Array;
  blockHeight: bigint;
  blockTimestamp: bigint;
  genesis: boolean;
}

/** What the node says about a current staker (platform.getCurrentValidators), refreshed while following the head. */
export interface StakerSnapshotRow {
  chain: number;
  txId: Uint8Array;
  observedAt: bigint;
  startTime?: bigint;
  /** Percent, 0–100. */
  uptime?: number;
  connected?: boolean;
  potentialReward?: bigint;
  accruedDelegateeReward?: bigint;
}

/** One batch for writePrimaryRows. Rows marked "known" may already be stored (from the node's APIs) and are skipped then. */
export interface PrimaryRows {
  blocks: PrimaryBlockRow[];
  txs: PrimaryTxRow[];
  utxos: UtxoRow[];
  spends: SpendRow[];
  addressTxs: AddressTxRow[];
  stakers: StakerRow[];
  stakerEnds: StakerEndRow[];
  subnets: SubnetRow[];
  subnetChanges: SubnetChangeRow[];
  blockchains: BlockchainRow[];
  l1Validators: L1ValidatorRow[];
  l1Changes: L1ValidatorChangeRow[];
  l1ValidationTxs: L1ValidationTxRow[];
  assets: AssetRow[];
  snapshots: StakerSnapshotRow[];
  /** Genesis data learnt from the node's APIs: inserted unless already there. */
  known: { stakers: StakerRow[]; utxos: UtxoRow[]; blockchains: BlockchainRow[]; assets: AssetRow[]; subnets: SubnetRow[] };
}

export function emptyPrimaryRows(): PrimaryRows {
  return {
    blocks: [], txs: [], utxos: [], spends: [], addressTxs: [], stakers: [], stakerEnds: [], subnets: [], subnetChanges: [],
    blockchains: [], l1Validators: [], l1Changes: [], l1ValidationTxs: [], assets: [], snapshots: [],
    known: { stakers: [], utxos: [], blockchains: [], assets: [], subnets: [] },
  };
}

export function countPrimaryRows(rows: PrimaryRows): number {
  let n = 0;
  for (const [key, value] of Object.entries(rows)) {
    if (key === 'known') continue;
    n += (value as unknown[]).length;
  }
  for (const list of Object.values(rows.known)) n += list.length;
  return n;
}

/** Appends every row of `more` to `into` (genesis rows before a batch's, snapshots after). */
export function appendPrimaryRows(into: PrimaryRows, more: PrimaryRows): PrimaryRows {
  for (const key of Object.keys(more) as (keyof PrimaryRows)[]) {
    if (key === 'known') continue;
    (into[key] as unknown[]).push(...(more[key] as unknown[]));
  }
  for (const key of Object.keys(more.known) as (keyof PrimaryRows['known'])[]) {
    (into.known[key] as unknown[]).push(...(more.known[key] as unknown[]));
  }
  return into;
}
