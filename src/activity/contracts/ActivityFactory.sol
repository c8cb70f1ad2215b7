// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./ActivityToken.sol";

/// Creates ERC-20 tokens with CREATE and CREATE2 and hands the initial supply to the caller: a contract that
/// deploys contracts and then calls them in the same transaction.
contract ActivityFactory {
    address[] public tokens;

    event TokenCreated(address indexed creator, address indexed token, bytes32 salt, bool deterministic);

    function tokenCount() external view returns (uint256) {
        return tokens.length;
    }

    function create(string calldata name, string calldata symbol, uint256 supply) external returns (address token) {
        token = address(new ActivityToken(name, symbol, 18, supply));
        _handOver(token, supply, bytes32(0), false);
    }

    /// Reverts when `salt` was used before with the same arguments: the address is taken.
    function create2(bytes32 salt, string calldata name, string calldata symbol, uint256 supply) external returns (address token) {
        require(predict(salt, name, symbol, supply).code.length == 0, "ActivityFactory: salt already used");
        token = address(new ActivityToken{salt: salt}(name, symbol, 18, supply));
        _handOver(token, supply, salt, true);
    }

    function predict(bytes32 salt, string calldata name, string calldata symbol, uint256 supply) public view returns (address) {
        bytes memory init = abi.encodePacked(type(ActivityToken).creationCode, abi.encode(name, symbol, uint8(18), supply));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(init))))));
    }

    function _handOver(address token, uint256 supply, bytes32 salt, bool deterministic) private {
        tokens.push(token);
        require(ActivityToken(token).transfer(msg.sender, supply), "ActivityFactory: hand-over failed");
        emit TokenCreated(msg.sender, token, salt, deterministic);
    }
}
