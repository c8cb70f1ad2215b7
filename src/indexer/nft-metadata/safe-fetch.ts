import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { MetadataError } from './metadata-status.js';
import { isPrivateAddress } from './private-address.js';

export interface SafeFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowPrivateAddresses: boolean;
  userAgent?: string;
}

/**
 * GET a URL for token metadata with the limits a public indexer needs: a total timeout, a size cap read as
 * the body streams, redirects followed (each re-checked), and — unless allowed — no connection to a private
 * address. The address check happens in the connection's own DNS lookup, so a name cannot resolve to a
 * public address for the check and a private one for the connection.
 */
export async function safeFetch(url: URL, options: SafeFetchOptions): Promise<{ contentType: string; body: Uint8Array }> {
  let current = url;
  const deadline = Date.now() + options.timeoutMs;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const result = await getOnce(current, options, deadline);
    if ('redirect' in result) {
      current = new URL(result.redirect, current);
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new MetadataError('INVALID_TOKEN_URI_SCHEME', `redirect to ${current.protocol}`);
      continue;
    }
    return result;
  }
  throw new MetadataError('UNREACHABLE_TOKEN_URI', `more than ${options.maxRedirects} redirects`);
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 4);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function getOnce(url: URL, options: SafeFetchOptions, deadline: number): Promise<{ contentType: string; body: Uint8Array } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateAddresses && /^[\d.]+$|:/.test(literal) && isPrivateAddress(literal)) {
      return reject(new MetadataError('UNREACHABLE_TOKEN_URI', `${url.hostname} is a private address`));
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new MetadataError('UNREACHABLE_TOKEN_URI', 'timed out'));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivateAddresses),
        timeout: remaining,
        headers: { accept: 'application/json, */*;q=0.5', 'user-agent': options.userAgent ?? 'firn-indexer' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status === 429) {
          response.resume();
          return reject(new MetadataError('THROTTLED_TOKEN_URI', 'the server answered 429 Too Many Requests'));
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new MetadataError('UNREACHABLE_TOKEN_URI', `HTTP ${status}`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          return reject(new MetadataError('METADATA_CONTENT_TOO_LARGE', `${declared} bytes (limit ${options.maxBytes})`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new MetadataError('METADATA_CONTENT_TOO_LARGE', `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ contentType: String(response.headers['content-type'] ?? ''), body: new Uint8Array(Buffer.concat(chunks)) }));
        response.on('error', (e) => reject(new MetadataError('UNREACHABLE_TOKEN_URI', e.message)));
      },
    );
    request.on('timeout', () => request.destroy(new MetadataError('UNREACHABLE_TOKEN_URI', 'timed out')));
    request.on('error', (e) => reject(e instanceof MetadataError ? e : new MetadataError('UNREACHABLE_TOKEN_URI', e.message)));
  });
}
