import { parseAddress } from '../../../../lib/bech32-address.js';
import { BadRequestError } from '../../../http/errors/http-errors.js';
import { splitList } from './ids.js';

/** Bound on one request's address list (each address is an index probe). */
export const MAX_ADDRESSES = 64;

/** The bech32 prefixes the request may use: the network's own, and the one its name implies (fuji1… for an aliased devnet). */
export function acceptedHrps(networkHrp: string, requested: string): string[] {
  const implied = requested === 'mainnet' ? 'avax' : requested === 'fuji' || requested === 'testnet' ? 'fuji' : undefined;
  return implied && implied !== networkHrp ? [networkHrp, implied] : [networkHrp];
}

/**
 * Parses the `addresses` (and `rewardAddresses`) query value: comma-separated bech32 addresses with the
 * network's prefix, optionally `P-`/`X-` (or `C-`) in front, and — where `evm` is allowed — 0x addresses
 * (C-chain atomic lookups). Every form becomes its 20-byte short id, which is what the store keys.
 * A malformed address is a 400 "Invalid address format" (the real service's text) naming it.
 */
export function parseAddressList(name: string, text: string | undefined, hrps: readonly string[], options: { evm?: boolean } = {}): Uint8Array[] {
  const items = splitList(text);
  if (items.length > MAX_ADDRESSES) throw new BadRequestError(`${name} accepts at most ${MAX_ADDRESSES} addresses, got ${items.length}`);
  const out = new Map<string, Uint8Array>();
  for (const item of items) {
    const bytes = parseOne(item, hrps, options.evm === true);
    if (!bytes) throw new BadRequestError(`Invalid address format: ${item} (expected ${hrps.map((h) => `${h}1…`).join(' or ')}, optionally prefixed P- or X-${options.evm ? ', or a 0x address' : ''})`);
    out.set(Buffer.from(bytes).toString('hex'), bytes);
  }
  return [...out.values()];
}

function parseOne(item: string, hrps: readonly string[], evm: boolean): Uint8Array | undefined {
  if (/^0x/i.test(item)) {
    if (!evm || !/^0x[0-9a-fA-F]{40}$/.test(item)) return undefined;
    return new Uint8Array(Buffer.from(item.slice(2), 'hex'));
  }
  try {
    const parsed = parseAddress(item);
    if (parsed.chainAlias !== undefined && !['P', 'X', 'C'].includes(parsed.chainAlias.toUpperCase())) return undefined;
    if (!hrps.includes(parsed.hrp)) return undefined;
    return parsed.shortId;
  } catch {
    return undefined;
  }
}
