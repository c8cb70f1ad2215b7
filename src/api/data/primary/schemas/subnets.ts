/** Subnets, blockchains and the EVM genesis DTO (glacier.json, data-api.md §7.6–§7.7). */

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;

const ALLOW_LIST = { $ref: 'EvmGenesisAllowListConfigDto#' } as const;

export const SUBNET_SCHEMAS = [
  {
    $id: 'EvmGenesisAllowListConfigDto',
    type: 'object',
    properties: { blockTimestamp: num, adminAddresses: strings, managerAddresses: strings, enabledAddresses: strings },
  },
  {
    $id: 'EvmGenesisFeeConfigDto',
    type: 'object',
    properties: { baseFeeChangeDenominator: num, blockGasCostStep: num, gasLimit: num, maxBlockGasCost: num, minBaseFee: num, minBlockGasCost: num, targetBlockRate: num, targetGas: num },
  },
  {
    $id: 'EvmGenesisWarpConfigDto',
    type: 'object',
    properties: { blockTimestamp: num, quorumNumerator: num, requirePrimaryNetworkSigners: { type: 'boolean' } },
  },
  {
    $id: 'EvmGenesisConfigDto',
    type: 'object',
    properties: {
      berlinBlock: num, byzantiumBlock: num, chainId: num, constantinopleBlock: num, eip150Block: num, eip150Hash: str, eip155Block: num, eip158Block: num,
      feeConfig: { $ref: 'EvmGenesisFeeConfigDto#' }, homesteadBlock: num, istanbulBlock: num, londonBlock: num, muirGlacierBlock: num, petersburgBlock: num,
      subnetEVMTimestamp: num, allowFeeRecipients: { type: 'boolean' }, warpConfig: { $ref: 'EvmGenesisWarpConfigDto#' },
      txAllowListConfig: ALLOW_LIST, contractDeployerAllowListConfig: ALLOW_LIST, contractNativeMinterConfig: ALLOW_LIST, feeManagerConfig: ALLOW_LIST, rewardManagerConfig: ALLOW_LIST,
    },
  },
  {
    $id: 'EvmGenesisAllocDto',
    type: 'object',
    properties: { balance: str, code: str, storage: { type: 'object', additionalProperties: str } },
  },
  {
    $id: 'EvmGenesisDto',
    type: 'object',
    properties: {
      airdropAmount: { type: ['number', 'null'] }, airdropHash: str, alloc: { type: 'object', additionalProperties: { $ref: 'EvmGenesisAllocDto#' } },
      baseFeePerGas: { type: ['number', 'null'] }, blobGasUsed: { type: ['string', 'null'] }, coinbase: str, config: { $ref: 'EvmGenesisConfigDto#' },
      difficulty: str, excessBlobGas: { type: ['string', 'null'] }, extraData: str, gasLimit: str, gasUsed: str, mixHash: str, nonce: str, number: str,
      parentHash: str, timestamp: str,
    },
  },
  {
    $id: 'Blockchain',
    type: 'object',
    properties: {
      createBlockTimestamp: num, createBlockNumber: str, blockchainId: str, vmId: str, subnetId: str, blockchainName: str,
      evmChainId: { type: 'number', description: 'EVM Chain ID for the EVM-based chains. This field is extracted from genesis data, and may be present for non-EVM chains as well.' },
      genesisData: { oneOf: [{ $ref: 'EvmGenesisDto#' }, { type: 'string' }], description: 'The genesis data of the blockchain: an EVM genesis as an object, other JSON as its text.' },
    },
    required: ['createBlockTimestamp', 'createBlockNumber', 'blockchainId', 'vmId', 'subnetId', 'blockchainName'],
  },
  {
    $id: 'Subnet',
    type: 'object',
    properties: {
      createBlockTimestamp: num, createBlockIndex: str, subnetId: str,
      ownerAddresses: { ...strings, deprecated: true, description: 'The owner at creation; see subnetOwnershipInfo for the current owner.' },
      threshold: { type: 'number', deprecated: true }, locktime: { type: 'number', deprecated: true },
      subnetOwnershipInfo: { $ref: 'SubnetOwnershipInfo#' }, isL1: { type: 'boolean' }, l1ConversionTransactionHash: str,
      l1ValidatorManagerDetails: { $ref: 'L1ValidatorManagerDetails#' }, blockchains: { type: 'array', items: { $ref: 'Blockchain#' } },
    },
    required: ['createBlockTimestamp', 'createBlockIndex', 'subnetId', 'ownerAddresses', 'threshold', 'locktime', 'subnetOwnershipInfo', 'isL1', 'blockchains'],
  },
  {
    $id: 'ListSubnetsResponse',
    type: 'object',
    properties: { nextPageToken: str, subnets: { type: 'array', items: { $ref: 'Subnet#' } } },
    required: ['subnets'],
  },
] as const;
