// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// ERC-165.
interface IERC165 {
    function supportsInterface(bytes4 interfaceId) external view returns (bool);
}

/// The ERC-721 receiver hook; must return its own selector (0x150b7a02).
interface IERC721TokenReceiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

/// The ERC-1155 receiver hooks; each must return its own selector (0xf23a6e61, 0xbc197c81).
interface IERC1155TokenReceiver {
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data) external returns (bytes4);
    function onERC1155BatchReceived(address operator, address from, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external returns (bytes4);
}
