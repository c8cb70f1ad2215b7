import { describe, it, expect, beforeAll, vi } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore } from '../../../storage/kv.js';
import type { StoredBlock } from '../block-store.js';
import { EvmChain } from '../evm-chain.js';
import { txHashes } from '../rpc/decoded-blocks.js';
import { debugMethods } from '../rpc/methods/debug.js';
import { recordedTraceReply } from '../rpc/recorded-trace-reply.js';
import { parseTraceConfig } from './trace-config.js';
import { FakeAcceptor, STORAGE_INITCODE, STORAGE_RUNTIME, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../testing.js';

/**
 * Tracing over a real in-memory chain with hand-assembled contracts placed in genesis:
 *   STORE   (0x…5701) — testing.ts' storage contract: calldata word → slot 0 and LOG1; empty calldata → returns slot 0
 *   CALLER  (0x…ca11) — copies its calldata, `<OP>`s STORE with it, returns the callee's 32-byte answer
 *   DELEG / STATIC — the same with DELEGATECALL / STATICCALL
 *   REVERTER (0x…e4e4) — reverts with Error("boom")
 *   LOOP   (0x…100b) — JUMPDEST PUSH1 0 JUMP forever (runs out of gas)
 *   BOMB   (0x…b0b1) — SELFDESTRUCT to 0x…beef
 */
const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const STORE = '0x0000000000000000000000000000000000005701';
const CALLER = '0x000000000000000000000000000000000000ca11';
const DELEG = '0x000000000000000000000000000000000000de1e';
const STATIC = '0x00000000000000000000000000000000000057a7';
const REVERTER = '0x000000000000000000000000000000000000e4e4';
const LOOP = '0x000000000000000000000000000000000000100b';
const BOMB = '0x000000000000000000000000000000000000b0b1';
const CALLCODE_CALLER = '0x000000000000000000000000000000000000cc0d';
const FACTORY2 = '0x000000000000000000000000000000000000f5f5';
const BENEFICIARY = '0x000000000000000000000000000000000000beef';
const GWEI = 10n ** 9n;

/** CALLDATACOPY everything, then <op>(gas, STORE, [value,] 0, calldatasize, 0, 32), then RETURN(0, 32). */
function callerCode(op: 'f1' | 'f2' | 'f4' | 'fa'): string {
  const value = op === 'f1' || op === 'f2' ? '6000' : '';
  return '0x' + '3660006000' + '37' + '6020' + '6000' + '36' + '6000' + value + '73' + STORE.slice(2) + '5a' + op + '50' + '60206000f3';
}
const REVERT_CODE = '0x'
  + '7f08c379a0' + '00'.repeat(28) + '600052' // mstore(0, selector)
  + '6020600452' // mstore(4, 0x20)
  + '6004602452' // mstore(36, 4)
  + '7f' + Buffer.from('boom').toString('hex') + '00'.repeat(28) + '604452' // mstore(68, "boom")
  + '60646000fd'; // revert(0, 100)
const LOOP_CODE = '0x5b600056';
/** CREATE2 (salt 1) with the calldata as init code. */
const FACTORY2_CODE = '0x' + '3660006000' + '37' + '6001' + '36' + '6000' + '6000' + 'f5' + '50' + '00';
const BOMB_CODE = '0x73' + BENEFICIARY.slice(2) + 'ff';
const word = (n: number) => ('0x' + n.toString(16).padStart(64, '0')) as `0x${string}`;

let chain: EvmChain;
const call = (method: string, params: unknown[]) =>
  Promise.resolve(debugMethods[method]!(params, { chain, clientVersion: 'test' })).then((r) => JSON.parse(JSON.stringify(r)));

let nonce = 0;
async function send(to: string | undefined, data: string, opts: { gas?: bigint; value?: bigint } = {}): Promise<string> {
  const raw = await ewoq.signTransaction({
    type: 'eip1559', chainId: 43112, nonce: nonce++, ...(to ? { to: to as `0x${string}` } : {}), data: data as `0x${string}`,
    gas: opts.gas ?? 300_000n, maxFeePerGas: 300n * GWEI, maxPriorityFeePerGas: 1n, value: opts.value ?? 0n,
  });
  return bytesToHex(await chain.sendRawTransaction(hexToBytes(raw)));
}

beforeAll(async () => {
  const db = openMemoryStore();
  const clock = fakeClock();
  chain = await EvmChain.create({
    db, blockchainId: new Uint8Array(32).fill(9), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now,
    genesisJson: testGenesis({
      [STORE.slice(2)]: { balance: '0x0', code: STORAGE_RUNTIME, storage: { ['0x' + '00'.repeat(32)]: word(5) } },
      [CALLER.slice(2)]: { balance: '0x0', code: callerCode('f1') },
      [DELEG.slice(2)]: { balance: '0x0', code: callerCode('f4') },
      [CALLCODE_CALLER.slice(2)]: { balance: '0x0', code: callerCode('f2') },
      [FACTORY2.slice(2)]: { balance: '0x0', code: FACTORY2_CODE },
      [STATIC.slice(2)]: { balance: '0x0', code: callerCode('fa') },
      [REVERTER.slice(2)]: { balance: '0x0', code: REVERT_CODE },
      [LOOP.slice(2)]: { balance: '0x0', code: LOOP_CODE },
      [BOMB.slice(2)]: { balance: '0x1234', code: BOMB_CODE },
    }),
  });
});

interface StructLog { pc: number; op: string; gas: number; gasCost: number; depth: number; error?: string; stack?: string[]; memory?: string[]; storage?: Record<string, string>; returnData?: string }
interface CallFrame { type: string; from: string; to?: string; gas: string; gasUsed: string; input: string; output?: string; error?: string; revertReason?: string; value?: string; calls?: CallFrame[]; logs?: { address: string; topics: string[]; data: string; position: string }[] }

describe('struct logger', () => {
  it('logs every opcode with geth-consistent gas, stack and storage', async () => {
    const hash = await send(STORE, word(42));
    const receipt = (await chain.getReceipt(hexToBytes(hash)))!.receipt!;
    const r = await call('debug_traceTransaction', [hash]);
    expect(r.failed).toBe(false);
    expect(r.gas).toBe(Number(receipt.gasUsed));
    expect(r.returnValue).toBe('');
    const logs = r.structLogs as StructLog[];
    expect(logs.map((l) => l.op).slice(0, 4)).toEqual(['CALLDATASIZE', 'ISZERO', 'PUSH1', 'JUMPI']);
    expect(logs.every((l) => l.depth === 1)).toBe(true);
    // gas left before each op = gas left before the previous one − its cost
    for (let i = 1; i < logs.length; i++) expect(logs[i]!.gas).toBe(logs[i - 1]!.gas - logs[i - 1]!.gasCost);
    // the whole tx = intrinsic gas (21000 + 32 calldata bytes: 31 zero × 4 + 1 non-zero × 16) + every op's cost
    const opGas = logs.reduce((s, l) => s + l.gasCost, 0);
    expect(21_000 + 31 * 4 + 16 + opGas).toBe(Number(receipt.gasUsed));
    const sstore = logs.find((l) => l.op === 'SSTORE')!;
    expect(sstore.storage).toEqual({ ['00'.repeat(32)]: '00'.repeat(31) + '2a' });
    expect(sstore.gasCost).toBe(2_900 + 2_100); // cold slot, non-zero → non-zero
    expect(sstore.stack).toEqual(['0x2a', '0x2a', '0x0']);
    expect(sstore.memory).toBeUndefined();
    expect(logs.find((l) => l.op === 'LOG1')!.stack!.slice(-3)).toEqual(['0x2a', '0x0', '0x0']);
  });

  it('honours disableStack, disableStorage, enableMemory, enableReturnData and limit', async () => {
    const slot = bytesToHex(await chain.getStorageAt(hexToBytes(STORE), new Uint8Array(32)));
    const hash = await send(CALLER, '0x');
    const r = await call('debug_traceTransaction', [hash, { disableStack: true, disableStorage: true, enableMemory: true, enableReturnData: true }]);
    const logs = r.structLogs as StructLog[];
    expect(logs.some((l) => l.stack !== undefined || l.storage !== undefined)).toBe(false);
    expect(logs[0]!.memory).toEqual([]);
    // after the callee RETURNs, the caller sees its return data and the copied word in memory
    const afterCall = logs.find((l) => l.depth === 1 && l.op === 'POP')!;
    expect(afterCall.returnData).toBe(slot);
    const ret = logs[logs.length - 1]!;
    expect(ret.op).toBe('RETURN');
    expect(ret.memory).toEqual([slot.slice(2)]);
    expect(r.returnValue).toBe(slot.slice(2));
    const limited = await call('debug_traceTransaction', [hash, { limit: 3 }]);
    expect(limited.structLogs).toHaveLength(3);
  });

  it('reports the CALL cost with the gas handed to the callee, and depth 2 inside', async () => {
    const hash = await send(CALLER, word(7));
    const r = await call('debug_traceTransaction', [hash]);
    const calls = await call('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    const logs = r.structLogs as StructLog[];
    const i = logs.findIndex((l) => l.op === 'CALL');
    const callLog = logs[i]!;
    const inner = logs[i + 1]!;
    expect(inner.depth).toBe(2);
    expect(inner.pc).toBe(0);
    const child = (calls as CallFrame).calls![0]!;
    // the callee starts with what the CALL handed over
    expect(inner.gas).toBe(Number(child.gas));
    // back in the caller: gas = before − (CALL's own cost) − callee's gasUsed
    const back = logs.find((l, j) => j > i && l.depth === 1)!;
    expect(back.gas).toBe(callLog.gas - (callLog.gasCost - Number(child.gas)) - Number(child.gasUsed));
  });

  it('marks failures: revert keeps the return value, out of gas logs the error on the op', async () => {
    const rev = await call('debug_traceTransaction', [await send(REVERTER, '0x')]);
    expect(rev.failed).toBe(true);
    expect(rev.returnValue.startsWith('08c379a0')).toBe(true);
    const oog = await call('debug_traceTransaction', [await send(LOOP, '0x', { gas: 30_000n })]);
    expect(oog.failed).toBe(true);
    expect(oog.gas).toBe(30_000);
    expect(oog.returnValue).toBe('');
    const last = oog.structLogs[oog.structLogs.length - 1] as StructLog;
    expect(last.error).toBe('out of gas');
    expect(last.gasCost).toBeGreaterThan(last.gas);
    expect(Object.keys(last).slice(0, 6)).toEqual(['pc', 'op', 'gas', 'gasCost', 'depth', 'error']);
  });
});

describe('callTracer', () => {
  it('shows CALL, DELEGATECALL and STATICCALL frames with from/to/value as geth', async () => {
    const c = await call('debug_traceTransaction', [await send(CALLER, word(9)), { tracer: 'callTracer', tracerConfig: { withLog: true } }]) as CallFrame;
    expect(c).toMatchObject({ type: 'CALL', from: ewoq.address.toLowerCase(), to: CALLER, input: word(9), value: '0x0', gas: '0x493e0' });
    expect(c.calls).toHaveLength(1);
    expect(c.calls![0]).toMatchObject({ type: 'CALL', from: CALLER, to: STORE, input: word(9), value: '0x0' });
    expect(c.calls![0]!.logs).toEqual([{ address: STORE, topics: [word(9)], data: '0x', position: '0x0' }]);
    expect(c.output).toBe(word(9)); // STORE returns nothing when storing: the caller returns its calldata copy

    const d = await call('debug_traceTransaction', [await send(DELEG, word(3)), { tracer: 'callTracer' }]) as CallFrame;
    expect(d.calls![0]).toMatchObject({ type: 'DELEGATECALL', from: DELEG, to: STORE, value: '0x0' });
    const s = await call('debug_traceTransaction', [await send(STATIC, '0x'), { tracer: 'callTracer' }]) as CallFrame;
    expect(s.calls![0]).toMatchObject({ type: 'STATICCALL', from: STATIC, to: STORE, output: word(9) });
    expect(s.calls![0]!.value).toBeUndefined();
    // a STATICCALL that tries to store fails with geth's "write protection"
    const w = await call('debug_traceTransaction', [await send(STATIC, word(1)), { tracer: 'callTracer' }]) as CallFrame;
    expect(w.calls![0]).toMatchObject({ type: 'STATICCALL', error: 'write protection', gasUsed: w.calls![0]!.gas });
    expect(w.error).toBeUndefined();
  });

  it('onlyTopCall drops the subcalls; the receipt gasUsed is the top frame’s', async () => {
    const hash = await send(CALLER, word(11));
    const c = await call('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }]) as CallFrame;
    expect(c.calls).toBeUndefined();
    expect(BigInt(c.gasUsed)).toBe((await chain.getReceipt(hexToBytes(hash)))!.receipt!.gasUsed);
  });

  it('decodes revert reasons and reports creations and selfdestructs', async () => {
    const r = await call('debug_traceTransaction', [await send(REVERTER, '0x'), { tracer: 'callTracer' }]) as CallFrame;
    expect(r).toMatchObject({ error: 'execution reverted', revertReason: 'boom' });
    expect(r.output!.startsWith('0x08c379a0')).toBe(true);
    const deployHash = await send(undefined, STORAGE_INITCODE);
    const created = (await chain.getReceipt(hexToBytes(deployHash)))!.receipt!.contractAddress!;
    const d = await call('debug_traceTransaction', [deployHash, { tracer: 'callTracer' }]) as CallFrame;
    expect(d).toMatchObject({ type: 'CREATE', to: bytesToHex(created), input: STORAGE_INITCODE, output: STORAGE_RUNTIME });
    const b = await call('debug_traceTransaction', [await send(BOMB, '0x'), { tracer: 'callTracer' }]) as CallFrame;
    expect(b.calls).toEqual([{ from: BOMB, gas: '0x0', gasUsed: '0x0', to: BENEFICIARY, input: '0x', value: '0x1234', type: 'SELFDESTRUCT' }]);
    const oog = await call('debug_traceTransaction', [await send(LOOP, '0x', { gas: 25_000n }), { tracer: 'callTracer' }]) as CallFrame;
    expect(oog).toMatchObject({ error: 'out of gas', gasUsed: '0x61a8' });
  });
});

describe('prestateTracer', () => {
  it('lists touched accounts before execution, and the changes in diffMode', async () => {
    const before = await chain.getBalance(hexToBytes(ewoq.address));
    const beforeNonce = await chain.getNonce(hexToBytes(ewoq.address));
    const slot0 = await chain.getStorageAt(hexToBytes(STORE), new Uint8Array(32));
    const hash = await send(CALLER, word(77));
    const pre = await call('debug_traceTransaction', [hash, { tracer: 'prestateTracer' }]);
    const me = ewoq.address.toLowerCase();
    expect(pre[me]).toEqual({ balance: '0x' + before.toString(16), nonce: Number(beforeNonce) });
    expect(pre[CALLER]).toEqual({ balance: '0x0', code: callerCode('f1') });
    expect(pre[STORE]).toEqual({ balance: '0x0', code: STORAGE_RUNTIME, storage: { ['0x' + '00'.repeat(32)]: bytesToHex(slot0) } });
    expect(pre['0x0100000000000000000000000000000000000000']).toBeDefined(); // the coinbase

    const diff = await call('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]);
    expect(Object.keys(diff)).toEqual(['post', 'pre']);
    expect(diff.post[STORE]).toEqual({ storage: { ['0x' + '00'.repeat(32)]: word(77) } });
    expect(diff.pre[STORE].storage).toEqual({ ['0x' + '00'.repeat(32)]: bytesToHex(slot0) });
    expect(diff.post[me].nonce).toBe(Number(beforeNonce) + 1);
    expect(diff.pre[CALLER]).toBeUndefined(); // untouched by the tx
  });

  it('leaves out a created contract, and its pre state stays empty', async () => {
    const hash = await send(undefined, STORAGE_INITCODE);
    const created = bytesToHex((await chain.getReceipt(hexToBytes(hash)))!.receipt!.contractAddress!);
    const pre = await call('debug_traceTransaction', [hash, { tracer: 'prestateTracer' }]);
    expect(pre[created]).toBeUndefined();
    const diff = await call('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]);
    expect(diff.post[created]).toEqual({ code: STORAGE_RUNTIME, nonce: 1 });
  });
});

describe('block traces, traceCall and errors', () => {
  it('traces every tx of a block on its parent state', async () => {
    chain.setAutomine(false);
    const h1 = await send(STORE, word(100));
    const h2 = await send(CALLER, '0x');
    const [block] = await chain.mine();
    chain.setAutomine(true);
    const byNumber = await call('debug_traceBlockByNumber', ['0x' + block!.block.header.number.toString(16), { tracer: 'callTracer' }]);
    expect(byNumber.map((t: { txHash: string }) => t.txHash)).toEqual([h1, h2]);
    // the second tx sees the first one's write
    expect(byNumber[1].result.output).toBe(word(100));
    const byHash = await call('debug_traceBlockByHash', [bytesToHex(block!.hash), { tracer: 'callTracer' }]);
    expect(byHash).toEqual(byNumber);
    const structs = await call('debug_traceBlockByNumber', ['latest']);
    expect(structs[0].result.structLogs.length).toBeGreaterThan(0);
    await expect(call('debug_traceBlockByNumber', ['0x0'])).rejects.toThrow('genesis is not traceable');
    await expect(call('debug_traceBlockByHash', ['0x' + '11'.repeat(32)])).rejects.toThrow(`block 0x${'11'.repeat(32)} not found`);
    const js = await call('debug_traceBlockByNumber', ['latest', { tracer: 'fancyTracer' }]);
    expect(js).toEqual([h1, h2].map((txHash) => ({ txHash, error: 'ReferenceError: fancyTracer is not defined at <eval>:1:2(0)' })));
  });

  it('traces consecutive blocks from the state the previous trace left, as from the store', async () => {
    chain.setAutomine(false);
    const blocks: StoredBlock[] = [];
    const firstTxs: string[] = [];
    for (let i = 0; i < 3; i++) {
      firstTxs.push(await send(STORE, word(200 + i)));
      await send(CALLER, '0x');
      blocks.push(...(await chain.mine()));
    }
    chain.setAutomine(true);
    const trace = (b: StoredBlock): Promise<Record<string, { balance: string }>[][]> => call('debug_traceBlockByNumber', ['0x' + b.block.header.number.toString(16), { tracer: 'prestateTracer' }]);
    const fromStore: unknown[] = [];
    for (const b of [...blocks].reverse()) fromStore.unshift(await trace(b));
    const opened = vi.spyOn(chain, 'stateView');
    const chained: Awaited<ReturnType<typeof trace>>[] = [];
    for (const b of blocks) chained.push(await trace(b));
    expect(opened).toHaveBeenCalledTimes(1); // the first block's parent; the others follow on from memory
    opened.mockRestore();
    expect(chained).toEqual(fromStore);
    // the coinbase gets each tx's whole fee, base fee included, before the next tx runs (as coreth pays it)
    const coinbase = '0x0100000000000000000000000000000000000000';
    const first = (await chain.getTransaction(hexToBytes(firstTxs[1]!)))!.receipt!;
    const pre = (tx: number) => BigInt((chained[1]![tx] as unknown as { result: Record<string, { balance: string }> }).result[coinbase]!.balance);
    expect(pre(1) - pre(0)).toBe(first.gasUsed * first.effectiveGasPrice);
    expect(pre(0)).toBe(await chain.getBalance(hexToBytes(coinbase), blocks[0]!.block.header.number));
  });

  it('traceCall runs on the block state with overrides and never changes the chain', async () => {
    const head = chain.headNumber;
    const stored = await chain.getStorageAt(hexToBytes(STORE), new Uint8Array(32));
    const c = await call('debug_traceCall', [{ from: ewoq.address, to: CALLER, data: word(55) }, 'latest', { tracer: 'callTracer' }]);
    expect(c.calls[0]).toMatchObject({ type: 'CALL', to: STORE, input: word(55) });
    const read = await call('debug_traceCall', [{ to: STATIC }, 'latest', {
      tracer: 'callTracer', stateOverrides: { [STORE]: { stateDiff: { ['0x' + '00'.repeat(32)]: word(999) } } },
    }]);
    expect(read.output).toBe(word(999));
    const diff = await call('debug_traceCall', [{ from: ewoq.address, to: STORE, data: word(1) }, 'latest', { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]);
    expect(diff.post[STORE].storage).toEqual({ ['0x' + '00'.repeat(32)]: word(1) });
    expect(chain.headNumber).toBe(head);
    expect(await chain.getStorageAt(hexToBytes(STORE), new Uint8Array(32))).toEqual(stored);
    await expect(call('debug_traceCall', [{ to: STORE }, 'pending'])).rejects.toThrow('tracing on top of pending is not supported');
  });

  it('times out with geth’s error, without holding up block production', async () => {
    // The trace's deadline leaves a loaded machine room to mine the tx; what matters is that the tx is mined while it runs.
    const tracing = call('debug_traceCall', [{ to: LOOP, gas: '0x2faf080' }, 'latest', { timeout: '2s' }]);
    let traceSettled = false;
    tracing.then(() => { traceSettled = true; }, () => { traceSettled = true; });
    const hash = await send(STORE, word(5)); // mined (automine) while the trace runs
    expect(traceSettled).toBe(false);
    expect((await chain.getReceipt(hexToBytes(hash)))?.receipt?.status).toBe(1);
    await expect(tracing).rejects.toThrow('execution timeout');
  });

  it('rejects unknown tracers, bad timeouts and unknown transactions with geth’s words', async () => {
    const hash = await send(STORE, word(6));
    await expect(call('debug_traceTransaction', [hash, { tracer: 'nopeTracer' }])).rejects.toThrow('ReferenceError: nopeTracer is not defined at <eval>:1:2(0)');
    await expect(call('debug_traceTransaction', [hash, { timeout: 'soon' }])).rejects.toThrow('time: invalid duration "soon"');
    await expect(call('debug_traceTransaction', [hash, { disableStack: 'yes' }])).rejects.toMatchObject({
      code: -32602, message: 'invalid argument 1: json: cannot unmarshal string into Go struct field TraceConfig.disableStack of type bool',
    });
    await expect(call('debug_traceTransaction', ['0x' + '22'.repeat(32)])).rejects.toThrow('transaction not found');
    expect(await call('debug_traceTransaction', [hash, { tracer: 'noopTracer' }])).toEqual({});
  });
});

describe('call traces recorded by the block builder', () => {
  it('equal a replay for every tx recorded, and the txs the messages cannot describe are replayed', async () => {
    await send(CALLCODE_CALLER, word(21));
    await send(FACTORY2, STORAGE_INITCODE);
    await send(STATIC, '0x');
    const recorded: unknown[][] = [];
    for (let n = 1n; n <= chain.headNumber; n++) recorded.push((await chain.recordedCallTraces((await chain.getBlockByNumber(n))!))!);
    // the RPC answer as written from the record is the record's results stringified, byte for byte
    const cfg = parseTraceConfig({ tracer: 'callTracer' }, 1);
    let written = 0;
    for (let n = 1n; n <= chain.headNumber; n++) {
      const block = (await chain.getBlockByNumber(n))!;
      const reply = await recordedTraceReply(chain, block, cfg);
      if (recorded[Number(n) - 1]!.includes(null)) {
        expect(reply).toBeUndefined();
        continue;
      }
      const results = txHashes(chain, block).map((h, i) => ({ txHash: bytesToHex(h), result: recorded[Number(n) - 1]![i] }));
      expect(reply!.text).toBe(JSON.stringify(results));
      written++;
    }
    expect(written).toBeGreaterThan(10);
    const replay = vi.spyOn(chain, 'recordedCallTraceJson').mockResolvedValue(undefined);
    const types = new Set<string>();
    const errors = new Set<string>();
    const collect = (f: CallFrame) => { types.add(f.type); if (f.error) errors.add(f.error); f.calls?.forEach(collect); };
    let compared = 0;
    let replayedOnly = 0;
    for (let n = 1n; n <= chain.headNumber; n++) {
      const replayed = await call('debug_traceBlockByNumber', ['0x' + n.toString(16), { tracer: 'callTracer' }]) as { result: CallFrame }[];
      replayed.forEach((r, i) => {
        const kept = recorded[Number(n) - 1]![i];
        if (kept === null) {
          replayedOnly++;
          expect(JSON.stringify(r.result)).toContain('SELFDESTRUCT'); // the one kind of tx here the messages cannot describe
          return;
        }
        expect(kept).toEqual(r.result);
        collect(kept as CallFrame);
        compared++;
      });
    }
    replay.mockRestore();
    expect(types).toEqual(new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']));
    expect(errors).toEqual(new Set(['execution reverted', 'out of gas', 'write protection']));
    expect(compared).toBeGreaterThan(20);
    expect(replayedOnly).toBe(1);
    // a plain callTracer request answers from the record without opening any state; the BOMB tx's block is replayed
    // and writes the recorded texts without parsing them
    const opened = vi.spyOn(chain, 'stateView');
    const parsed = vi.spyOn(chain, 'recordedCallTraces');
    const latest = await call('debug_traceBlockByNumber', ['latest', { tracer: 'callTracer' }]) as { result: CallFrame }[];
    expect(latest[0]!.result.calls![0]!.type).toBe('STATICCALL');
    expect(opened).not.toHaveBeenCalled();
    expect(parsed).not.toHaveBeenCalled();
    parsed.mockRestore();
    const bomb = recorded.findIndex((traces) => traces.includes(null));
    await call('debug_traceBlockByNumber', ['0x' + (bomb + 1).toString(16), { tracer: 'callTracer' }]);
    expect(opened).toHaveBeenCalledTimes(1);
    opened.mockRestore();
  });
});
