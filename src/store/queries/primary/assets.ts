import { KEY_LOOKUP, type Queryable } from '../../database/database.js';
import { big, bytes } from './common.js';

export interface PrimaryAsset {
  assetId: Uint8Array;
  name: string;
  symbol: string;
  denomination: number;
  cap: 'fixed' | 'variable';
  type: 'secp256k1' | 'nft';
  createTxId: Uint8Array;
  createdAt: bigint;
}

/**
 * The assets with these ids (X-chain CreateAssetTx), keyed by hex id, for the AssetAmount fields. The network's
 * AVAX answers even before the X-chain genesis is indexed.
 */
export async function getAssets(db: Queryable, network: number, assetIds: readonly Uint8Array[]): Promise<Map<string, PrimaryAsset>> {
  const out = new Map<string, PrimaryAsset>();
  if (assetIds.length === 0) return out;
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT a.* FROM primary_assets a JOIN chains c ON c.id = a.chain WHERE c.network = $1 AND a.asset_id = ANY($2::bytea[])', [network, assetIds], KEY_LOOKUP);
  for (const r of rows) {
    const asset: PrimaryAsset = {
      assetId: bytes(r.asset_id), name: r.name as string, symbol: r.symbol as string, denomination: Number(r.denomination),
      cap: r.cap as PrimaryAsset['cap'], type: r.asset_type as PrimaryAsset['type'], createTxId: bytes(r.create_tx_id), createdAt: big(r.block_timestamp),
    };
    out.set(Buffer.from(asset.assetId).toString('hex'), asset);
  }
  const { rows: networks } = await db.query<{ avax_asset_id: Uint8Array }>('SELECT avax_asset_id FROM networks WHERE id = $1', [network]);
  const avax = networks[0] ? bytes(networks[0].avax_asset_id) : undefined;
  if (avax && !out.has(Buffer.from(avax).toString('hex')) && assetIds.some((id) => Buffer.from(id).equals(Buffer.from(avax)))) {
    out.set(Buffer.from(avax).toString('hex'), { assetId: avax, name: 'Avalanche', symbol: 'AVAX', denomination: 9, cap: 'fixed', type: 'secp256k1', createTxId: avax, createdAt: 0n });
  }
  return out;
}
