import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import type { NftErcType } from '../../writers/evm/evm-batch.js';
import { big, bytes, num, optBytes, optNum, optText } from './rows.js';

/** The Data API's NftTokenMetadataStatus. */
export type NftMetadataStatus =
  | 'UNKNOWN' | 'MISSING_TOKEN' | 'INVALID_TOKEN_URI' | 'INVALID_TOKEN_URI_SCHEME' | 'UNREACHABLE_TOKEN_URI' | 'THROTTLED_TOKEN_URI'
  | 'METADATA_CONTENT_TOO_LARGE' | 'INVALID_METADATA' | 'INVALID_METADATA_JSON' | 'INDEXED' | 'UNINDEXED';

export interface NftMetadata {
  status: NftMetadataStatus;
  /** Unix seconds of the fetch that settled the status. */
  updatedAt?: number;
  attempts: number;
  error?: string;
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
  /** ERC-721 attributes, JSON text. */
  attributes?: string;
  /** ERC-1155 properties, JSON text. */
  properties?: string;
  /** ERC-1155 decimals. */
  decimals?: number;
}

export interface EvmNftToken {
  contract: Uint8Array;
  tokenId: bigint;
  ercType: NftErcType;
  tokenUri?: string;
  /** ERC-721: current holder (the zero address once burned). */
  owner?: Uint8Array;
  firstBlock: bigint;
  lastTransferBlock: bigint;
  /** The contract's name and symbol, when it was seen created. */
  contractName?: string;
  contractSymbol?: string;
  metadata: NftMetadata;
}

/** Columns of evm_nft_tokens `n`, plus the contract's name and symbol (`c`), for joins elsewhere. */
export const NFT_TOKEN_COLUMNS = `n.contract AS nft_contract, n.token_id AS nft_token_id, n.erc_type AS nft_erc_type, n.token_uri AS nft_token_uri,
  n.owner AS nft_owner, n.first_block AS nft_first_block, n.last_transfer_block AS nft_last_transfer_block, n.metadata_status AS nft_metadata_status,
  n.metadata_updated_at AS nft_metadata_updated_at, n.metadata_attempts AS nft_metadata_attempts, n.metadata_error AS nft_metadata_error,
  n.metadata_name AS nft_metadata_name, n.metadata_symbol AS nft_metadata_symbol, n.image_uri AS nft_image_uri, n.description AS nft_description,
  n.animation_uri AS nft_animation_uri, n.external_url AS nft_external_url, n.background AS nft_background, n.attributes AS nft_attributes,
  n.properties AS nft_properties, n.metadata_decimals AS nft_metadata_decimals`;

/**
 * NFT_TOKEN_COLUMNS for a subquery nested as JSON (see jsonRows): its bytea columns as hex
 * (NFT_TOKEN_BYTEA_COLUMNS), the token id as text.
 */
export const NFT_TOKEN_JSON_COLUMNS = [
  ['n.contract AS', "encode(n.contract, 'hex') AS"], ['n.token_id AS', 'n.token_id::text AS'], ['n.owner AS', "encode(n.owner, 'hex') AS"],
].reduce((columns, [from, to]) => {
  if (!columns.includes(from!)) throw new Error(`NFT_TOKEN_COLUMNS has no ${from}`);
  return columns.replace(from!, to!);
}, NFT_TOKEN_COLUMNS);
export const NFT_TOKEN_BYTEA_COLUMNS = ['nft_contract', 'nft_owner'] as const;

/** An NFT from the `nft_`-prefixed columns of NFT_TOKEN_COLUMNS, or undefined when the join found none. */
export function evmNftTokenFromRow(r: Row, contract?: { name?: string; symbol?: string }): EvmNftToken | undefined {
  if (r.nft_contract === null || r.nft_contract === undefined) return undefined;
  return {
    contract: bytes(r.nft_contract),
    tokenId: big(r.nft_token_id),
    ercType: r.nft_erc_type as NftErcType,
    tokenUri: optText(r.nft_token_uri),
    owner: optBytes(r.nft_owner),
    firstBlock: big(r.nft_first_block),
    lastTransferBlock: big(r.nft_last_transfer_block),
    contractName: contract?.name,
    contractSymbol: contract?.symbol,
    metadata: {
      status: r.nft_metadata_status as NftMetadataStatus,
      updatedAt: optNum(r.nft_metadata_updated_at),
      attempts: num(r.nft_metadata_attempts),
      error: optText(r.nft_metadata_error),
      name: optText(r.nft_metadata_name),
      symbol: optText(r.nft_metadata_symbol),
      imageUri: optText(r.nft_image_uri),
      description: optText(r.nft_description),
      animationUri: optText(r.nft_animation_uri),
      externalUrl: optText(r.nft_external_url),
      background: optText(r.nft_background),
      attributes: optText(r.nft_attributes),
      properties: optText(r.nft_properties),
      decimals: optNum(r.nft_metadata_decimals),
    },
  };
}

/** One NFT by (contract, tokenId); undefined when no transfer of it was indexed. */
export async function getEvmNftToken(db: Queryable, chain: number, contract: Uint8Array, tokenId: bigint): Promise<EvmNftToken | undefined> {
  const key = { contract, tokenId };
  return (await getEvmNftTokens(db, chain, [key])).get(nftTokenKey(key));
}

/** The key getEvmNftTokens gives an NFT under: hex contract and decimal token id. */
export function nftTokenKey(ref: { contract: Uint8Array; tokenId: bigint }): string {
  return `${hexOf(ref.contract)}:${ref.tokenId}`;
}

/** NFTs by (contract, tokenId), keyed by nftTokenKey (tokens with no indexed transfer are left out): one statement. */
export async function getEvmNftTokens(db: Queryable, chain: number, refs: readonly { contract: Uint8Array; tokenId: bigint }[]): Promise<Map<string, EvmNftToken>> {
  if (refs.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT ${NFT_TOKEN_COLUMNS}, c.name AS contract_name, c.symbol AS contract_symbol
     FROM unnest($2::bytea[], $3::numeric(78,0)[]) AS k(contract, token_id)
     JOIN evm_nft_tokens n ON n.chain = $1 AND n.contract = k.contract AND n.token_id = k.token_id
     LEFT JOIN evm_contracts c ON c.chain = n.chain AND c.address = n.contract`,
    [chain, refs.map((r) => r.contract), refs.map((r) => r.tokenId.toString())],
    KEY_LOOKUP,
  );
  const nfts = rows.map((r) => evmNftTokenFromRow(r, { name: optText(r.contract_name), symbol: optText(r.contract_symbol) })!);
  return new Map(nfts.map((nft) => [nftTokenKey(nft), nft]));
}
