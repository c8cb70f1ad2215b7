import type { Migration } from './migration.js';
import { registry } from './0001-registry.js';
import { evm } from './0002-evm.js';
import { primary } from './0003-primary.js';
import { metrics } from './0004-metrics.js';
import { apiIndexes } from './0005-api-indexes.js';
import { blockSupply } from './0006-block-supply.js';
import { metricsAddressHours } from './0007-metrics-address-hours.js';
import { metricsAddressesBlock } from './0008-metrics-addresses-block.js';
import { dropChainForeignKeys } from './0009-drop-chain-foreign-keys.js';
import { utxoOwners } from './0010-utxo-owners.js';
import { hashLookupIndexes } from './0011-hash-lookup-indexes.js';
import { dataVersions } from './0012-data-versions.js';

/** Every migration, in the order they apply. Append only: never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  registry, evm, primary, metrics, apiIndexes, blockSupply, metricsAddressHours, metricsAddressesBlock, dropChainForeignKeys, utxoOwners,
  hashLookupIndexes, dataVersions,
];
