import type { ContractErcType, NftErcType } from '../../../store/writers/evm/evm-batch.js';
import { decodeBoolResult, decodeStringResult, decodeUintResult, encodeCall, selector } from './abi.js';

/** What the indexer learns of a new contract by calling it at its creation block. */
export interface ContractProbeResult {
  ercType: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
}

const SUPPORTS_INTERFACE = selector('supportsInterface(bytes4)');

function supportsInterface(interfaceId: number): Uint8Array {
  const data = new Uint8Array(36);
  data.set(SUPPORTS_INTERFACE, 0);
  // bytes4 is left-aligned in its word
  new DataView(data.buffer).setUint32(4, interfaceId);
  return data;
}

/**
 * The eth_calls made to each new contract, in this order: ERC-165 detection (supportsInterface(0x01ffc9a7)
 * true and supportsInterface(0xffffffff) false), ERC-721 (0x80ac58cd), ERC-1155 (0xd9b67a26), then
 * name(), symbol(), decimals(), totalSupply().
 */
export const CONTRACT_PROBE_CALLS: readonly Uint8Array[] = [
  supportsInterface(0x01ffc9a7),
  supportsInterface(0xffffffff),
  supportsInterface(0x80ac58cd),
  supportsInterface(0xd9b67a26),
  selector('name()'),
  selector('symbol()'),
  selector('decimals()'),
  selector('totalSupply()'),
];

/**
 * Classify a contract from the answers to CONTRACT_PROBE_CALLS (undefined where the call failed):
 * ERC-721 or ERC-1155 by ERC-165; else ERC-20 when decimals() and totalSupply() answer; else UNKNOWN.
 */
export function interpretContractProbe(answers: readonly (Uint8Array | undefined)[]): ContractProbeResult {
  const at = (i: number): Uint8Array | undefined => answers[i];
  const erc165 = bool(at(0)) === true && bool(at(1)) === false;
  const name = text(at(4));
  const symbol = text(at(5));
  const decimalsWord = at(6) ? decodeUintResult(at(6)!) : undefined;
  const decimals = decimalsWord !== undefined && decimalsWord < 256n ? Number(decimalsWord) : undefined;
  const totalSupply = at(7) ? decodeUintResult(at(7)!) : undefined;
  let ercType: ContractErcType = 'UNKNOWN';
  if (erc165 && bool(at(2)) === true) ercType = 'ERC-721';
  else if (erc165 && bool(at(3)) === true) ercType = 'ERC-1155';
  else if (decimals !== undefined && totalSupply !== undefined) ercType = 'ERC-20';
  const result: ContractProbeResult = { ercType };
  if (name !== undefined) result.name = name;
  if (symbol !== undefined) result.symbol = symbol;
  if (ercType === 'ERC-20') result.decimals = decimals;
  return result;
}

const TOKEN_URI = selector('tokenURI(uint256)');
const URI = selector('uri(uint256)');

/** The call that reads an NFT's metadata URI: ERC-721 tokenURI(id), ERC-1155 uri(id). */
export function tokenUriCall(ercType: NftErcType, tokenId: bigint): Uint8Array {
  return encodeCall(ercType === 'ERC-721' ? TOKEN_URI : URI, tokenId);
}

/** Longest token URI kept (on-chain `data:` URIs can be large; longer ones are left for the metadata fetcher to report). */
export const MAX_TOKEN_URI_BYTES = 256 * 1024;

export function interpretTokenUri(answer: Uint8Array | undefined): string | undefined {
  return answer ? decodeStringResult(answer, MAX_TOKEN_URI_BYTES) : undefined;
}

function bool(answer: Uint8Array | undefined): boolean | undefined {
  return answer ? decodeBoolResult(answer) : undefined;
}

function text(answer: Uint8Array | undefined): string | undefined {
  return answer ? decodeStringResult(answer, 1024) : undefined;
}
