/** Primary-network blocks and X-chain vertices (glacier.json, data-api.md §7.6). */

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;

const BLOCK_PROPERTIES = {
  blockNumber: str,
  blockHash: str,
  parentHash: str,
  blockTimestamp: num,
  blockType: { type: 'string', description: 'AvalancheGo\'s block type name, e.g. BanffStandardBlock (P) or StandardBlock (X).' },
  txCount: num,
  transactions: { type: 'array', items: str },
  blockSizeBytes: num,
  l1ValidatorsAccruedFees: num,
  activeL1Validators: num,
  currentSupply: str,
  proposerDetails: { $ref: 'ProposerDetails#' },
} as const;
const BLOCK_REQUIRED = ['blockNumber', 'blockHash', 'parentHash', 'blockTimestamp', 'blockType', 'txCount', 'transactions', 'blockSizeBytes'] as const;

export const BLOCK_SCHEMAS = [
  {
    $id: 'ProposerDetails',
    type: 'object',
    properties: { proposerId: str, proposerParentId: str, proposerNodeId: str, proposerPChainHeight: num, proposerTimestamp: num },
  },
  { $id: 'PrimaryNetworkBlock', type: 'object', properties: BLOCK_PROPERTIES, required: BLOCK_REQUIRED },
  { $id: 'GetPrimaryNetworkBlockResponse', type: 'object', properties: BLOCK_PROPERTIES, required: BLOCK_REQUIRED },
  {
    $id: 'ListPrimaryNetworkBlocksResponse',
    type: 'object',
    properties: { nextPageToken: str, blocks: { type: 'array', items: { $ref: 'PrimaryNetworkBlock#' } }, chainInfo: { $ref: 'PrimaryNetworkChainInfo#' } },
    required: ['blocks', 'chainInfo'],
  },
  {
    $id: 'XChainVertex',
    type: 'object',
    properties: {
      vertexHash: str, parentHashes: { type: 'array', items: str }, vertexHeight: num, vertexIndex: num, vertexTimestamp: num, txCount: num,
      transactions: { type: 'array', items: str }, vertexSizeBytes: num,
    },
    required: ['vertexHash', 'parentHashes', 'vertexHeight', 'vertexIndex', 'vertexTimestamp', 'txCount', 'transactions', 'vertexSizeBytes'],
  },
  {
    $id: 'ListXChainVerticesResponse',
    type: 'object',
    properties: { nextPageToken: str, vertices: { type: 'array', items: { $ref: 'XChainVertex#' } }, chainInfo: { $ref: 'PrimaryNetworkChainInfo#' } },
    required: ['vertices', 'chainInfo'],
  },
] as const;
