import type { PrimaryAsset } from '../../../../store/queries/primary/assets.js';
import type { AssetAmount } from '../../../../store/writers/primary/rows.js';
import { cb58 } from './format.js';
import { hexOf } from '../../../../lib/hex.js';

/** Assets by hex id (getAssets' answer). */
export type AssetBook = ReadonlyMap<string, PrimaryAsset>;

/** glacier.json AssetAmount. */
export interface AssetAmountWire {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  amount: string;
}

/**
 * An amount of an asset with the asset's description. An asset the store has not seen created (its X-chain
 * CreateAssetTx lies before the indexed range) is shown with empty name and symbol and denomination 0.
 */
export function assetAmountWire(assets: AssetBook, assetId: Uint8Array, amount: bigint): AssetAmountWire {
  const asset = assets.get(hexOf(assetId));
  return {
    assetId: cb58(assetId),
    name: asset?.name ?? '',
    symbol: asset?.symbol ?? '',
    denomination: asset?.denomination ?? 0,
    type: asset?.type ?? 'secp256k1',
    amount: amount.toString(),
  };
}

export function assetAmountsWire(assets: AssetBook, list: readonly AssetAmount[] | undefined): AssetAmountWire[] {
  return (list ?? []).map((a) => assetAmountWire(assets, a.assetId, a.amount));
}
