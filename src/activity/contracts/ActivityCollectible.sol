// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./ActivityInterfaces.sol";

/// An ERC-721 with metadata for the activity generator: anyone may mint the next token id; safe transfers
/// call the receiver hook of contract recipients.
contract ActivityCollectible {
    string public name;
    string public symbol;
    uint256 public totalSupply;
    uint256 public nextTokenId = 1;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _approvals;
    mapping(address => mapping(address => bool)) private _operators;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f; // ERC-165, ERC-721, ERC-721 metadata
    }

    function balanceOf(address holder) external view returns (uint256) {
        require(holder != address(0), "ERC721: address zero is not a valid owner");
        return _balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = _owners[tokenId];
        require(holder != address(0), "ERC721: invalid token ID");
        return holder;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat("ipfs://firn-activity/", symbol, "/", _decimal(tokenId), ".json");
    }

    function mint(address to) external returns (uint256 tokenId) {
        require(to != address(0), "ERC721: mint to the zero address");
        tokenId = nextTokenId++;
        _owners[tokenId] = to;
        unchecked {
            _balances[to] += 1;
            totalSupply += 1;
        }
        emit Transfer(address(0), to, tokenId);
    }

    function burn(uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(_authorized(holder, msg.sender, tokenId), "ERC721: caller is not token owner or approved");
        delete _approvals[tokenId];
        delete _owners[tokenId];
        unchecked {
            _balances[holder] -= 1;
            totalSupply -= 1;
        }
        emit Transfer(holder, address(0), tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(msg.sender == holder || _operators[holder][msg.sender], "ERC721: approve caller is not token owner or approved for all");
        _approvals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _approvals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return _operators[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        require(_authorized(holder, msg.sender, tokenId), "ERC721: caller is not token owner or approved");
        require(holder == from, "ERC721: transfer from incorrect owner");
        require(to != address(0), "ERC721: transfer to the zero address");
        delete _approvals[tokenId];
        unchecked {
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IActivityTokenReceiver(to).onERC721Received(msg.sender, from, tokenId, data);
            require(answer == IActivityTokenReceiver.onERC721Received.selector, "ERC721: transfer to non ERC721Receiver implementer");
        }
    }

    function _authorized(address holder, address spender, uint256 tokenId) private view returns (bool) {
        return spender == holder || _approvals[tokenId] == spender || _operators[holder][spender];
    }

    function _decimal(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 digits;
        for (uint256 t = v; t != 0; t /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; v != 0; v /= 10) out[--digits] = bytes1(uint8(48 + (v % 10)));
        return string(out);
    }
}
