import { CHAIN_METRICS, ROLLING_WINDOW_METRICS } from '../../store/queries/metrics/chain-metrics.js';
import { STAKING_METRICS } from '../../store/queries/metrics/staking-metrics.js';
import { PERIOD_UNITS } from '../../store/rollups/periods.js';

/**
 * Response schemas of the Metrics API, named as in the reference OpenAPI document (openapi/popsicle.json and,
 * for the legacy /v1 routes, the older snapshot's Legacy* schemas). Registered once per server with their $id.
 */
const number = (description: string) => ({ type: 'number', description });
const string = (description: string) => ({ type: 'string', description });

const WINDOWS = {
  lastHour: number('Aggregated value for the current metrics in last hour.'),
  lastDay: number('Aggregated value for the current metrics in last day.'),
  lastWeek: number('Aggregated value for the current metrics in last week.'),
  lastMonth: number('Aggregated value for the current metrics in last month.'),
  last90Days: number('Aggregated value for the current metrics in last 90 days.'),
  lastYear: number('Aggregated value for the current metrics in last year.'),
  allTime: number('Aggregated value for the current metrics for all time.'),
};

const NEXT_PAGE_TOKEN = string('A token, which can be sent as `pageToken` to retrieve the next page. If this field is omitted or empty, there are no subsequent pages.');

export const SHARED_SCHEMAS = [
  {
    $id: 'MetricsValue',
    type: 'object',
    properties: {
      value: number('Aggregated value for the current metrics.'),
      timestamp: number('Unix Epoch timestamp for which metrics are aggregated (the start of the hour, day, week or month).'),
    },
    required: ['value', 'timestamp'],
  },
  {
    $id: 'MetricsApiResponse',
    type: 'object',
    properties: { nextPageToken: NEXT_PAGE_TOKEN, results: { type: 'array', items: { $ref: 'MetricsValue#' }, description: 'Array of current metrics values at different timestamps.' } },
    required: ['results'],
  },
  {
    $id: 'Chain',
    type: 'object',
    properties: {
      evmChainId: number('EVM ChainID for the blockchain.'),
      chainName: string('Blockchain alias for easy identification of blockchains.'),
      blockchainId: string('Unique blockchain ID for this blockchain.'),
      subnetId: string('Subnet ID this blockchain belongs to.'),
      network: { type: 'string', enum: ['mainnet', 'testnet'], description: 'Network on which this blockchain or subnet is created on.' },
    },
    required: ['evmChainId', 'chainName', 'blockchainId', 'subnetId', 'network'],
  },
  {
    $id: 'ListChainsResponse',
    type: 'object',
    properties: { nextPageToken: NEXT_PAGE_TOKEN, chains: { type: 'array', items: { $ref: 'Chain#' }, description: 'Array of Subnet - EVM Chain ID mappings whose metrics we support.' } },
    required: ['chains'],
  },
  { $id: 'ChainRollingWindowMetricsValue', type: 'object', properties: WINDOWS },
  {
    $id: 'RollingWindowMetricsApiResponse',
    type: 'object',
    properties: { result: { $ref: 'ChainRollingWindowMetricsValue#' } },
    required: ['result'],
  },
  {
    $id: 'ICMMetricsValue',
    type: 'object',
    properties: {
      value: number('Aggregated value for the current metrics.'),
      timestamp: number('Unix Epoch timestamp for which metrics are aggregated.'),
      srcBlockchainId: string('Source blockchainId ("all" when counts are not split by source).'),
      destBlockchainId: string('Destination blockchainId ("all" when counts are not split by destination).'),
    },
    required: ['value', 'timestamp', 'srcBlockchainId', 'destBlockchainId'],
  },
  {
    $id: 'ICMMetricsApiResponse',
    type: 'object',
    properties: { nextPageToken: NEXT_PAGE_TOKEN, results: { type: 'array', items: { $ref: 'ICMMetricsValue#' } } },
    required: ['results'],
  },
  {
    $id: 'ICMRollingWindowMetricsValue',
    type: 'object',
    properties: { ...WINDOWS, srcBlockchainId: string('Source blockchainId.'), destBlockchainId: string('Destination blockchainId.') },
    required: ['srcBlockchainId', 'destBlockchainId'],
  },
  {
    $id: 'ICMRollingWindowMetricsApiResponse',
    type: 'object',
    properties: {
      result: { $ref: 'ICMRollingWindowMetricsValue#' },
      results: { type: 'array', items: { $ref: 'ICMRollingWindowMetricsValue#' }, description: 'Firn: one entry per group when `groupBy` is given.' },
    },
    required: ['result'],
  },
  { $id: 'TeleporterMetricsValue', type: 'object', properties: { value: number('Aggregated value for the current metrics.') }, required: ['value'] },
  {
    $id: 'TeleporterChainMetricsApiResponse',
    type: 'object',
    properties: { result: { $ref: 'TeleporterMetricsValue#' } },
    required: ['result'],
  },
  { $id: 'LegacyEvmMetric', type: 'object', properties: { timestamp: { type: 'number' }, value: { type: 'number' } }, required: ['timestamp', 'value'] },
  {
    $id: 'LegacyEvmMetricsResponse',
    type: 'object',
    properties: {
      results: { type: 'array', items: { $ref: 'LegacyEvmMetric#' } },
      status: number('HTTP status (200).'),
      lastRun: number('Unix time of the last data update.'),
      nextPageToken: string('UUID-based token for the next page (valid 24 hours); present only when more data exists.'),
      nextPageStartKey: string('The same token, under the name the SDK reads.'),
    },
    required: ['results', 'status'],
  },
  {
    $id: 'RollingWindowResponse',
    type: 'object',
    properties: {
      result: { type: 'object', properties: { last_hour: { type: 'number' }, last_day: { type: 'number' }, last_month: { type: 'number' }, last_year: { type: 'number' }, all_time: { type: 'number' } } },
      status: { type: 'number' },
      lastRun: { type: 'number' },
    },
    required: ['result', 'status'],
  },
  { $id: 'StakingInformation', type: 'object', properties: { value: { type: 'number' }, timestamp: { type: 'number' }, subnetID: { type: 'string' } }, required: ['value', 'timestamp', 'subnetID'] },
  {
    $id: 'StakingInformationResponse',
    type: 'object',
    properties: {
      results: { type: 'array', items: { $ref: 'StakingInformation#' } }, status: { type: 'number' }, lastRun: { type: 'number' },
      nextPageToken: { type: 'string' }, nextPageStartKey: { type: 'string' },
    },
    required: ['results', 'status'],
  },
  {
    $id: 'ChainInformation',
    type: 'object',
    properties: { subnetID: { type: 'string' }, timestamp: { type: 'number' }, blockchainID: { type: 'string' }, vmID: { type: 'string' }, chainName: { type: 'string' } },
    required: ['subnetID', 'timestamp', 'blockchainID', 'vmID', 'chainName'],
  },
  {
    $id: 'ChainInformationResponse',
    type: 'object',
    properties: { results: { type: 'array', items: { $ref: 'ChainInformation#' } }, status: { type: 'number' }, lastRun: { type: 'number' } },
    required: ['results', 'status'],
  },
  {
    $id: 'SubnetMapping',
    type: 'object',
    properties: { chainID: { type: 'number' }, subnetID: { type: 'string' }, timestamp: { type: 'number' }, network: { type: 'string' } },
    required: ['chainID', 'subnetID', 'timestamp', 'network'],
  },
  {
    $id: 'SubnetMappingsResponse',
    type: 'object',
    properties: { results: { type: 'array', items: { $ref: 'SubnetMapping#' } }, status: { type: 'number' }, lastRun: { type: 'number' } },
    required: ['results', 'status'],
  },
] as const;

export const TIME_INTERVALS = PERIOD_UNITS;

/** Query parameters shared by the time-series routes. */
export const TIMESERIES_QUERY = {
  startTimestamp: { type: 'integer', minimum: 0, description: 'Query param for retrieving items after a specific timestamp (inclusive).' },
  endTimestamp: { type: 'integer', minimum: 0, description: 'Query param for retrieving items before a specific timestamp (exclusive).' },
  pageToken: { type: 'string', description: 'A page token, received from a previous list call. Provide this to retrieve the subsequent page.' },
  pageSize: { type: 'integer', minimum: 1, maximum: 2160, default: 100, description: 'The maximum number of items to return. The minimum page size is 1. The maximum pageSize is 2160.' },
} as const;

export const TIME_INTERVAL_PARAM = {
  type: 'string',
  enum: TIME_INTERVALS,
  default: 'day',
  description: 'Time interval granularity for data aggregation (UTC hours, days, weeks from Monday, months). Firn computes every metric at every interval.',
} as const;

export const CHAIN_ID_PARAM = {
  type: 'string',
  description: 'A supported EVM chain ID or one of "total", "mainnet", or "testnet". Use the `/chains` endpoint to get a list of supported chain IDs.',
} as const;

export const NETWORK_PARAM = { type: 'string', enum: ['mainnet', 'fuji', 'testnet'], description: 'Either mainnet or testnet/fuji.' } as const;

export const CHAIN_METRIC_PARAM = { type: 'string', enum: CHAIN_METRICS, description: 'Which chain level metric to fetch.' } as const;
export const ROLLING_WINDOW_METRIC_PARAM = { type: 'string', enum: ROLLING_WINDOW_METRICS, description: 'Which chain level metric to fetch for the rolling window.' } as const;
export const STAKING_METRIC_PARAM = { type: 'string', enum: STAKING_METRICS, description: 'Which network level metric to fetch.' } as const;
