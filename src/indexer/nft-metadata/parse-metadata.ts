import { MetadataError } from './metadata-status.js';
import { publicUri, type UriOptions } from './resolve-token-uri.js';

/** The metadata fields the Data API serves (ERC-721 and ERC-1155 forms). */
export interface TokenMetadata {
  name?: string;
  symbol?: string;
  description?: string;
  imageUri?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
  /** ERC-721 `attributes`, as the JSON text the Data API returns. */
  attributes?: string;
  /** ERC-1155 `properties`, as JSON text. */
  properties?: string;
  decimals?: number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** Parse a metadata document (OpenSea / EIP-721 / EIP-1155 conventions). */
export function parseMetadata(body: Uint8Array, options: UriOptions): TokenMetadata {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new MetadataError('INVALID_METADATA_JSON', 'the metadata is not JSON');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new MetadataError('INVALID_METADATA', 'the metadata is not a JSON object');
  const m = json as Record<string, unknown>;
  const out: TokenMetadata = {};
  const set = <K extends keyof TokenMetadata>(key: K, value: TokenMetadata[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('name', text(m.name));
  set('symbol', text(m.symbol));
  set('description', text(m.description));
  const image = text(m.image) ?? text(m.image_url) ?? text(m.imageUrl) ?? text(m.image_data);
  set('imageUri', image === undefined ? undefined : publicUri(image, options));
  const animation = text(m.animation_url) ?? text(m.animationUrl);
  set('animationUri', animation === undefined ? undefined : publicUri(animation, options));
  set('externalUrl', text(m.external_url) ?? text(m.externalUrl));
  set('background', text(m.background_color) ?? text(m.background));
  if (m.attributes !== undefined && m.attributes !== null) set('attributes', JSON.stringify(m.attributes));
  if (m.properties !== undefined && m.properties !== null) set('properties', JSON.stringify(m.properties));
  if (typeof m.decimals === 'number' && Number.isInteger(m.decimals) && m.decimals >= 0 && m.decimals <= 255) set('decimals', m.decimals);
  return out;
}
