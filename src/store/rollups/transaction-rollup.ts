import type { Queryable } from '../database/database.js';
import { UNITS_SQL } from './units-sql.js';

/** Receipt totals per bucket: transactions, gas used, fees (gasUsed × effectiveGasPrice), gas price sum and maximum. */
const SQL = `
INSERT INTO metrics_chain_buckets AS b (chain, unit, period_start, tx_count, gas_used, fees_paid, gas_price_sum, gas_price_max)
SELECT $1, u.unit, metrics_period_start(h.hour, u.unit) AS period_start, sum(h.txs), sum(h.gas), sum(h.fees), sum(h.price_sum), max(h.price_max)
FROM (
  SELECT metrics_period_start(block_timestamp, 'hour') AS hour, count(*) AS txs, sum(gas_used) AS gas,
         sum(gas_used * effective_gas_price) AS fees, sum(effective_gas_price) AS price_sum, max(effective_gas_price) AS price_max
  FROM evm_transactions
  WHERE chain = $1 AND block_number BETWEEN $2 AND $3
  GROUP BY hour
) h CROSS JOIN ${UNITS_SQL}
GROUP BY u.unit, period_start
ON CONFLICT (chain, unit, period_start) DO UPDATE SET
  tx_count = b.tx_count + EXCLUDED.tx_count,
  gas_used = b.gas_used + EXCLUDED.gas_used,
  fees_paid = b.fees_paid + EXCLUDED.fees_paid,
  gas_price_sum = b.gas_price_sum + EXCLUDED.gas_price_sum,
  gas_price_max = GREATEST(b.gas_price_max, EXCLUDED.gas_price_max)`;

export async function rollUpTransactions(tx: Queryable, chain: number, from: bigint, to: bigint): Promise<void> {
  await tx.query(SQL, [chain, from.toString(), to.toString()]);
}
