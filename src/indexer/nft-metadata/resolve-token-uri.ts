import { MetadataError } from './metadata-status.js';

export type ResolvedUri = { kind: 'http'; url: URL } | { kind: 'data'; mediaType: string; body: Uint8Array };

export interface UriOptions {
  /** Base URL of the IPFS gateway, e.g. https://ipfs.io/ipfs/ */
  ipfsGateway: string;
}

/**
 * Where a token's metadata lives. ERC-1155's `{id}` is the token id as 64 lowercase hex digits (EIP-1155);
 * ipfs:// goes through the configured gateway; data: URIs are decoded in place. Anything else is an
 * invalid scheme, an unparsable URI an invalid one.
 */
export function resolveTokenUri(tokenUri: string, tokenId: bigint, options: UriOptions): ResolvedUri {
  const trimmed = tokenUri.trim().replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
  if (trimmed === '') throw new MetadataError('INVALID_TOKEN_URI', 'the token URI is empty');
  if (trimmed.startsWith('data:')) return decodeDataUri(trimmed);
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(trimmed);
  if (ipfs) return { kind: 'http', url: new URL(ipfs[1]!, ensureSlash(options.ipfsGateway)) };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new MetadataError('INVALID_TOKEN_URI', `not a URI: ${trimmed.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MetadataError('INVALID_TOKEN_URI_SCHEME', `unsupported scheme ${url.protocol}`);
  return { kind: 'http', url };
}

/** The same rewriting for an image or animation URI inside metadata, so clients get a fetchable URL. */
export function publicUri(uri: string, options: UriOptions): string {
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(uri.trim());
  return ipfs ? new URL(ipfs[1]!, ensureSlash(options.ipfsGateway)).toString() : uri;
}

function ensureSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

function decodeDataUri(uri: string): ResolvedUri {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new MetadataError('INVALID_TOKEN_URI', 'a data: URI without a comma');
  const header = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  const parts = header.split(';');
  const base64 = parts.at(-1)?.toLowerCase() === 'base64';
  const mediaType = parts[0] || 'text/plain';
  try {
    const body = base64 ? Uint8Array.from(Buffer.from(payload, 'base64')) : new TextEncoder().encode(decodeURIComponent(payload));
    return { kind: 'data', mediaType, body };
  } catch {
    throw new MetadataError('INVALID_TOKEN_URI', 'a data: URI that does not decode');
  }
}
