import { openTestDatabase, type TestDatabase } from '../../src/store/testing.js';
import type { Queryable } from '../../src/store/database/database.js';
import { ensureChain, ensureNetwork, type ChainRef, type NetworkRef } from '../../src/store/registry.js';

/** A migrated, empty test store (the metrics migration included). */
export function openMetricsDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  return openTestDatabase(kind);
}

let chainCounter = 0;

export async function testNetwork(db: Queryable, testnet: boolean): Promise<NetworkRef> {
  return ensureNetwork(db, {
    name: testnet ? 'local' : 'mainnet', networkId: testnet ? 12345 : 1, hrp: testnet ? 'local' : 'avax', isTestnet: testnet,
    avaxAssetId: new Uint8Array(32).fill(testnet ? 9 : 1),
  });
}

/** A fresh EVM chain (own blockchain id and EVM chain id) on a mainnet-like or test network. */
export async function createEvmChain(db: Queryable, options: { testnet?: boolean; evmChainId?: bigint; name?: string } = {}): Promise<ChainRef> {
  const network = await testNetwork(db, options.testnet ?? true);
  chainCounter++;
  const blockchainId = new Uint8Array(32);
  new DataView(blockchainId.buffer).setUint32(0, chainCounter + Math.floor(Math.random() * 1e9));
  return ensureChain(db, {
    network, blockchainId, subnetId: new Uint8Array(32), vm: 'evm',
    evmChainId: options.evmChainId ?? BigInt(900_000 + chainCounter * 7 + Math.floor(Math.random() * 1000) * 100), name: options.name ?? `chain-${chainCounter}`,
  });
}

/** Everything the address rollup writes for `chain`, without the chain id (to compare two chains). */
export async function addressRollupState(db: Queryable, chain: number): Promise<unknown> {
  const q = async (sql: string) => (await db.query(sql, [chain])).rows;
  return {
    buckets: await q(`SELECT unit, period_start, active_addresses, active_senders, new_addresses, cumulative_addresses
                      FROM metrics_chain_buckets WHERE chain = $1 ORDER BY unit, period_start`),
    addresses: await q(`SELECT encode(address, 'hex') AS address, first_hour, last_active_hour, last_sent_hour
                        FROM metrics_addresses WHERE chain = $1 ORDER BY address`),
    hours: await q(`SELECT hour, last_active, last_sent FROM metrics_address_hours
                    WHERE chain = $1 AND (last_active <> 0 OR last_sent <> 0) ORDER BY hour`),
  };
}

/** What the transaction rollup writes for `chain`, without the chain id (to compare two chains). */
export async function transactionRollupState(db: Queryable, chain: number): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT unit, period_start, tx_count, gas_used, fees_paid, gas_price_sum, gas_price_max
     FROM metrics_chain_buckets WHERE chain = $1 ORDER BY unit, period_start`,
    [chain],
  );
  return rows;
}
