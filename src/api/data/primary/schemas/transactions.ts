import { P_CHAIN_TX_TYPES, X_CHAIN_TX_TYPES } from '../wire/enums.js';

/** Primary-network transaction shapes (glacier.json, data-api.md §7.5). */

const str = (description?: string) => (description ? { type: 'string', description } : { type: 'string' });
const num = (description?: string) => (description ? { type: 'number', description } : { type: 'number' });
const amounts = (description: string) => ({ type: 'array', items: { $ref: 'AssetAmount#' }, description }) as const;

const X_COMMON = {
  txHash: str('Unique ID for this transaction.'),
  chainFormat: { type: 'string', enum: ['non-linear', 'linear'], description: 'Represents chain format this transaction is included in.' },
  timestamp: num('Latest timestamp in seconds this transaction was accepted.'),
  txType: { type: 'string', enum: [...X_CHAIN_TX_TYPES] },
  memo: str('Hex encoded memo bytes for this transaction.'),
  consumedUtxos: { type: 'array', items: { $ref: 'Utxo#' } },
  emittedUtxos: { type: 'array', items: { $ref: 'Utxo#' } },
  amountUnlocked: amounts('Assets unlocked by inputs of this transaction.'),
  amountCreated: amounts('Assets created by outputs of this transaction.'),
  sourceChain: str('Source chain for an atomic transaction.'),
  destinationChain: str('Destination chain for an atomic transaction.'),
  assetCreated: { $ref: 'XChainAssetDetails#' },
} as const;
const X_REQUIRED = ['txHash', 'chainFormat', 'timestamp', 'txType', 'memo', 'consumedUtxos', 'emittedUtxos', 'amountUnlocked', 'amountCreated'] as const;

const C_COMMON = {
  txHash: str('Unique ID for this transaction.'),
  blockHeight: num('Height of the block this transaction belongs to.'),
  blockHash: str('Hash of the block this transaction belongs to.'),
  timestamp: num('Latest timestamp in seconds this transaction was accepted.'),
  memo: str('Hex encoded memo bytes for this transaction.'),
  amountUnlocked: amounts('Assets unlocked by inputs of this transaction.'),
  amountCreated: amounts('Assets created by outputs of this transaction.'),
  sourceChain: str('Source chain for an atomic transaction.'),
  destinationChain: str('Destination chain for an atomic transaction.'),
} as const;
const C_REQUIRED = ['txHash', 'blockHeight', 'blockHash', 'timestamp', 'memo', 'amountUnlocked', 'amountCreated', 'sourceChain', 'destinationChain', 'txType'] as const;

export const TRANSACTION_SCHEMAS = [
  {
    $id: 'L1ValidatorDetailsTransaction',
    type: 'object',
    properties: {
      validationId: str(), validationIdHex: str(), nodeId: str(), subnetId: str(), weight: num(), remainingBalance: num(),
      balanceChange: num('The change in balance of the validator by this transaction (negative when refunded).'), blsCredentials: { type: 'object' },
    },
    required: ['validationId', 'validationIdHex', 'nodeId', 'subnetId', 'weight', 'remainingBalance'],
  },
  {
    $id: 'BlockchainInfo',
    type: 'object',
    properties: { chainName: str(), vmId: str(), genesisData: { oneOf: [{ $ref: 'EvmGenesisDto#' }, { type: 'string' }] } },
    required: ['chainName', 'vmId'],
  },
  {
    $id: 'PChainTransaction',
    type: 'object',
    properties: {
      txHash: str('A P-Chain transaction hash.'),
      txType: { type: 'string', enum: [...P_CHAIN_TX_TYPES] },
      blockTimestamp: num('The block creation (proposal) timestamp in seconds'),
      blockNumber: str('The height of the block in which the transaction was included'),
      blockHash: str(),
      consumedUtxos: { type: 'array', items: { $ref: 'PChainUtxo#' }, description: 'The consumed UTXOs of the transaction' },
      emittedUtxos: { type: 'array', items: { $ref: 'PChainUtxo#' }, description: 'The newly created UTXOs of the transaction' },
      sourceChain: str('Source chain for an atomic transaction.'),
      destinationChain: str('Destination chain for an atomic transaction.'),
      value: amounts('The amount of nAVAX present in the newly created UTXOs of the transaction'),
      amountBurned: amounts('The nAVAX amount burned in a transaction, partially or fully contributing to the transaction fee'),
      amountStaked: amounts('Present for AddValidatorTx, AddPermissionlessValidatorTx, AddDelegatorTx'),
      amountL1ValidatorBalanceBurned: amounts('The amount of nAVAX locked for pay-as-you-go continuous fees to sustain L1 validation.'),
      startTimestamp: num('Present for AddValidatorTx, AddSubnetValidatorTx, AddPermissionlessValidatorTx, AddDelegatorTx'),
      endTimestamp: num('Present for AddValidatorTx, AddSubnetValidatorTx, AddPermissionlessValidatorTx, AddDelegatorTx'),
      delegationFeePercent: str('Present for AddValidatorTx, AddPermissionlessValidatorTx'),
      nodeId: str('The NodeID of the validator node linked to the stake transaction.'),
      subnetId: str(),
      l1ValidatorManagerDetails: { $ref: 'L1ValidatorManagerDetails#' },
      l1ValidatorDetails: { type: 'array', items: { $ref: 'L1ValidatorDetailsTransaction#' } },
      estimatedReward: str('Estimated reward from the staking transaction, if successful.'),
      rewardTxHash: str('Reward transaction hash for the completed validations or delegations'),
      rewardAddresses: { type: 'array', items: { type: 'string' } },
      memo: str(),
      stakingTxHash: str('Staking transaction corresponding to the RewardValidatorTx'),
      subnetOwnershipInfo: { $ref: 'SubnetOwnershipInfo#' },
      blsCredentials: { $ref: 'BlsCredentials#' },
      blockchainInfo: { $ref: 'BlockchainInfo#' },
    },
    required: ['txHash', 'txType', 'blockTimestamp', 'blockNumber', 'blockHash', 'consumedUtxos', 'emittedUtxos', 'value', 'amountBurned', 'amountStaked', 'amountL1ValidatorBalanceBurned'],
  },
  {
    $id: 'XChainAssetDetails',
    type: 'object',
    properties: {
      assetId: str(), name: str(), symbol: str(), denomination: num(), type: { type: 'string', enum: ['secp256k1', 'nft'] },
      createdAtTimestamp: num(), cap: { type: 'string', enum: ['fixed', 'variable'] },
    },
    required: ['assetId', 'name', 'symbol', 'denomination', 'type', 'createdAtTimestamp', 'cap'],
  },
  {
    $id: 'TransactionVertexDetail',
    type: 'object',
    properties: { hash: str(), height: num(), timestamp: num() },
    required: ['hash', 'height', 'timestamp'],
  },
  {
    $id: 'XChainNonLinearTransaction',
    type: 'object',
    properties: { ...X_COMMON, vertices: { type: 'array', items: { $ref: 'TransactionVertexDetail#' } } },
    required: [...X_REQUIRED, 'vertices'],
  },
  {
    $id: 'XChainLinearTransaction',
    type: 'object',
    properties: { ...X_COMMON, blockHeight: num('Height of the block this transaction belongs to.'), blockHash: str('Hash of the block this transaction belongs to.') },
    required: [...X_REQUIRED, 'blockHeight', 'blockHash'],
  },
  {
    $id: 'EVMInput',
    type: 'object',
    properties: { fromAddress: str('EVM address from which the asset is exported in ExportTx.'), asset: { $ref: 'AssetAmount#' }, credentials: { type: 'array', items: { $ref: 'UtxoCredential#' } } },
    required: ['fromAddress', 'asset', 'credentials'],
  },
  {
    $id: 'EVMOutput',
    type: 'object',
    properties: { toAddress: str('EVM address to which the asset is imported in ImportTx'), asset: { $ref: 'AssetAmount#' } },
    required: ['toAddress', 'asset'],
  },
  {
    $id: 'CChainExportTransaction',
    type: 'object',
    properties: { ...C_COMMON, txType: { type: 'string', enum: ['ExportTx'] }, evmInputs: { type: 'array', items: { $ref: 'EVMInput#' } }, emittedUtxos: { type: 'array', items: { $ref: 'Utxo#' } } },
    required: [...C_REQUIRED, 'evmInputs', 'emittedUtxos'],
  },
  {
    $id: 'CChainImportTransaction',
    type: 'object',
    properties: { ...C_COMMON, txType: { type: 'string', enum: ['ImportTx'] }, evmOutputs: { type: 'array', items: { $ref: 'EVMOutput#' } }, consumedUtxos: { type: 'array', items: { $ref: 'Utxo#' } } },
    required: [...C_REQUIRED, 'evmOutputs', 'consumedUtxos'],
  },
  {
    $id: 'ListPChainTransactionsResponse',
    type: 'object',
    properties: { nextPageToken: str(), transactions: { type: 'array', items: { $ref: 'PChainTransaction#' } }, chainInfo: { $ref: 'PrimaryNetworkChainInfo#' } },
    required: ['transactions', 'chainInfo'],
  },
  {
    $id: 'ListXChainTransactionsResponse',
    type: 'object',
    properties: {
      nextPageToken: str(),
      transactions: { type: 'array', items: { anyOf: [{ $ref: 'XChainNonLinearTransaction#' }, { $ref: 'XChainLinearTransaction#' }] } },
      chainInfo: { $ref: 'PrimaryNetworkChainInfo#' },
    },
    required: ['transactions', 'chainInfo'],
  },
  {
    $id: 'ListCChainAtomicTransactionsResponse',
    type: 'object',
    properties: {
      nextPageToken: str(),
      transactions: { type: 'array', items: { anyOf: [{ $ref: 'CChainExportTransaction#' }, { $ref: 'CChainImportTransaction#' }] } },
      chainInfo: { $ref: 'PrimaryNetworkChainInfo#' },
    },
    required: ['transactions', 'chainInfo'],
  },
] as const;
