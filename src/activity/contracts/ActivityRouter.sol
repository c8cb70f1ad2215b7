// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./ActivityInterfaces.sol";

/// The activity generator's contract-to-contract traffic: swaps against the router's own token reserves,
/// batched token sends, AVAX split among recipients (internal value transfers), calls whose inner revert is
/// caught, NFT custody, and deliberate failures of each kind (reason string, custom error, panic).
contract ActivityRouter is IActivityTokenReceiver {
    uint256 public lastQuotient;
    uint256 public nftsReceived;

    event Swapped(address indexed user, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut);
    event MultiSent(address indexed token, address indexed sender, uint256 recipients, uint256 total);
    event Split(address indexed sender, uint256 recipients, uint256 each);
    event CallFailed(address indexed target, bytes reason);

    error Rejected(uint256 code, address caller);

    receive() external payable {}

    function swap(address tokenIn, address tokenOut, uint256 amountIn) external returns (uint256 amountOut) {
        require(tokenIn != tokenOut, "ActivityRouter: identical tokens");
        require(amountIn > 0, "ActivityRouter: zero amount");
        require(IActivityERC20(tokenIn).transferFrom(msg.sender, address(this), amountIn), "ActivityRouter: pull failed");
        // One whole token for one whole token, less a 0.3% fee, across different decimals.
        uint256 unitIn = 10 ** uint256(IActivityERC20(tokenIn).decimals());
        uint256 unitOut = 10 ** uint256(IActivityERC20(tokenOut).decimals());
        amountOut = (amountIn * 997 * unitOut) / (1000 * unitIn);
        require(amountOut > 0, "ActivityRouter: output too small");
        require(IActivityERC20(tokenOut).balanceOf(address(this)) >= amountOut, "ActivityRouter: insufficient liquidity");
        require(IActivityERC20(tokenOut).transfer(msg.sender, amountOut), "ActivityRouter: payout failed");
        emit Swapped(msg.sender, tokenIn, tokenOut, amountIn, amountOut);
    }

    function multiSend(address token, address[] calldata to, uint256[] calldata amounts) external {
        require(to.length == amounts.length, "ActivityRouter: length mismatch");
        uint256 total;
        for (uint256 i = 0; i < to.length; i++) {
            require(IActivityERC20(token).transferFrom(msg.sender, to[i], amounts[i]), "ActivityRouter: transfer failed");
            total += amounts[i];
        }
        emit MultiSent(token, msg.sender, to.length, total);
    }

    function split(address payable[] calldata to) external payable {
        require(to.length > 0 && msg.value > 0, "ActivityRouter: nothing to split");
        uint256 each = msg.value / to.length;
        for (uint256 i = 0; i < to.length; i++) {
            (bool ok, ) = to[i].call{value: each}("");
            require(ok, "ActivityRouter: payment failed");
        }
        uint256 rest = msg.value - each * to.length;
        if (rest > 0) {
            (bool ok, ) = payable(msg.sender).call{value: rest}("");
            require(ok, "ActivityRouter: refund failed");
        }
        emit Split(msg.sender, to.length, each);
    }

    /// Calls `target`; a revert there is recorded, not propagated.
    function tryCall(address target, bytes calldata data) external returns (bool ok) {
        bytes memory reason;
        (ok, reason) = target.call(data);
        if (!ok) emit CallFailed(target, reason);
    }

    function releaseNft(address nft, uint256 tokenId, address to) external {
        IActivityERC721(nft).safeTransferFrom(address(this), to, tokenId);
    }

    function fail(string calldata reason) external pure {
        revert(reason);
    }

    function failWithCode(uint256 code) external view {
        revert Rejected(code, msg.sender);
    }

    function divide(uint256 a, uint256 b) external returns (uint256) {
        lastQuotient = a / b;
        return lastQuotient;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        nftsReceived += 1;
        return IActivityTokenReceiver.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IActivityTokenReceiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata) external pure returns (bytes4) {
        return IActivityTokenReceiver.onERC1155BatchReceived.selector;
    }
}
