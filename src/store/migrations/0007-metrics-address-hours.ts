import type { Migration } from './migration.js';

/**
 * Rolling-window distinct addresses and senders from a per-hour histogram of last active (sent) hours instead of
 * indexes on metrics_addresses: "active since X" is the sum of the histogram from X's hour on, exactly as the
 * count of addresses whose last active hour is ≥ X. With no index on the hours that change every batch, the
 * rollups' updates of metrics_addresses are HOT (heap-only: no index writes), which the fill factor leaves room for.
 */
export const metricsAddressHours: Migration = {
  id: 7,
  name: 'metrics-address-hours',
  sql: `
CREATE TABLE metrics_address_hours (
  chain       integer NOT NULL REFERENCES chains (id),
  hour        bigint NOT NULL,
  last_active bigint NOT NULL DEFAULT 0,  -- addresses whose last active hour is this hour
  last_sent   bigint NOT NULL DEFAULT 0,  -- addresses whose last sent hour is this hour
  PRIMARY KEY (chain, hour)
);
INSERT INTO metrics_address_hours (chain, hour, last_active, last_sent)
SELECT chain, hour, sum(active), sum(sent) FROM (
  SELECT chain, last_active_hour AS hour, 1 AS active, 0 AS sent FROM metrics_addresses
  UNION ALL
  SELECT chain, last_sent_hour, 0, 1 FROM metrics_addresses WHERE last_sent_hour IS NOT NULL
) members
GROUP BY chain, hour;
DROP INDEX metrics_addresses_active;
DROP INDEX metrics_addresses_sent;
ALTER TABLE metrics_addresses SET (fillfactor = 70);
`,
};
