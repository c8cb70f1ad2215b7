/**
 * The opcodes the view interpreter runs, with their constant gas (Cancun) and stack effect. An opcode not
 * listed here (calls, creates, SSTORE, SELFDESTRUCT, BLOCKHASH, PREVRANDAO, the blob opcodes, INVALID and the
 * undefined ones) makes the interpreter hand the whole call to the full EVM.
 */
export const STATIC_GAS = new Int32Array(256).fill(-1);
/** Stack items an opcode takes. */
export const STACK_IN = new Uint8Array(256);
/** Stack items an opcode leaves. */
export const STACK_OUT = new Uint8Array(256);

function op(code: number, gas: number, inputs: number, outputs: number): void {
  STATIC_GAS[code] = gas;
  STACK_IN[code] = inputs;
  STACK_OUT[code] = outputs;
}

op(0x00, 0, 0, 0); // STOP
op(0x01, 3, 2, 1); // ADD
op(0x02, 5, 2, 1); // MUL
op(0x03, 3, 2, 1); // SUB
op(0x04, 5, 2, 1); // DIV
op(0x05, 5, 2, 1); // SDIV
op(0x06, 5, 2, 1); // MOD
op(0x07, 5, 2, 1); // SMOD
op(0x08, 8, 3, 1); // ADDMOD
op(0x09, 8, 3, 1); // MULMOD
op(0x0a, 10, 2, 1); // EXP (+50 per exponent byte)
op(0x0b, 5, 2, 1); // SIGNEXTEND
for (const code of [0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c, 0x1d]) op(code, 3, 2, 1); // LT … SAR
op(0x15, 3, 1, 1); // ISZERO
op(0x19, 3, 1, 1); // NOT
op(0x20, 30, 2, 1); // KECCAK256 (+6 per word, memory)
op(0x30, 2, 0, 1); // ADDRESS
op(0x31, 0, 1, 1); // BALANCE (EIP-2929 access)
op(0x32, 2, 0, 1); // ORIGIN
op(0x33, 2, 0, 1); // CALLER
op(0x34, 2, 0, 1); // CALLVALUE
op(0x35, 3, 1, 1); // CALLDATALOAD
op(0x36, 2, 0, 1); // CALLDATASIZE
op(0x37, 3, 3, 0); // CALLDATACOPY (+3 per word, memory)
op(0x38, 2, 0, 1); // CODESIZE
op(0x39, 3, 3, 0); // CODECOPY (+3 per word, memory)
op(0x3a, 2, 0, 1); // GASPRICE
op(0x3b, 0, 1, 1); // EXTCODESIZE (access)
op(0x3c, 0, 4, 0); // EXTCODECOPY (access, +3 per word, memory)
op(0x3d, 2, 0, 1); // RETURNDATASIZE
op(0x3e, 3, 3, 0); // RETURNDATACOPY (+3 per word, memory)
op(0x3f, 0, 1, 1); // EXTCODEHASH (access)
op(0x41, 2, 0, 1); // COINBASE
op(0x42, 2, 0, 1); // TIMESTAMP
op(0x43, 2, 0, 1); // NUMBER
op(0x45, 2, 0, 1); // GASLIMIT
op(0x46, 2, 0, 1); // CHAINID
op(0x47, 5, 0, 1); // SELFBALANCE
op(0x48, 2, 0, 1); // BASEFEE
op(0x50, 2, 1, 0); // POP
op(0x51, 3, 1, 1); // MLOAD (memory)
op(0x52, 3, 2, 0); // MSTORE (memory)
op(0x53, 3, 2, 0); // MSTORE8 (memory)
op(0x54, 0, 1, 1); // SLOAD (EIP-2929 access)
op(0x56, 8, 1, 0); // JUMP
op(0x57, 10, 2, 0); // JUMPI
op(0x58, 2, 0, 1); // PC
op(0x59, 2, 0, 1); // MSIZE
op(0x5a, 2, 0, 1); // GAS
op(0x5b, 1, 0, 0); // JUMPDEST
op(0x5c, 100, 1, 1); // TLOAD
op(0x5d, 100, 2, 0); // TSTORE
op(0x5e, 3, 3, 0); // MCOPY (+3 per word, memory)
op(0x5f, 2, 0, 1); // PUSH0
for (let code = 0x60; code <= 0x7f; code++) op(code, 3, 0, 1); // PUSH1–PUSH32
for (let n = 1; n <= 16; n++) op(0x7f + n, 3, n, n + 1); // DUP1–DUP16
for (let n = 1; n <= 16; n++) op(0x8f + n, 3, n + 1, n + 1); // SWAP1–SWAP16
for (let n = 0; n <= 4; n++) op(0xa0 + n, 375 * (n + 1), n + 2, 0); // LOG0–LOG4 (+8 per byte, memory)
op(0xf3, 0, 2, 0); // RETURN (memory)
op(0xfd, 0, 2, 0); // REVERT (memory)

/** EIP-2929: the first touch of an address or slot in a transaction, and every later one. */
export const COLD_ACCOUNT_ACCESS = 2600;
export const COLD_SLOAD = 2100;
export const WARM_ACCESS = 100;
