/**
 * A health check returns its details (the result's `message`) and throws to fail. To fail *with*
 * details — as most avalanchego checks do — throw a CheckFailure carrying them.
 */
export type HealthCheck = () => unknown | Promise<unknown>;

export class CheckFailure extends Error {
  constructor(message: string, readonly details?: unknown) {
    super(message);
    this.name = 'CheckFailure';
  }
}

/** Tag marking a check as global: included in every tag-filtered report. */
export const APPLICATION_TAG = 'application';
/** Implicit tag of every check; may not be given at registration. */
export const ALL_TAG = 'all';
/** Subnet id of the primary network: the tag of the P, X and C chain checks. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
