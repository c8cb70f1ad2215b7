import { bech32 } from '@scure/base';

/** Avalanche bech32 addresses: `<chain>-<hrp>1…` over a 20-byte short id. */
export function formatAddress(chainAlias: string, hrp: string, shortId: Uint8Array): string {
  return `${chainAlias}-${bech32.encode(hrp, bech32.toWords(shortId))}`;
}

export function formatBech32(hrp: string, shortId: Uint8Array): string {
  return bech32.encode(hrp, bech32.toWords(shortId));
}

export function parseAddress(address: string): { chainAlias: string | undefined; hrp: string; shortId: Uint8Array } {
  const dash = address.indexOf('-');
  const chainAlias = dash >= 0 ? address.slice(0, dash) : undefined;
  const body = dash >= 0 ? address.slice(dash + 1) : address;
  const { prefix, words } = bech32.decode(body as `${string}1${string}`);
  const shortId = new Uint8Array(bech32.fromWords(words));
  if (shortId.length !== 20) throw new Error(`expected 20 bytes but got ${shortId.length}`);
  return { chainAlias, hrp: prefix, shortId };
}
