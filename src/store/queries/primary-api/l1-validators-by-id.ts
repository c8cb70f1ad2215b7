import { KEY_LOOKUP, type Queryable } from '../../database/database.js';

/** What the store knows now about an L1 validator, for the details of the txs that name it only by validation id. */
export interface L1ValidatorState {
  validationId: Uint8Array;
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  weight: bigint;
  /** Balance paid in (registration plus increases). */
  balance: bigint;
  blsPublicKey: Uint8Array;
  proofOfPossession?: Uint8Array;
  disabled: boolean;
}

/** L1 validators by validation id, keyed by hex id. */
export async function l1ValidatorsById(db: Queryable, chain: number, validationIds: readonly Uint8Array[]): Promise<Map<string, L1ValidatorState>> {
  const out = new Map<string, L1ValidatorState>();
  if (validationIds.length === 0) return out;
  // The ids as one array parameter: one statement text (and one plan) whatever their number.
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT validation_id, node_id, subnet_id, weight, initial_balance + balance_added AS balance, bls_public_key, bls_proof_of_possession, disabled_at
     FROM primary_l1_validators WHERE chain = $1 AND validation_id = ANY($2::bytea[])`,
    [chain, validationIds], KEY_LOOKUP,
  );
  for (const r of rows) {
    const state: L1ValidatorState = {
      validationId: new Uint8Array(r.validation_id as Uint8Array), nodeId: new Uint8Array(r.node_id as Uint8Array), subnetId: new Uint8Array(r.subnet_id as Uint8Array),
      weight: BigInt(r.weight as string), balance: BigInt(r.balance as string), blsPublicKey: new Uint8Array(r.bls_public_key as Uint8Array),
      disabled: r.disabled_at !== null && r.disabled_at !== undefined,
    };
    if (r.bls_proof_of_possession) state.proofOfPossession = new Uint8Array(r.bls_proof_of_possession as Uint8Array);
    out.set(Buffer.from(state.validationId).toString('hex'), state);
  }
  return out;
}
