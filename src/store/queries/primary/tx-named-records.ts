import { hexToBytes } from '../../../lib/hex.js';

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

/** The genesis of the blockchain a CreateChainTx created, as the store keeps it. */
export interface CreatedBlockchain {
  genesisData: Uint8Array;
  genesisJson?: Record<string, unknown>;
}

const L1_VALIDATOR_TX_TYPES = ['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx'];

/**
 * Select-list columns for a statement over `primary_txs t`: `l1_states`, the current records of the L1 validators
 * a tx names (JSON, by validation id), and `created_blockchain`, the genesis of the blockchain a CreateChainTx made.
 * Read in the tx rows' own statement, not in one of their own after it, so that a tx that names them costs no
 * second read (first-time lookups of such txs under load waited ~8 ms longer at the median for it: docs/architecture.md).
 * Each is a subquery behind a CASE on the tx type, so the other txs cost PostgreSQL nothing but the test; the ids
 * go to the index as an array (`= ANY`), since a join on `jsonb_array_elements` was planned as a scan of the whole
 * validator table per L1 tx. Ids in `details` are 0x-prefixed hex (json-values.ts).
 */
export const TX_NAMED_RECORD_COLUMNS = `
  CASE WHEN t.tx_type IN (${L1_VALIDATOR_TX_TYPES.map((type) => `'${type}'`).join(', ')}) THEN (
    SELECT json_agg(json_build_object('validationId', encode(v.validation_id, 'hex'), 'nodeId', encode(v.node_id, 'hex'), 'subnetId', encode(v.subnet_id, 'hex'),
      'weight', v.weight::text, 'balance', (v.initial_balance + v.balance_added)::text, 'blsPublicKey', encode(v.bls_public_key, 'hex'),
      'proofOfPossession', encode(v.bls_proof_of_possession, 'hex'), 'disabled', v.disabled_at IS NOT NULL))
    FROM primary_l1_validators v
    WHERE v.chain = t.chain AND v.validation_id = ANY (ARRAY(SELECT decode(substr(e->>'validationId', 3), 'hex') FROM jsonb_array_elements(t.details->'l1Validators') e))
  ) END AS l1_states,
  CASE WHEN t.tx_type = 'CreateChainTx' THEN (
    SELECT json_build_object('genesisData', encode(b.genesis_data, 'hex'), 'genesisJson', b.genesis_json) FROM primary_blockchains b
    WHERE b.chain = t.chain AND b.blockchain_id = decode(substr(t.details->'blockchain'->>'blockchainId', 3), 'hex')
  ) END AS created_blockchain`;

interface L1StateJson {
  validationId: string;
  nodeId: string;
  subnetId: string;
  weight: string;
  balance: string;
  blsPublicKey: string;
  proofOfPossession: string | null;
  disabled: boolean;
}

/** `l1_states` as states keyed by hex validation id; undefined when the tx names none the store has. */
export function l1StatesOf(value: unknown): Map<string, L1ValidatorState> | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Map<string, L1ValidatorState>();
  for (const j of value as L1StateJson[]) {
    const state: L1ValidatorState = {
      validationId: hexToBytes(j.validationId), nodeId: hexToBytes(j.nodeId), subnetId: hexToBytes(j.subnetId), weight: BigInt(j.weight), balance: BigInt(j.balance),
      blsPublicKey: hexToBytes(j.blsPublicKey), disabled: j.disabled,
    };
    if (j.proofOfPossession) state.proofOfPossession = hexToBytes(j.proofOfPossession);
    out.set(j.validationId, state);
  }
  return out;
}

/** `created_blockchain` as domain values; undefined when the tx created none the store has. */
export function createdBlockchainOf(value: unknown): CreatedBlockchain | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const j = value as { genesisData: string; genesisJson: Record<string, unknown> | null };
  return { genesisData: hexToBytes(j.genesisData), ...(j.genesisJson ? { genesisJson: j.genesisJson } : {}) };
}
