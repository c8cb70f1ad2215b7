/**
 * Response components the primary-network routes share, with glacier.json's names (they become the OpenAPI
 * document's components). `*` fields of data-api.md §7 are `required`; optional ones are omitted, never null.
 */

const str = (description?: string) => (description ? { type: 'string', description } : { type: 'string' });
const num = (description?: string) => (description ? { type: 'number', description } : { type: 'number' });
const strings = { type: 'array', items: { type: 'string' } } as const;

export const NETWORK_ENUM = { type: 'string', enum: ['mainnet', 'fuji', 'testnet'] } as const;

export const COMMON_SCHEMAS = [
  {
    $id: 'AssetAmount',
    type: 'object',
    properties: {
      assetId: str('Unique ID for an asset.'),
      name: str('Name of this asset.'),
      symbol: str('Symbol for this asset (max 4 characters).'),
      denomination: num('Denomination of this asset to represent fungibility.'),
      type: { type: 'string', enum: ['secp256k1', 'nft'] },
      amount: str('Amount of the asset.'),
    },
    required: ['assetId', 'name', 'symbol', 'denomination', 'type', 'amount'],
  },
  {
    $id: 'PrimaryNetworkChainInfo',
    type: 'object',
    properties: { chainName: { type: 'string', enum: ['p-chain', 'x-chain', 'c-chain'] }, network: NETWORK_ENUM },
    required: ['chainName', 'network'],
  },
  {
    $id: 'BlsCredentials',
    type: 'object',
    properties: { publicKey: str('BLS public key (hex).'), proofOfPossession: str('BLS proof of possession (hex).') },
    required: ['publicKey', 'proofOfPossession'],
  },
  {
    $id: 'SubnetOwnershipInfo',
    type: 'object',
    properties: { locktime: num(), threshold: num(), addresses: strings },
    required: ['locktime', 'threshold', 'addresses'],
  },
  {
    $id: 'L1ValidatorManagerDetails',
    type: 'object',
    properties: { blockchainId: str(), contractAddress: str() },
    required: ['blockchainId', 'contractAddress'],
  },
  {
    $id: 'UtxoCredential',
    type: 'object',
    properties: { signature: str('Signature provided to consume the output (base64).'), publicKey: str('Public key associated with the signature (base64).') },
  },
  {
    $id: 'PChainUtxo',
    type: 'object',
    properties: {
      addresses: { ...strings, description: 'Addresses that are eligible to sign the consumption of this output.' },
      asset: { $ref: 'AssetAmount#' },
      consumedOnChainId: str('Blockchain ID on which this output is consumed on.'),
      consumingTxHash: str('Transaction ID that consumed this output.'),
      createdOnChainId: str('Blockchain ID on which this output is created on.'),
      utxoId: str('UTXO ID for this output.'),
      utxoBytes: str('The bytes of the UTXO'),
      amount: { type: 'string', deprecated: true },
      assetId: { type: 'string', deprecated: true },
      blockNumber: str(),
      blockTimestamp: num(),
      consumingBlockNumber: str('Block height in which the transaction consuming this UTXO was included'),
      consumingBlockTimestamp: num('Timestamp in seconds at which this UTXO is used in a consuming transaction'),
      platformLocktime: num('Timestamp in seconds after which this UTXO can be consumed'),
      outputIndex: num('The index of the UTXO in the transaction'),
      rewardType: { type: 'string', enum: ['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE'] },
      stakeableLocktime: num('Timestamp in seconds before which a UTXO can only be used for staking transactions.'),
      staked: { type: 'boolean' },
      threshold: num('The minimum number of signatures required to spend this UTXO'),
      txHash: str('The hash of the transaction that created this UTXO'),
      utxoEndTimestamp: num('Timestamp in seconds after which the staked UTXO will be unlocked.'),
      utxoStartTimestamp: num('Timestamp in seconds at which the staked UTXO was locked.'),
      utxoType: { type: 'string', enum: ['STAKE', 'TRANSFER'] },
    },
    required: ['addresses', 'asset', 'consumedOnChainId', 'createdOnChainId', 'utxoId', 'amount', 'assetId', 'blockNumber', 'blockTimestamp', 'outputIndex', 'txHash', 'utxoType'],
  },
  {
    $id: 'Utxo',
    type: 'object',
    properties: {
      addresses: { ...strings, description: 'Addresses that are eligible to sign the consumption of this output.' },
      asset: { $ref: 'AssetAmount#' },
      consumedOnChainId: str('Blockchain ID on which this output is consumed on.'),
      consumingTxHash: str('Transaction ID that consumed this output.'),
      createdOnChainId: str('Blockchain ID on which this output is created on.'),
      utxoId: str('UTXO ID for this output.'),
      utxoBytes: str('The bytes of the UTXO'),
      consumingTxTimestamp: num('Unix timestamp in seconds at which this output was consumed.'),
      creationTxHash: str('Transaction ID that created this output.'),
      credentials: { type: 'array', items: { $ref: 'UtxoCredential#' }, description: 'Credentials that signed the transaction to consume this utxo' },
      groupId: num('Index representing the minting set for the NFT mint output.'),
      locktime: num('Locktime in seconds after which this output can be consumed.'),
      outputIndex: str('Position of this output in the outputs of its transaction.'),
      payload: str('Hex encoded data for NFT assets.'),
      threshold: num('Minimum number of signatures required to consume this output.'),
      timestamp: num('Unix timestamp in seconds at which this output was created.'),
      utxoType: str('Type of output (transfer, mint, nft-transfer, ...).'),
    },
    required: ['addresses', 'asset', 'consumedOnChainId', 'createdOnChainId', 'utxoId', 'creationTxHash', 'locktime', 'outputIndex', 'threshold', 'timestamp', 'utxoType'],
  },
] as const;
