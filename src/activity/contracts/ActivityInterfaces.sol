// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// The slices of ERC-20, ERC-721 and ERC-1155 the activity router calls on other contracts.
interface IActivityERC20 {
    function decimals() external view returns (uint8);
    function balanceOf(address holder) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IActivityERC721 {
    function safeTransferFrom(address from, address to, uint256 tokenId) external;
}

interface IActivityERC1155 {
    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external;
}

/// ERC-721 and ERC-1155 receiver hooks: a contract that takes tokens by safe transfer must return these selectors.
interface IActivityTokenReceiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data) external returns (bytes4);
    function onERC1155BatchReceived(address operator, address from, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external returns (bytes4);
}
