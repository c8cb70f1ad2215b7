import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import solc from 'solc';

/** bench/contracts/BenchToken.sol compiled as bench/evm.bench.ts does (solc, optimizer on, cancun). */
export function compileBenchToken(): Uint8Array {
  const source = readFileSync(resolve(import.meta.dirname, '../contracts/BenchToken.sol'), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'BenchToken.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  return Buffer.from(out.contracts['BenchToken.sol'].BenchToken.evm.bytecode.object, 'hex');
}

function word(value: bigint): Uint8Array {
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

function addressWord(address: Uint8Array): Uint8Array {
  const w = new Uint8Array(32);
  w.set(address, 12);
  return w;
}

/** Creation code: bytecode followed by the constructor's `supply` argument. */
export function deployData(bytecode: Uint8Array, supply: bigint): Uint8Array {
  return Buffer.concat([bytecode, word(supply)]);
}

const TRANSFER_SELECTOR = Buffer.from('a9059cbb', 'hex'); // transfer(address,uint256)

/** Calldata of `transfer(to, value)`. */
export function transferData(to: Uint8Array, value: bigint): Uint8Array {
  return Buffer.concat([TRANSFER_SELECTOR, addressWord(to), word(value)]);
}

/** The Transfer(address,address,uint256) event as Ponder's config takes it (viem ABI JSON). */
export const BENCH_TOKEN_TRANSFER_ABI = [
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
] as const;
