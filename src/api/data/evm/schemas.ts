/**
 * JSON schemas of the EVM resources, named and shaped as in the reference OpenAPI document (glacier.json):
 * they validate nothing on the way out but decide which keys are written (fast-json-stringify drops the
 * rest) and document the routes.
 */

const NEXT_PAGE_TOKEN = {
  type: 'string',
  description: 'A token, which can be sent as `pageToken` to retrieve the next page. If this field is omitted or empty, there are no subsequent pages.',
} as const;

const ADDRESS = { type: 'string', description: 'A wallet or contract address in mixed-case checksum encoding.', examples: ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] } as const;
const NAME = { type: 'string', description: 'The contract name.' } as const;
const SYMBOL = { type: 'string', description: 'The contract symbol.' } as const;
const DECIMALS = { type: 'number', description: 'The number of decimals the token uses.' } as const;
const LOGO_URI = { type: 'string', description: 'The logo uri for the address.' } as const;
const AMOUNT = { type: 'string', examples: ['10000000000000000000'] } as const;

const nativeTransactionProperties = {
  blockNumber: { type: 'string', description: 'The block number on the chain.', examples: ['339'] },
  blockTimestamp: { type: 'number', description: 'The block creation (proposal) timestamp in seconds.' },
  blockTimestampMilliseconds: { type: 'number', description: 'The block timestamp in milliseconds. Available only after the Granite upgrade.' },
  blockMinDelayExcess: { type: 'number', description: 'Minimum block delay excess (ACP-226). Available only after the Granite upgrade.' },
  blockHash: { type: 'string', description: 'The block hash.' },
  chainId: { type: 'string', description: 'The EVM chain id on which the transaction occurred.', examples: ['43114'] },
  blockIndex: { type: 'number', description: 'The index of the transaction in its block (0-indexed).' },
  txHash: { type: 'string', description: 'The transaction hash.' },
  txStatus: { type: 'string', description: 'The transaction status: 0 (failed) or 1 (successful).', examples: ['1'] },
  txType: { type: 'number', description: 'The transaction type.', examples: [2] },
  gasLimit: { type: 'string', description: 'The gas limit set for the transaction.' },
  gasUsed: { type: 'string', description: 'The amount of gas used.' },
  gasPrice: { type: 'string', description: 'The gas price paid, in the native token\'s smallest unit.' },
  nonce: { type: 'string', description: 'The nonce used by the sender of the transaction.' },
  from: { $ref: 'RichAddress#' },
  to: { $ref: 'RichAddress#' },
  method: { $ref: 'Method#' },
  value: AMOUNT,
} as const;

const NATIVE_TRANSACTION_REQUIRED = [
  'blockNumber', 'blockTimestamp', 'blockHash', 'chainId', 'blockIndex', 'txHash', 'txStatus', 'txType', 'gasLimit', 'gasUsed', 'gasPrice', 'nonce', 'from', 'to', 'value',
] as const;

const metadataProperties = {
  indexStatus: {
    type: 'string',
    enum: ['UNKNOWN', 'MISSING_TOKEN', 'INVALID_TOKEN_URI', 'INVALID_TOKEN_URI_SCHEME', 'UNREACHABLE_TOKEN_URI', 'THROTTLED_TOKEN_URI', 'METADATA_CONTENT_TOO_LARGE', 'INVALID_METADATA', 'INVALID_METADATA_JSON', 'INDEXED', 'UNINDEXED'],
    description: 'The metadata indexing status of the NFT.',
  },
  metadataLastUpdatedTimestamp: { type: 'number' },
  name: { type: 'string' },
  symbol: { type: 'string' },
  imageUri: { type: 'string' },
  description: { type: 'string' },
  animationUri: { type: 'string' },
  externalUrl: { type: 'string' },
  background: { type: 'string' },
} as const;

const blockProperties = {
  chainId: { type: 'string', description: 'The EVM chain id on which the block was created.', examples: ['43114'] },
  blockNumber: { type: 'string', description: 'The block number on the chain.' },
  blockTimestamp: { type: 'number', description: 'The block creation (proposal) timestamp in seconds.' },
  blockTimestampMilliseconds: { type: 'number', description: 'The block timestamp in milliseconds. Available only after the Granite upgrade.' },
  blockMinDelayExcess: { type: 'number', description: 'Minimum block delay excess (ACP-226). Available only after the Granite upgrade.' },
  blockHash: { type: 'string', description: 'The block hash.' },
  txCount: { type: 'number', description: 'The number of EVM transactions in the block.' },
  baseFee: { type: 'string', description: 'The base gas fee for a transaction to be included in the block.' },
  gasUsed: { type: 'string', description: 'The gas used by the transactions of the block.' },
  gasLimit: { type: 'string', description: 'The gas limit of the block.' },
  gasCost: { type: 'string', description: 'The block gas cost (Avalanche\'s block fee mechanism).' },
  parentHash: { type: 'string', description: 'The hash of the parent block.' },
  feesSpent: { type: 'string', description: 'The fees paid by the transactions of the block.' },
  cumulativeTransactions: { type: 'string', description: 'The number of transactions of the chain up to and including this block.' },
} as const;

const BLOCK_REQUIRED = ['chainId', 'blockNumber', 'blockTimestamp', 'blockHash', 'txCount', 'baseFee', 'gasUsed', 'gasLimit', 'gasCost', 'parentHash', 'feesSpent', 'cumulativeTransactions'] as const;

const contractProperties = {
  name: NAME,
  description: { type: 'string' },
  officialSite: { type: 'string' },
  email: { type: 'string' },
  logoAsset: { $ref: 'ImageAsset#' },
  bannerAsset: { $ref: 'ImageAsset#' },
  color: { type: 'string' },
  resourceLinks: { type: 'array', items: { $ref: 'ResourceLink#' } },
  tags: { type: 'array', items: { type: 'string' } },
  address: ADDRESS,
  deploymentDetails: { $ref: 'ContractDeploymentDetails#' },
} as const;

const contract = (id: string, ercType: string, extra: Record<string, unknown>, required: string[] = []) => ({
  $id: id,
  type: 'object',
  properties: { ...contractProperties, ercType: { type: 'string', enum: [ercType] }, ...extra },
  required: ['address', 'ercType', ...required],
});

export const EVM_SCHEMAS = [
  {
    $id: 'RichAddress',
    type: 'object',
    properties: { name: NAME, symbol: SYMBOL, decimals: DECIMALS, logoUri: LOGO_URI, address: ADDRESS },
    required: ['address'],
  },
  {
    $id: 'Method',
    type: 'object',
    properties: {
      callType: { type: 'string', enum: ['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION'] },
      methodHash: { type: 'string', description: 'The selector of a contract call; empty for other call types.', examples: ['0xa9059cbb'] },
      methodName: {
        type: 'string',
        description: '`Native Transfer`, `Contract Created`, or the signature of a token-standard function (ERC-20, ERC-721, ERC-1155); absent for other selectors.',
        examples: ['transfer(address,uint256)'],
      },
    },
    required: ['callType', 'methodHash'],
  },
  { $id: 'NativeTransaction', type: 'object', properties: nativeTransactionProperties, required: NATIVE_TRANSACTION_REQUIRED },
  {
    $id: 'FullNativeTransactionDetails',
    type: 'object',
    properties: {
      ...nativeTransactionProperties,
      input: { type: 'string', description: 'The data sent with the transaction.' },
      baseFeePerGas: { type: 'string' },
      maxFeePerGas: { type: 'string' },
      maxPriorityFeePerGas: { type: 'string' },
    },
    required: [...NATIVE_TRANSACTION_REQUIRED, 'input', 'baseFeePerGas'],
  },
  {
    $id: 'ListNativeTransactionsResponse',
    type: 'object',
    properties: { nextPageToken: NEXT_PAGE_TOKEN, transactions: { type: 'array', items: { $ref: 'NativeTransaction#' } } },
    required: ['transactions'],
  },
  {
    $id: 'Money',
    type: 'object',
    properties: {
      currencyCode: { type: 'string', enum: ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'] },
      value: { type: 'number' },
    },
    required: ['currencyCode', 'value'],
  },
  {
    $id: 'Erc20Token',
    type: 'object',
    properties: { address: ADDRESS, name: NAME, symbol: SYMBOL, decimals: DECIMALS, logoUri: LOGO_URI, ercType: { type: 'string', enum: ['ERC-20'] }, price: { $ref: 'Money#' } },
    required: ['address', 'name', 'symbol', 'decimals', 'ercType'],
  },
  {
    $id: 'Erc20TransferDetails',
    type: 'object',
    properties: { from: { $ref: 'RichAddress#' }, to: { $ref: 'RichAddress#' }, logIndex: { type: 'number' }, value: AMOUNT, erc20Token: { $ref: 'Erc20Token#' } },
    required: ['from', 'to', 'logIndex', 'value', 'erc20Token'],
  },
  { $id: 'Erc721TokenMetadata', type: 'object', properties: { ...metadataProperties, attributes: { type: 'string' } }, required: ['indexStatus'] },
  {
    $id: 'Erc721Token',
    type: 'object',
    properties: {
      address: ADDRESS, name: NAME, symbol: SYMBOL, ercType: { type: 'string', enum: ['ERC-721'] }, tokenId: { type: 'string' }, tokenUri: { type: 'string' },
      metadata: { $ref: 'Erc721TokenMetadata#' }, ownerAddress: ADDRESS,
    },
    required: ['address', 'name', 'symbol', 'ercType', 'tokenId', 'tokenUri', 'metadata'],
  },
  {
    $id: 'Erc721TransferDetails',
    type: 'object',
    properties: { from: { $ref: 'RichAddress#' }, to: { $ref: 'RichAddress#' }, logIndex: { type: 'number' }, erc721Token: { $ref: 'Erc721Token#' } },
    required: ['from', 'to', 'logIndex', 'erc721Token'],
  },
  {
    $id: 'Erc1155TokenMetadata',
    type: 'object',
    properties: { ...metadataProperties, decimals: { type: 'number' }, properties: { type: 'string' } },
    required: ['indexStatus'],
  },
  {
    $id: 'Erc1155Token',
    type: 'object',
    properties: { address: ADDRESS, ercType: { type: 'string', enum: ['ERC-1155'] }, tokenId: { type: 'string' }, tokenUri: { type: 'string' }, metadata: { $ref: 'Erc1155TokenMetadata#' } },
    required: ['address', 'ercType', 'tokenId', 'tokenUri', 'metadata'],
  },
  {
    $id: 'Erc1155TransferDetails',
    type: 'object',
    properties: { from: { $ref: 'RichAddress#' }, to: { $ref: 'RichAddress#' }, logIndex: { type: 'number' }, value: AMOUNT, erc1155Token: { $ref: 'Erc1155Token#' } },
    required: ['from', 'to', 'logIndex', 'value', 'erc1155Token'],
  },
  {
    $id: 'InternalTransactionDetails',
    type: 'object',
    properties: {
      from: { $ref: 'RichAddress#' },
      to: { $ref: 'RichAddress#' },
      internalTxType: { type: 'string', enum: ['UNKNOWN', 'CALL', 'CREATE', 'CREATE2', 'CREATE3', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'] },
      value: AMOUNT,
      isReverted: { type: 'boolean', description: 'True if the internal transaction was reverted.' },
      gasUsed: { type: 'string' },
      gasLimit: { type: 'string' },
    },
    required: ['from', 'to', 'internalTxType', 'value', 'isReverted', 'gasUsed', 'gasLimit'],
  },
  {
    $id: 'NetworkTokenDetails',
    type: 'object',
    properties: { networkToken: { $ref: 'NetworkToken#' }, currentPrice: { $ref: 'Money#' }, historicalPrice: { $ref: 'Money#' } },
    required: ['networkToken'],
  },
  {
    $id: 'TeleporterMessageInfo',
    type: 'object',
    properties: {
      teleporterMessageId: { type: 'string' },
      direction: { type: 'string', enum: ['SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION'] },
      sourceChainId: { type: 'string', description: 'Blockchain id of the source chain; only for destination transactions.' },
      destinationChainId: { type: 'string', description: 'Blockchain id of the destination chain; only for source transactions.' },
    },
    required: ['teleporterMessageId', 'direction'],
  },
  {
    $id: 'GetTransactionResponse',
    type: 'object',
    properties: {
      erc20Transfers: { type: 'array', items: { $ref: 'Erc20TransferDetails#' }, description: 'The ERC-20 transfers of the transaction.' },
      erc721Transfers: { type: 'array', items: { $ref: 'Erc721TransferDetails#' }, description: 'The ERC-721 transfers of the transaction.' },
      erc1155Transfers: { type: 'array', items: { $ref: 'Erc1155TransferDetails#' }, description: 'The ERC-1155 transfers of the transaction.' },
      internalTransactions: {
        type: 'array',
        items: { $ref: 'InternalTransactionDetails#' },
        description: 'Internal transactions: CALL and CALLCODE frames with a non-zero value and CREATE/CREATE2 frames below the top-level call. Absent when the chain\'s node could not trace the block.',
      },
      networkTokenDetails: { $ref: 'NetworkTokenDetails#' },
      nativeTransaction: { $ref: 'FullNativeTransactionDetails#' },
      teleporterMessageInfo: { $ref: 'TeleporterMessageInfo#' },
    },
    required: ['networkTokenDetails', 'nativeTransaction'],
  },
  { $id: 'EvmBlock', type: 'object', properties: blockProperties, required: BLOCK_REQUIRED },
  { $id: 'GetEvmBlockResponse', type: 'object', properties: blockProperties, required: BLOCK_REQUIRED },
  {
    $id: 'ListEvmBlocksResponse',
    type: 'object',
    properties: { nextPageToken: NEXT_PAGE_TOKEN, blocks: { type: 'array', items: { $ref: 'EvmBlock#' } } },
    required: ['blocks'],
  },
  { $id: 'ImageAsset', type: 'object', properties: { assetId: { type: 'string' }, imageUri: { type: 'string' } } },
  {
    $id: 'ResourceLink',
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['Blog', 'CoinGecko', 'CoinMarketCap', 'Discord', 'Documentation', 'Facebook', 'Github', 'Instagram', 'LinkedIn', 'Medium', 'Reddit', 'Support', 'Telegram', 'TikTok', 'Twitter', 'Website', 'Whitepaper', 'Youtube'] },
      url: { type: 'string' },
    },
    required: ['type', 'url'],
  },
  {
    $id: 'ContractDeploymentDetails',
    type: 'object',
    properties: {
      txHash: { type: 'string' },
      deployerAddress: { type: 'string', description: 'The address that sent the transaction which deployed this contract.' },
      deployerContractAddress: { type: 'string', description: 'The contract that deployed this contract, when it was deployed by a contract (CREATE/CREATE2 inside a call).' },
    },
    required: ['txHash', 'deployerAddress'],
  },
  { $id: 'PricingProviders', type: 'object', properties: { coingeckoCoinId: { type: 'string' } } },
  contract('Erc721Contract', 'ERC-721', { symbol: SYMBOL }),
  contract('Erc1155Contract', 'ERC-1155', { symbol: SYMBOL, pricingProviders: { $ref: 'PricingProviders#' } }),
  contract('Erc20Contract', 'ERC-20', { symbol: SYMBOL, decimals: DECIMALS, pricingProviders: { $ref: 'PricingProviders#' } }, ['decimals']),
  contract('UnknownContract', 'UNKNOWN', {}),
];
