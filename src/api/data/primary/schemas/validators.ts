/** Validators, delegators and L1 validators (glacier.json, data-api.md §7.8): unions discriminated by status. */

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;

const VALIDATOR_COMMON = {
  txHash: str, nodeId: str, subnetId: str, amountStaked: str, delegationFee: str, startTimestamp: num, endTimestamp: num, blsCredentials: { $ref: 'BlsCredentials#' },
} as const;
const VALIDATOR_REQUIRED = ['txHash', 'nodeId', 'subnetId', 'amountStaked', 'startTimestamp', 'endTimestamp', 'validationStatus'] as const;
const status = (value: string) => ({ type: 'string', enum: [value] }) as const;

const DELEGATOR_COMMON = {
  txHash: str, nodeId: str, rewardAddresses: { type: 'array', items: str }, amountDelegated: str, delegationFee: str, startTimestamp: num, endTimestamp: num,
} as const;
const DELEGATOR_REQUIRED = ['txHash', 'nodeId', 'rewardAddresses', 'amountDelegated', 'delegationFee', 'startTimestamp', 'endTimestamp', 'delegationStatus'] as const;

const OWNER = { $ref: 'BalanceOwner#' } as const;

export const VALIDATOR_SCHEMAS = [
  {
    $id: 'Rewards',
    type: 'object',
    properties: { validationRewardAmount: str, delegationRewardAmount: str, rewardAddresses: { type: 'array', items: str }, rewardTxHash: str },
    required: ['validationRewardAmount', 'delegationRewardAmount'],
  },
  {
    $id: 'ValidatorHealthDetails',
    type: 'object',
    properties: { reachabilityPercent: num, benchedPChainRequestsPercent: num, benchedXChainRequestsPercent: num, benchedCChainRequestsPercent: num },
    required: ['reachabilityPercent', 'benchedPChainRequestsPercent', 'benchedXChainRequestsPercent', 'benchedCChainRequestsPercent'],
  },
  {
    $id: 'Geolocation',
    type: 'object',
    properties: { city: str, country: str, countryCode: str, latitude: num, longitude: num },
    required: ['city', 'country', 'countryCode', 'latitude', 'longitude'],
  },
  {
    $id: 'CompletedValidatorDetails',
    type: 'object',
    properties: { ...VALIDATOR_COMMON, delegatorCount: num, amountDelegated: str, rewards: { $ref: 'Rewards#' }, validationStatus: status('completed') },
    required: [...VALIDATOR_REQUIRED, 'delegatorCount', 'rewards'],
  },
  {
    $id: 'ActiveValidatorDetails',
    type: 'object',
    properties: {
      ...VALIDATOR_COMMON, stakePercentage: num, delegatorCount: num, amountDelegated: str, uptimePerformance: num, avalancheGoVersion: str, delegationCapacity: str,
      potentialRewards: { $ref: 'Rewards#' }, validationStatus: status('active'), validatorHealth: { $ref: 'ValidatorHealthDetails#' },
      geolocation: { anyOf: [{ $ref: 'Geolocation#' }, { type: 'null' }] },
    },
    required: [...VALIDATOR_REQUIRED, 'stakePercentage', 'delegatorCount', 'uptimePerformance', 'potentialRewards', 'validatorHealth', 'geolocation'],
  },
  { $id: 'PendingValidatorDetails', type: 'object', properties: { ...VALIDATOR_COMMON, validationStatus: status('pending') }, required: VALIDATOR_REQUIRED },
  {
    $id: 'RemovedValidatorDetails',
    type: 'object',
    properties: { ...VALIDATOR_COMMON, removeTxHash: str, removeTimestamp: num, validationStatus: status('removed') },
    required: [...VALIDATOR_REQUIRED, 'removeTxHash', 'removeTimestamp'],
  },
  {
    $id: 'ListValidatorDetailsResponse',
    type: 'object',
    properties: {
      nextPageToken: str,
      validators: {
        type: 'array',
        items: { oneOf: [{ $ref: 'CompletedValidatorDetails#' }, { $ref: 'ActiveValidatorDetails#' }, { $ref: 'PendingValidatorDetails#' }, { $ref: 'RemovedValidatorDetails#' }] },
      },
    },
    required: ['validators'],
  },
  {
    $id: 'CompletedDelegatorDetails',
    type: 'object',
    properties: { ...DELEGATOR_COMMON, grossReward: str, netReward: str, delegationStatus: status('completed') },
    required: [...DELEGATOR_REQUIRED, 'grossReward', 'netReward'],
  },
  {
    $id: 'ActiveDelegatorDetails',
    type: 'object',
    properties: { ...DELEGATOR_COMMON, estimatedGrossReward: str, estimatedNetReward: str, delegationStatus: status('active') },
    required: [...DELEGATOR_REQUIRED, 'estimatedGrossReward', 'estimatedNetReward'],
  },
  {
    $id: 'PendingDelegatorDetails',
    type: 'object',
    properties: { ...DELEGATOR_COMMON, estimatedGrossReward: str, estimatedNetReward: str, delegationStatus: status('pending') },
    required: [...DELEGATOR_REQUIRED, 'estimatedGrossReward', 'estimatedNetReward'],
  },
  {
    $id: 'ListDelegatorDetailsResponse',
    type: 'object',
    properties: {
      nextPageToken: str,
      delegators: {
        type: 'array',
        items: { oneOf: [{ $ref: 'CompletedDelegatorDetails#' }, { $ref: 'ActiveDelegatorDetails#' }, { $ref: 'PendingDelegatorDetails#' }] },
      },
    },
    required: ['delegators'],
  },
  { $id: 'BalanceOwner', type: 'object', properties: { addresses: { type: 'array', items: str }, threshold: num }, required: ['addresses', 'threshold'] },
  {
    $id: 'L1ValidatorDetailsFull',
    type: 'object',
    properties: {
      validationId: str, validationIdHex: str, nodeId: str, subnetId: str, weight: num,
      remainingBalance: { type: 'number', description: 'Balance paid in (registration plus increases), 0 once disabled; the continuous fee is not deducted.' },
      creationTimestamp: num, blsCredentials: { type: 'object' }, remainingBalanceOwner: OWNER, deactivationOwner: OWNER,
    },
    required: ['validationId', 'validationIdHex', 'nodeId', 'subnetId', 'weight', 'remainingBalance', 'creationTimestamp', 'blsCredentials', 'remainingBalanceOwner', 'deactivationOwner'],
  },
  {
    $id: 'ListL1ValidatorsResponse',
    type: 'object',
    properties: {
      nextPageToken: str,
      validators: { type: 'array', items: { $ref: 'L1ValidatorDetailsFull#' } },
      blockHeight: { type: 'string', description: 'Block height at which the remaining balance is calculated' },
    },
    required: ['validators', 'blockHeight'],
  },
  {
    $id: 'SignatureAggregatorRequest',
    type: 'object',
    properties: {
      message: { type: 'string', description: 'Hex of the unsigned warp message (or the data of a SendWarpMessage log), optional 0x prefix. Either message or justification must be provided.' },
      justification: { type: 'string', description: 'Hex of the justification, optional 0x prefix. Either justification or message must be provided.' },
      signingSubnetId: { type: 'string', description: 'Subnet whose validators sign, in hex or cb58; defaults to the subnet of the source blockchain.' },
      quorumPercentage: { type: 'number', description: 'Integer 0–100: share of the signing subnet\'s weight that must sign (0 means the default, 67).' },
      quorumPercentageBuffer: { type: 'number', description: 'Integer 0–100: extra weight share to try to collect; quorumPercentage + quorumPercentageBuffer must not exceed 100. Default 0.' },
      pChainHeight: { type: 'number', description: '0 (default): validators at the proposed height; otherwise validators at that P-chain height.' },
    },
  },
  { $id: 'SignatureAggregationResponse', type: 'object', properties: { signedMessage: str }, required: ['signedMessage'] },
] as const;
