import type { EvmNftToken, NftMetadata, NftMetadataStatus } from '../../../store/queries/evm/nft-tokens.js';
import { checksumAddress } from '../codecs/address.js';
import { decimal } from '../codecs/decimal.js';

interface MetadataCommonWire {
  indexStatus: NftMetadataStatus;
  metadataLastUpdatedTimestamp?: number;
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
}

export interface Erc721MetadataWire extends MetadataCommonWire {
  attributes?: string;
}

export interface Erc1155MetadataWire extends MetadataCommonWire {
  decimals?: number;
  properties?: string;
}

/** Erc721Token (glacier.json). */
export interface Erc721TokenWire {
  address: string;
  name: string;
  symbol: string;
  ercType: 'ERC-721';
  tokenId: string;
  tokenUri: string;
  metadata: Erc721MetadataWire;
  ownerAddress?: string;
}

/** Erc1155Token (glacier.json): no name, symbol or owner. */
export interface Erc1155TokenWire {
  address: string;
  ercType: 'ERC-1155';
  tokenId: string;
  tokenUri: string;
  metadata: Erc1155MetadataWire;
}

function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function commonMetadata(m: NftMetadata | undefined): MetadataCommonWire {
  // A token whose row the index lacks has not been looked at: UNINDEXED.
  if (!m) return { indexStatus: 'UNINDEXED' };
  return {
    indexStatus: m.status,
    ...defined('metadataLastUpdatedTimestamp', m.updatedAt),
    ...defined('name', m.name),
    ...defined('symbol', m.symbol),
    ...defined('imageUri', m.imageUri),
    ...defined('description', m.description),
    ...defined('animationUri', m.animationUri),
    ...defined('externalUrl', m.externalUrl),
    ...defined('background', m.background),
  };
}

/** What is known of an NFT's contract and token, for the wire forms below. */
export interface NftRef {
  contract: Uint8Array;
  tokenId: bigint;
  /** The contract's name and symbol, when its creation was indexed. */
  contractName?: string;
  contractSymbol?: string;
  /** The token's row, when the index has it. */
  nft?: EvmNftToken;
}

/**
 * An ERC-721 token: name and symbol are the contract's ("" when its creation was not indexed), tokenUri ""
 * when the contract did not answer tokenURI, ownerAddress the current holder.
 */
export function erc721TokenOf(ref: NftRef): Erc721TokenWire {
  const m = ref.nft?.metadata;
  return {
    address: checksumAddress(ref.contract),
    name: ref.contractName ?? ref.nft?.contractName ?? '',
    symbol: ref.contractSymbol ?? ref.nft?.contractSymbol ?? '',
    ercType: 'ERC-721',
    tokenId: decimal(ref.tokenId),
    tokenUri: ref.nft?.tokenUri ?? '',
    metadata: { ...commonMetadata(m), ...defined('attributes', m?.attributes) },
    ...(ref.nft?.owner ? { ownerAddress: checksumAddress(ref.nft.owner) } : {}),
  };
}

/** An ERC-1155 token; tokenUri is the contract's uri(id) as read ("" when it did not answer). */
export function erc1155TokenOf(ref: NftRef): Erc1155TokenWire {
  const m = ref.nft?.metadata;
  return {
    address: checksumAddress(ref.contract),
    ercType: 'ERC-1155',
    tokenId: decimal(ref.tokenId),
    tokenUri: ref.nft?.tokenUri ?? '',
    metadata: { ...commonMetadata(m), ...defined('decimals', m?.decimals), ...defined('properties', m?.properties) },
  };
}
