// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import "./Interfaces.sol";

/// A contract wallet for ERC-721 and ERC-1155 transfers: records each delivery, and can be told to refuse them.
contract TokenReceiver is IERC165, IERC721TokenReceiver, IERC1155TokenReceiver {
    bool public accepting = true;

    event Received(address indexed token, address operator, address from, uint256 id, uint256 value, bytes data);

    function setAccepting(bool on) external {
        accepting = on;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x4e2312e0; // ERC-165, ERC-1155 receiver
    }

    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4) {
        require(accepting, "TokenReceiver: refusing");
        emit Received(msg.sender, operator, from, tokenId, 1, data);
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data) external returns (bytes4) {
        require(accepting, "TokenReceiver: refusing");
        emit Received(msg.sender, operator, from, id, value, data);
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address operator, address from, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external returns (bytes4) {
        require(accepting, "TokenReceiver: refusing");
        for (uint256 i = 0; i < ids.length; i++) emit Received(msg.sender, operator, from, ids[i], values[i], data);
        return this.onERC1155BatchReceived.selector;
    }
}
