import type { Queryable } from '../database/database.js';
import { UNITS_SQL } from './units-sql.js';

/** Teleporter (ICM) events per bucket, direction and (source, destination) blockchain pair. */
const SQL = `
INSERT INTO metrics_icm_buckets AS i (chain, unit, period_start, direction, source_blockchain_id, destination_blockchain_id, message_count)
SELECT $1, u.unit, metrics_period_start(h.hour, u.unit) AS period_start, h.direction, h.source, h.destination, sum(h.messages)
FROM (
  SELECT metrics_period_start(block_timestamp, 'hour') AS hour, direction, source_blockchain_id AS source,
         destination_blockchain_id AS destination, count(*) AS messages
  FROM evm_teleporter_messages
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3
  GROUP BY hour, direction, source, destination
) h CROSS JOIN ${UNITS_SQL}
GROUP BY u.unit, period_start, h.direction, h.source, h.destination
ON CONFLICT (chain, unit, period_start, direction, source_blockchain_id, destination_blockchain_id)
DO UPDATE SET message_count = i.message_count + EXCLUDED.message_count`;

export async function rollUpTeleporterMessages(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<void> {
  await tx.query(SQL, [chain, from.toString(), to.toString()]);
}
