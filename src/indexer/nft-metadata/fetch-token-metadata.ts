import { MetadataError, type MetadataStatus } from './metadata-status.js';
import { parseMetadata, type TokenMetadata } from './parse-metadata.js';
import { resolveTokenUri } from './resolve-token-uri.js';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.js';

export interface MetadataFetchOptions extends SafeFetchOptions {
  ipfsGateway: string;
}

export const DEFAULT_METADATA_FETCH: MetadataFetchOptions = {
  ipfsGateway: 'https://ipfs.io/ipfs/',
  timeoutMs: 10_000,
  maxBytes: 1_000_000,
  maxRedirects: 3,
  allowPrivateAddresses: false,
};

export type MetadataOutcome = { status: 'INDEXED'; metadata: TokenMetadata } | { status: Exclude<MetadataStatus, 'INDEXED'>; reason: string };

/** Fetch and parse a token's metadata; every failure becomes its Data API status, never a throw. */
export async function fetchTokenMetadata(tokenUri: string, tokenId: bigint, options: MetadataFetchOptions): Promise<MetadataOutcome> {
  try {
    const resolved = resolveTokenUri(tokenUri, tokenId, options);
    const body = resolved.kind === 'data' ? resolved.body : (await safeFetch(resolved.url, options)).body;
    if (body.length > options.maxBytes) throw new MetadataError('METADATA_CONTENT_TOO_LARGE', `${body.length} bytes`);
    return { status: 'INDEXED', metadata: parseMetadata(body, options) };
  } catch (error) {
    if (error instanceof MetadataError && error.status !== 'INDEXED') return { status: error.status, reason: error.message };
    return { status: 'UNKNOWN', reason: (error as Error).message };
  }
}
