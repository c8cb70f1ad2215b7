import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Functions of the token standards (ERC-20, ERC-721 and its metadata extension, ERC-1155 and its metadata
 * URI, ERC-165) whose names Firn can give for a transaction's selector. Other selectors have no name: the
 * index holds no ABI for them.
 */
export const STANDARD_FUNCTIONS = [
  // ERC-20
  'transfer(address,uint256)',
  'transferFrom(address,address,uint256)', // also ERC-721
  'approve(address,uint256)', // also ERC-721
  'totalSupply()',
  'balanceOf(address)', // also ERC-721
  'allowance(address,address)',
  'name()',
  'symbol()',
  'decimals()',
  // ERC-721
  'safeTransferFrom(address,address,uint256)',
  'safeTransferFrom(address,address,uint256,bytes)',
  'setApprovalForAll(address,bool)', // also ERC-1155
  'getApproved(uint256)',
  'isApprovedForAll(address,address)', // also ERC-1155
  'ownerOf(uint256)',
  'tokenURI(uint256)',
  // ERC-1155
  'safeTransferFrom(address,address,uint256,uint256,bytes)',
  'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'balanceOf(address,uint256)',
  'balanceOfBatch(address[],uint256[])',
  'uri(uint256)',
  // ERC-165
  'supportsInterface(bytes4)',
] as const;

/** The 4-byte selector of a function signature, as lowercase hex without `0x`. */
export function selectorOf(signature: string): string {
  return Buffer.from(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4)).toString('hex');
}

const BY_SELECTOR = new Map<string, string>(STANDARD_FUNCTIONS.map((s) => [selectorOf(s), s]));

/** The signature of a standard function by its selector (lowercase hex, no `0x`), if it is one. */
export function standardFunctionName(selectorHex: string): string | undefined {
  return BY_SELECTOR.get(selectorHex);
}
