import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import { ownersFromJson, type OwnersJson } from '../../writers/primary/json-values.js';
import { blockchainsOf, type Subnet } from '../primary/subnets.js';

type Row = Record<string, unknown>;

const bytes = (v: unknown) => new Uint8Array(v as Uint8Array);
const maybeBytes = (v: unknown) => (v === null || v === undefined ? undefined : bytes(v));

/** One subnet of a P-chain with its blockchains (the shape listSubnets gives). */
export async function getSubnet(db: Queryable, chain: number, subnetId: Uint8Array): Promise<Subnet | undefined> {
  return (await getSubnets(db, chain, [subnetId])).get(hexOf(subnetId));
}

/**
 * Subnets of a P-chain by id with their blockchains, keyed by the hex id (ids not registered are left out): two
 * statements however many they are.
 */
export async function getSubnets(db: Queryable, chain: number, subnetIds: readonly Uint8Array[]): Promise<Map<string, Subnet>> {
  const out = new Map<string, Subnet>();
  if (subnetIds.length === 0) return out;
  const { rows } = await db.query<Row>('SELECT * FROM primary_subnets WHERE chain = $1 AND subnet_id = ANY($2::bytea[])', [chain, subnetIds], KEY_LOOKUP);
  for (const r of rows) {
    const s = subnetOf(r);
    out.set(hexOf(s.subnetId), s);
  }
  if (out.size === 0) return out;
  const blockchains = await blockchainsOf(db, chain, [...out.values()].map((s) => s.subnetId));
  for (const [key, s] of out) s.blockchains = blockchains.get(key) ?? [];
  return out;
}

function subnetOf(r: Row): Subnet {
  const s: Subnet = {
    subnetId: bytes(r.subnet_id), blockHeight: BigInt(r.block_height as string), txIndex: Number(r.tx_index), blockTimestamp: BigInt(r.block_timestamp as string),
    owner: ownersFromJson(r.owner as OwnersJson), currentOwner: ownersFromJson(r.current_owner as OwnersJson),
    isL1: r.conversion_tx_id !== null && r.conversion_tx_id !== undefined, blockchains: [],
  };
  const conversionTxId = maybeBytes(r.conversion_tx_id);
  if (conversionTxId) s.conversionTxId = conversionTxId;
  const conversionId = maybeBytes(r.conversion_id);
  if (conversionId) s.conversionId = conversionId;
  const managerChainId = maybeBytes(r.manager_chain_id);
  if (managerChainId) s.managerChainId = managerChainId;
  const managerAddress = maybeBytes(r.manager_address);
  if (managerAddress) s.managerAddress = managerAddress;
  if (r.converted_at !== null && r.converted_at !== undefined) s.convertedAt = BigInt(r.converted_at as string);
  return s;
}
