// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import "./Interfaces.sol";

/// A small ERC-1155 (EIP-1155) with the metadata URI extension and owner-only minting, written for Firn's tests.
contract MultiToken1155 is IERC165 {
    address public immutable owner;
    string private _uri;
    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) private _operators;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    constructor(string memory uri_) {
        owner = msg.sender;
        _uri = uri_;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 // ERC-165
            || id == 0xd9b67a26 // ERC-1155
            || id == 0x0e89341c; // ERC-1155 metadata URI
    }

    function uri(uint256) external view returns (string memory) {
        return _uri;
    }

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        require(account != address(0), "ERC1155: zero address");
        return _balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids) external view returns (uint256[] memory out) {
        require(accounts.length == ids.length, "ERC1155: length mismatch");
        out = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) out[i] = _balances[ids[i]][accounts[i]];
    }

    function setApprovalForAll(address operator, bool approved) external {
        require(operator != msg.sender, "ERC1155: self approval");
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address account, address operator) public view returns (bool) {
        return _operators[account][operator];
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        require(from == msg.sender || isApprovedForAll(from, msg.sender), "ERC1155: not authorized");
        require(to != address(0), "ERC1155: transfer to zero");
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
        _checkSingle(from, to, id, value, data);
    }

    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external {
        require(from == msg.sender || isApprovedForAll(from, msg.sender), "ERC1155: not authorized");
        require(to != address(0), "ERC1155: transfer to zero");
        require(ids.length == values.length, "ERC1155: length mismatch");
        for (uint256 i = 0; i < ids.length; i++) _move(from, to, ids[i], values[i]);
        emit TransferBatch(msg.sender, from, to, ids, values);
        _checkBatch(from, to, ids, values, data);
    }

    function mint(address to, uint256 id, uint256 value, bytes calldata data) external {
        require(msg.sender == owner, "ERC1155: not owner");
        require(to != address(0), "ERC1155: mint to zero");
        _balances[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
        _checkSingle(address(0), to, id, value, data);
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external {
        require(msg.sender == owner, "ERC1155: not owner");
        require(to != address(0), "ERC1155: mint to zero");
        require(ids.length == values.length, "ERC1155: length mismatch");
        for (uint256 i = 0; i < ids.length; i++) _balances[ids[i]][to] += values[i];
        emit TransferBatch(msg.sender, address(0), to, ids, values);
        _checkBatch(address(0), to, ids, values, data);
    }

    function _move(address from, address to, uint256 id, uint256 value) private {
        uint256 have = _balances[id][from];
        require(have >= value, "ERC1155: insufficient balance");
        unchecked {
            _balances[id][from] = have - value;
        }
        _balances[id][to] += value;
    }

    function _checkSingle(address from, address to, uint256 id, uint256 value, bytes calldata data) private {
        if (to.code.length == 0) return;
        try IERC1155TokenReceiver(to).onERC1155Received(msg.sender, from, id, value, data) returns (bytes4 ret) {
            require(ret == IERC1155TokenReceiver.onERC1155Received.selector, "ERC1155: receiver rejected tokens");
        } catch (bytes memory reason) {
            _bubble(reason);
        }
    }

    function _checkBatch(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) private {
        if (to.code.length == 0) return;
        try IERC1155TokenReceiver(to).onERC1155BatchReceived(msg.sender, from, ids, values, data) returns (bytes4 ret) {
            require(ret == IERC1155TokenReceiver.onERC1155BatchReceived.selector, "ERC1155: receiver rejected tokens");
        } catch (bytes memory reason) {
            _bubble(reason);
        }
    }

    function _bubble(bytes memory reason) private pure {
        if (reason.length == 0) revert("ERC1155: transfer to non ERC1155Receiver");
        assembly {
            revert(add(reason, 32), mload(reason))
        }
    }
}
