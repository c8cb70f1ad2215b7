import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

/** The contracts written for the EVM tests. */
export const CONTRACTS_DIR = resolve(import.meta.dirname, '../contracts');

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

/** Compiled output of every contract in CONTRACTS_DIR, keyed by contract name. */
export type CompiledContracts = Record<string, CompiledContract>;

let cache: CompiledContracts | undefined;

/**
 * Compiles test/contracts/*.sol once per test run (the solc npm package runs offline) and keeps the result
 * in memory. Cancun target, optimizer on: the same bytecode goes to every node a test compares.
 */
export function compileContracts(): CompiledContracts {
  if (cache) return cache;
  const sources: Record<string, { content: string }> = {};
  for (const f of readdirSync(CONTRACTS_DIR).filter((n) => n.endsWith('.sol')).sort()) {
    sources[f] = { content: readFileSync(join(CONTRACTS_DIR, f), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: (path: string) => readImport(path) })) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const compiled: CompiledContracts = {};
  for (const file of Object.values(out.contracts ?? {})) {
    for (const [name, c] of Object.entries(file)) {
      if (c.evm.bytecode.object.length === 0) continue; // interfaces
      compiled[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` };
    }
  }
  cache = compiled;
  return compiled;
}

/** One compiled contract by name; throws when there is none. */
export function contract(name: string): CompiledContract {
  const c = compileContracts()[name];
  if (!c) throw new Error(`no compiled contract named ${name}`);
  return c;
}

function readImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(join(CONTRACTS_DIR, path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}
