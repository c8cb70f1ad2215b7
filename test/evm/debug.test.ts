/**
 * debug_trace* against a real devnet process, with anvil (Cancun) as the oracle for plain-Ethereum
 * semantics: Solidity contracts compiled here with solc are deployed on both with the same key and nonces,
 * the same transactions are sent, and the traces compared.
 *
 * Known, intended differences (coreth vs Ethereum), asserted on their own rather than compared:
 *  - the coinbase is the black-hole address 0x0100…00 (prestate lists it; anvil lists its own coinbase);
 *  - sender balances differ (ACP-176 base fee, whole fee to the coinbase), so prestate balances of the
 *    sender and coinbase are not compared;
 *  - callTracer's top frame `gas`: libevm (coreth) reports the tx gas limit, anvil the limit minus the
 *    intrinsic gas; anvil's logs also carry an `index` field libevm's do not;
 *  - coreth has no gas refunds (Apricot Phase 1), so a tx's top-level gasUsed can differ where storage is
 *    cleared; frames below the top carry no refund and are compared exactly.
 */
import solc from 'solc';
import { type Abi, type Hex, encodeAbiParameters, encodeFunctionData, getContractAddress, keccak256, concat, pad } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../bench/anvil.js';
import { DEV_KEY_0 } from '../helpers/c-chain-tx.js';
import { freePort, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Callee {
  uint256 public x;
  event Set(uint256 v);
  function set(uint256 v) external payable returns (uint256) { x = v; emit Set(v); return v * 2; }
  function fail() external pure { revert("callee says no"); }
}
contract Caller {
  Callee public immutable c;
  constructor(Callee _c) { c = _c; }
  function go(uint256 v) external returns (uint256) { return c.set(v) + c.x(); }
  function tryFail() external returns (bool ok) { try c.fail() { ok = true; } catch { ok = false; } }
}
contract Reverter {
  function boom() external pure { revert("nope: reason"); }
}
contract Factory {
  event Made(address a);
  function make(bytes32 salt) external returns (address a) { a = address(new Callee{salt: salt}()); emit Made(a); }
}
`;

interface Compiled { abi: Abi; bytecode: Hex }
function compile(): Record<string, Compiled> {
  const input = {
    language: 'Solidity', sources: { 'Trace.sol': { content: SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const res: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(out.contracts['Trace.sol'] as Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>)) {
    res[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return res;
}

const CHAIN_ID = 43112;
const me = privateKeyToAccount(DEV_KEY_0);
const ME = me.address.toLowerCase();

interface Side { name: 'firn' | 'anvil'; url: string }
interface CallFrame { type: string; from: string; to?: string; gas: string; gasUsed: string; input: string; output?: string; error?: string; revertReason?: string; value?: string; calls?: CallFrame[]; logs?: unknown[] }
interface StructLog { pc: number; op: string; gas: number; gasCost: number; depth: number; stack?: string[] }

let firn: DevnetProcess;
let anvil: AnvilProcess;
let sides: Side[];
let nonce = 0;
const C = compile();
const tx: Record<string, string> = {};
const at: Record<string, `0x${string}`> = {};

async function rpc(side: Side, method: string, params: unknown[]): Promise<any> {
  const r = await fetch(side.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${side.name} ${method}: ${body.error.message}`);
  return body.result;
}

/** Signs once, sends the same raw tx to both nodes (automine on both), checks both mined it. */
async function sendBoth(to: `0x${string}` | undefined, data: Hex, gas = 1_000_000n): Promise<string> {
  const raw = await me.signTransaction({
    chainId: CHAIN_ID, type: 'eip1559', nonce: nonce++, ...(to ? { to } : {}), data, gas, maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n,
  });
  const hashes = await Promise.all(sides.map((s) => rpc(s, 'eth_sendRawTransaction', [raw])));
  expect(hashes[0]).toBe(hashes[1]);
  // anvil may answer before it mines (Firn answers once the block is accepted): wait for both receipts.
  for (const s of sides) {
    let receipt: { blockNumber?: string } | null = null;
    for (let i = 0; i < 100 && !receipt; i++) {
      receipt = await rpc(s, 'eth_getTransactionReceipt', [hashes[0]]);
      if (!receipt) await new Promise((r) => setTimeout(r, 20));
    }
    expect(receipt?.blockNumber).toBeDefined();
  }
  return hashes[0];
}

const both = (method: string, params: unknown[]) => Promise.all(sides.map((s) => rpc(s, method, params)));

/** The parts of a call frame both nodes must agree on (recursively). */
function shape(f: CallFrame): unknown {
  return {
    type: f.type, from: f.from, to: f.to, input: f.input, output: f.output, value: f.value, error: f.error, revertReason: f.revertReason,
    calls: f.calls?.map((c) => ({ ...(shape(c) as object), gas: c.gas, gasUsed: c.gasUsed })),
  };
}

beforeAll(async () => {
  [anvil, firn] = await Promise.all([
    freePort().then((port) => startAnvil(port, ['--chain-id', String(CHAIN_ID), '--hardfork', 'cancun', '--steps-tracing'])),
    startDevnet(),
  ]);
  sides = [{ name: 'firn', url: `${firn.url}/ext/bc/C/rpc` }, { name: 'anvil', url: anvil.url }];
  nonce = Number(await rpc(sides[0]!, 'eth_getTransactionCount', [me.address, 'latest']));
  const anvilNonce = Number(await rpc(sides[1]!, 'eth_getTransactionCount', [me.address, 'latest']));
  expect(anvilNonce).toBe(nonce);
  const deploy = async (name: string, args: Hex = '0x') => {
    const addr = getContractAddress({ from: me.address, nonce: BigInt(nonce) });
    tx[`deploy${name}`] = await sendBoth(undefined, concat([C[name]!.bytecode, args]), 2_000_000n);
    at[name] = addr;
  };
  await deploy('Callee');
  await deploy('Caller', encodeAbiParameters([{ type: 'address' }], [at.Callee!]));
  await deploy('Reverter');
  await deploy('Factory');
  tx.go = await sendBoth(at.Caller!, encodeFunctionData({ abi: C.Caller!.abi, functionName: 'go', args: [21n] }));
  tx.tryFail = await sendBoth(at.Caller!, encodeFunctionData({ abi: C.Caller!.abi, functionName: 'tryFail' }));
  tx.boom = await sendBoth(at.Reverter!, encodeFunctionData({ abi: C.Reverter!.abi, functionName: 'boom' }), 100_000n);
  tx.make = await sendBoth(at.Factory!, encodeFunctionData({ abi: C.Factory!.abi, functionName: 'make', args: [pad('0x42', { size: 32 })] }));
}, 120_000);

afterAll(async () => {
  await Promise.all([firn?.stop(), anvil?.stop()]);
});

describe('debug_traceTransaction with callTracer (Firn vs anvil)', () => {
  it('sees the internal calls of a contract calling another, with gas per frame as anvil', async () => {
    const [f, a] = (await both('debug_traceTransaction', [tx.go, { tracer: 'callTracer' }])) as CallFrame[];
    // solc evaluates c.x() before c.set(v) here
    expect(f!.calls!.map((c) => c.type)).toEqual(['STATICCALL', 'CALL']);
    expect(f!.calls![1]).toMatchObject({ from: at.Caller!.toLowerCase(), to: at.Callee!.toLowerCase(), value: '0x0' });
    expect(BigInt(f!.calls![1]!.output!)).toBe(42n);
    expect(f!.calls![0]!.value).toBeUndefined();
    expect(shape(f!)).toEqual(shape(a!));
    // libevm's callTracer gives the top frame the tx gas limit; anvil (revm-inspectors) the limit minus intrinsic gas
    expect(f!.gas).toBe('0xf4240');
    expect(BigInt(a!.gas)).toBeLessThan(1_000_000n);
  });

  it('reports a caught revert inside and a revert reason at the top, as anvil', async () => {
    const [f, a] = (await both('debug_traceTransaction', [tx.tryFail, { tracer: 'callTracer' }])) as CallFrame[];
    expect(f!.calls![0]).toMatchObject({ type: 'STATICCALL', error: 'execution reverted', revertReason: 'callee says no' });
    expect(f!.error).toBeUndefined();
    expect(shape(f!)).toEqual(shape(a!));
    const [fb, ab] = (await both('debug_traceTransaction', [tx.boom, { tracer: 'callTracer' }])) as CallFrame[];
    expect(fb).toMatchObject({ error: 'execution reverted', revertReason: 'nope: reason' });
    expect(shape(fb!)).toEqual(shape(ab!));
    expect(fb!.gasUsed).toBe(ab!.gasUsed);
  });

  it('shows a CREATE2 frame at the salted address, and logs with withLog', async () => {
    const salt = pad('0x42', { size: 32 });
    const expected = ('0x' + keccak256(concat(['0xff', at.Factory!, salt, keccak256(C.Callee!.bytecode)])).slice(26)).toLowerCase();
    const [f, a] = (await both('debug_traceTransaction', [tx.make, { tracer: 'callTracer', tracerConfig: { withLog: true } }])) as CallFrame[];
    expect(f!.calls![0]).toMatchObject({ type: 'CREATE2', from: at.Factory!.toLowerCase(), to: expected, value: '0x0' });
    expect(f!.logs).toHaveLength(1);
    expect(shape(f!)).toEqual(shape(a!));
    // anvil adds an `index` to each log (newer geth); libevm's callLog, which coreth serves, has none
    expect(f!.logs).toEqual((a!.logs as Record<string, unknown>[]).map(({ index: _index, ...rest }) => rest));
  });

  it('the top frame only, with onlyTopCall', async () => {
    const [f] = (await both('debug_traceTransaction', [tx.go, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }])) as CallFrame[];
    expect(f!.calls).toBeUndefined();
    expect(f!.to).toBe(at.Caller!.toLowerCase());
  });
});

describe('prestateTracer (Firn vs anvil)', () => {
  it('lists the accounts and slots touched, as they were before', async () => {
    const [f, a] = await both('debug_traceTransaction', [tx.go, { tracer: 'prestateTracer' }]);
    const callee = at.Callee!.toLowerCase();
    const caller = at.Caller!.toLowerCase();
    expect(f[callee].storage).toEqual({ ['0x' + '00'.repeat(32)]: '0x' + '00'.repeat(32) });
    expect(f[ME].nonce).toBe(nonceOf('go'));
    for (const addr of [callee, caller]) expect(f[addr]).toEqual(a[addr]);
    expect(f['0x0100000000000000000000000000000000000000']).toBeDefined(); // coreth's coinbase
    expect(Object.keys(f).filter((k) => k !== '0x0100000000000000000000000000000000000000').sort())
      .toEqual(Object.keys(a).filter((k) => k === ME || k === callee || k === caller).sort());
  });

  it('diffMode shows the storage write and the created contract', async () => {
    const [f, a] = await both('debug_traceTransaction', [tx.go, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]);
    const callee = at.Callee!.toLowerCase();
    expect(f.post[callee]).toEqual({ storage: { ['0x' + '00'.repeat(32)]: '0x' + (21).toString(16).padStart(64, '0') } });
    expect(f.post[callee]).toEqual(a.post[callee]);
    const [fm, am] = await both('debug_traceTransaction', [tx.make, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]);
    const created = Object.keys(fm.post).find((k) => fm.post[k].code !== undefined)!;
    expect(fm.pre[created]).toBeUndefined();
    expect(fm.post[created]).toEqual(am.post[created]);
  });
});

/** The nonce the tx `name` was sent with (txs are sent in order from the start nonce). */
function nonceOf(name: string): number {
  return Object.keys(tx).indexOf(name) + (nonce - Object.keys(tx).length);
}

describe('struct logger and block traces', () => {
  it('logs the same opcodes, gas and costs as anvil', async () => {
    const [f, a] = await both('debug_traceTransaction', [tx.go, {}]);
    expect(f.failed).toBe(false);
    expect(f.returnValue).toBe(a.returnValue.replace(/^0x/, ''));
    const pick = (l: StructLog) => [l.pc, l.op, l.gas, l.gasCost, l.depth];
    expect(f.structLogs.length).toBeGreaterThan(100);
    expect((f.structLogs as StructLog[]).map(pick)).toEqual((a.structLogs as StructLog[]).map(pick));
    expect((f.structLogs as StructLog[]).some((l) => l.depth === 2)).toBe(true);
  });

  it('traces a block by number and by hash; traceCall answers for a call never sent', async () => {
    const receipt = await rpc(sides[0]!, 'eth_getTransactionReceipt', [tx.go]);
    const byNumber = await rpc(sides[0]!, 'debug_traceBlockByNumber', [receipt.blockNumber, { tracer: 'callTracer' }]);
    const byHash = await rpc(sides[0]!, 'debug_traceBlockByHash', [receipt.blockHash, { tracer: 'callTracer' }]);
    expect(byNumber).toEqual(byHash);
    expect(byNumber[0].txHash).toBe(tx.go);
    // Once the block is rendered (as an indexer asks for it before its traces), the hashes come from its decoded txs.
    await rpc(sides[0]!, 'eth_getBlockByNumber', [receipt.blockNumber, true]);
    expect(await rpc(sides[0]!, 'debug_traceBlockByNumber', [receipt.blockNumber, { tracer: 'callTracer' }])).toEqual(byNumber);
    expect(byNumber[0].result).toEqual(await rpc(sides[0]!, 'debug_traceTransaction', [tx.go, { tracer: 'callTracer' }]));
    const data = encodeFunctionData({ abi: C.Caller!.abi, functionName: 'go', args: [5n] });
    const [f, a] = (await both('debug_traceCall', [{ from: me.address, to: at.Caller, data, gas: '0x100000' }, 'latest', { tracer: 'callTracer' }])) as CallFrame[];
    expect(shape(f!)).toEqual(shape(a!));
  });

  it('errors as geth', async () => {
    const body = await fetch(sides[0]!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [tx.go, { tracer: 'nopeTracer' }] }) }).then((r) => r.json() as Promise<{ error?: unknown }>);
    expect(body.error).toEqual({ code: -32000, message: 'ReferenceError: nopeTracer is not defined at <eval>:1:2(0)' });
    await expect(rpc(sides[0]!, 'debug_traceBlockByNumber', ['0x0'])).rejects.toThrow('genesis is not traceable');
  });
});
