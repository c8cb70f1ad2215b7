// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./ActivityInterfaces.sol";

/// An ERC-1155 for the activity generator: anyone may mint any id; transfers to contracts call the receiver hooks.
contract ActivityMultiToken {
    string private _uri;
    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) private _operators;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    constructor(string memory uri_) {
        _uri = uri_;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0xd9b67a26 || id == 0x0e89341c; // ERC-165, ERC-1155, ERC-1155 metadata URI
    }

    function uri(uint256) external view returns (string memory) {
        return _uri;
    }

    function balanceOf(address account, uint256 id) public view returns (uint256) {
        require(account != address(0), "ERC1155: address zero is not a valid owner");
        return _balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids) external view returns (uint256[] memory out) {
        require(accounts.length == ids.length, "ERC1155: accounts and ids length mismatch");
        out = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) out[i] = balanceOf(accounts[i], ids[i]);
    }

    function setApprovalForAll(address operator, bool approved) external {
        require(operator != msg.sender, "ERC1155: setting approval status for self");
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address account, address operator) public view returns (bool) {
        return _operators[account][operator];
    }

    function mint(address to, uint256 id, uint256 value, bytes calldata data) external {
        require(to != address(0), "ERC1155: mint to the zero address");
        _balances[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
        _checkSingle(address(0), to, id, value, data);
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external {
        require(to != address(0), "ERC1155: mint to the zero address");
        require(ids.length == values.length, "ERC1155: ids and values length mismatch");
        for (uint256 i = 0; i < ids.length; i++) _balances[ids[i]][to] += values[i];
        emit TransferBatch(msg.sender, address(0), to, ids, values);
        _checkBatch(address(0), to, ids, values, data);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        require(from == msg.sender || isApprovedForAll(from, msg.sender), "ERC1155: caller is not token owner or approved");
        require(to != address(0), "ERC1155: transfer to the zero address");
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
        _checkSingle(from, to, id, value, data);
    }

    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external {
        require(from == msg.sender || isApprovedForAll(from, msg.sender), "ERC1155: caller is not token owner or approved");
        require(to != address(0), "ERC1155: transfer to the zero address");
        require(ids.length == values.length, "ERC1155: ids and values length mismatch");
        for (uint256 i = 0; i < ids.length; i++) _move(from, to, ids[i], values[i]);
        emit TransferBatch(msg.sender, from, to, ids, values);
        _checkBatch(from, to, ids, values, data);
    }

    function _move(address from, address to, uint256 id, uint256 value) private {
        uint256 held = _balances[id][from];
        require(held >= value, "ERC1155: insufficient balance for transfer");
        unchecked {
            _balances[id][from] = held - value;
        }
        _balances[id][to] += value;
    }

    function _checkSingle(address from, address to, uint256 id, uint256 value, bytes calldata data) private {
        if (to.code.length == 0) return;
        bytes4 answer = IActivityTokenReceiver(to).onERC1155Received(msg.sender, from, id, value, data);
        require(answer == IActivityTokenReceiver.onERC1155Received.selector, "ERC1155: ERC1155Receiver rejected tokens");
    }

    function _checkBatch(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) private {
        if (to.code.length == 0) return;
        bytes4 answer = IActivityTokenReceiver(to).onERC1155BatchReceived(msg.sender, from, ids, values, data);
        require(answer == IActivityTokenReceiver.onERC1155BatchReceived.selector, "ERC1155: ERC1155Receiver rejected tokens");
    }
}
