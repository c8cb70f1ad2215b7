// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Exercises EVM features one function at a time, so two nodes can be compared on the same calls.
contract Probe {
    error Custom(uint256 code, string why);

    mapping(uint256 => uint256) public slots;
    uint256 public counter;

    event Log0Marker() anonymous;
    event Topics1(uint256 value);
    event Topics2(address indexed who, uint256 value);
    event Topics3(address indexed who, uint256 indexed key, bytes data);
    event Topics4(address indexed who, uint256 indexed key, bytes32 indexed tag, string note);
    event Created(address child, bool viaCreate2);

    function store(uint256 key, uint256 value) external {
        slots[key] = value;
    }

    /// Sets and clears slots in one tx (the case where gas refunds apply on Ethereum).
    function storeAndClear(uint256 from, uint256 n) external {
        for (uint256 i = from; i < from + n; i++) slots[i] = 0;
        counter += 1;
    }

    function emitAll(bytes calldata data, string calldata note) external {
        emit Log0Marker();
        emit Topics1(data.length);
        emit Topics2(msg.sender, 7);
        emit Topics3(msg.sender, 42, data);
        emit Topics4(msg.sender, 43, keccak256(data), note);
    }

    function failRequire() external pure {
        require(false, "Probe: required condition failed");
    }

    function failCustom(uint256 code) external pure {
        revert Custom(code, "custom failure");
    }

    function failPanic(uint256 divisor) external pure returns (uint256) {
        return 1 / divisor;
    }

    function failEmpty() external pure {
        revert();
    }

    /// Writes, emits, then reverts the whole inner call: nothing of it must remain.
    function tryInner() external returns (bool ok, bytes memory reason) {
        (ok, reason) = address(this).call(abi.encodeCall(this.writeThenFail, (99)));
        counter += 1;
    }

    function writeThenFail(uint256 v) external {
        slots[v] = v;
        emit Topics1(v);
        revert("Probe: inner failure");
    }

    function transient(uint256 v) external returns (uint256 got) {
        assembly {
            tstore(0, v)
            got := tload(0)
        }
    }

    function copyMemory(bytes calldata data) external pure returns (bytes memory out) {
        out = new bytes(data.length);
        bytes memory src = data;
        assembly {
            mcopy(add(out, 32), add(src, 32), mload(src))
        }
    }

    function hashes(bytes calldata data) external view returns (bytes32 k, bytes32 s, bytes20 r, bytes memory identity) {
        k = keccak256(data);
        s = sha256(data);
        r = ripemd160(data);
        (bool ok, bytes memory out) = address(4).staticcall(data);
        require(ok, "identity failed");
        identity = out;
    }

    function recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) external pure returns (address) {
        return ecrecover(digest, v, r, s);
    }

    function modexp(uint256 b, uint256 e, uint256 m) external view returns (uint256 out) {
        (bool ok, bytes memory ret) = address(5).staticcall(abi.encodePacked(uint256(32), uint256(32), uint256(32), b, e, m));
        require(ok, "modexp failed");
        out = abi.decode(ret, (uint256));
    }

    function bnAdd(uint256 x1, uint256 y1, uint256 x2, uint256 y2) external view returns (uint256 x, uint256 y) {
        (bool ok, bytes memory ret) = address(6).staticcall(abi.encode(x1, y1, x2, y2));
        require(ok, "bn add failed");
        (x, y) = abi.decode(ret, (uint256, uint256));
    }

    function chainId() external view returns (uint256) {
        return block.chainid;
    }

    function coinbase() external view returns (address) {
        return block.coinbase;
    }

    function baseFee() external view returns (uint256) {
        return block.basefee;
    }

    function spawn(bytes32 salt) external returns (address a, address b) {
        a = address(new Child{value: 0}(1));
        b = address(new Child{salt: salt}(2));
        emit Created(a, false);
        emit Created(b, true);
    }

    function spawnAndDestroy() external returns (address child, uint256 codeLength) {
        Child c = new Child(3);
        c.destroy(payable(msg.sender));
        child = address(c);
        codeLength = child.code.length; // EIP-6780: created in this tx → really gone
    }

    function burnGas(uint256 rounds) external returns (uint256 acc) {
        for (uint256 i = 0; i < rounds; i++) acc = uint256(keccak256(abi.encode(acc, i)));
        counter = acc;
    }
}

contract Child {
    uint256 public tag;

    constructor(uint256 t) payable {
        tag = t;
    }

    function destroy(address payable to) external {
        selfdestruct(to);
    }
}
