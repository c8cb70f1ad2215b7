import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmNftToken } from '../../../store/queries/evm/nft-tokens.js';
import { erc1155TokenOf, erc721TokenOf } from './nft-token.js';

const CONTRACT = new Uint8Array(20).fill(0x72);
const nft: EvmNftToken = {
  contract: CONTRACT, tokenId: 2n ** 200n, ercType: 'ERC-721', tokenUri: 'ipfs://x', owner: new Uint8Array(20).fill(0xb0), firstBlock: 1n, lastTransferBlock: 2n,
  contractName: 'Firn Collectibles', contractSymbol: 'FCOL',
  metadata: { status: 'INDEXED', updatedAt: 1_700_000_000, attempts: 1, error: 'ignored', name: 'One', imageUri: 'ipfs://one.png', attributes: '[]', properties: '{}', decimals: 2 },
};

describe('erc721TokenOf', () => {
  it('the token with its contract name, owner and ERC-721 metadata (no 1155 fields, no fetch error)', () => {
    expect(erc721TokenOf({ contract: CONTRACT, tokenId: nft.tokenId, nft })).toEqual({
      address: getAddress('0x' + '72'.repeat(20)), name: 'Firn Collectibles', symbol: 'FCOL', ercType: 'ERC-721', tokenId: (2n ** 200n).toString(), tokenUri: 'ipfs://x',
      metadata: { indexStatus: 'INDEXED', metadataLastUpdatedTimestamp: 1_700_000_000, name: 'One', imageUri: 'ipfs://one.png', attributes: '[]' },
      ownerAddress: getAddress('0x' + 'b0'.repeat(20)),
    });
  });

  it('required fields stand in as "" and UNINDEXED when the index lacks them', () => {
    expect(erc721TokenOf({ contract: CONTRACT, tokenId: 1n })).toEqual({
      address: getAddress('0x' + '72'.repeat(20)), name: '', symbol: '', ercType: 'ERC-721', tokenId: '1', tokenUri: '', metadata: { indexStatus: 'UNINDEXED' },
    });
  });
});

describe('erc1155TokenOf', () => {
  it('no name, symbol or owner; ERC-1155 metadata', () => {
    expect(erc1155TokenOf({ contract: CONTRACT, tokenId: 5n, nft: { ...nft, ercType: 'ERC-1155', owner: undefined } })).toEqual({
      address: getAddress('0x' + '72'.repeat(20)), ercType: 'ERC-1155', tokenId: '5', tokenUri: 'ipfs://x',
      metadata: { indexStatus: 'INDEXED', metadataLastUpdatedTimestamp: 1_700_000_000, name: 'One', imageUri: 'ipfs://one.png', decimals: 2, properties: '{}' },
    });
  });
});
