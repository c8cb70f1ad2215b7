import { ClientError } from '../../../../../lib/errors.js';
import { devnetControls, type DevnetControls } from '../../controls/devnet.js';
import { submitUnsigned } from '../../controls/impersonation.js';
import { decodeDump, dumpState, encodeDump, loadState } from '../../controls/state-dump.js';
import { editHeadState, putBalance, putCode, putNonce, putSlot } from '../../controls/state-edits.js';
import { unsignedTxFrom } from '../../controls/unsigned-tx.js';
import type { EvmChain } from '../../evm-chain.js';
import { ParamError, arity, fromRpc, toRpc } from '../codec.js';
import type { EthMethods, EthRpcContext } from '../types.js';

/**
 * The devnet controls anvil and Hardhat users rely on (`anvil_*`, `hardhat_*`, `evm_*`), with anvil's
 * parameters, results and error texts (Hardhat's where its spelling differs), so viem's test client works
 * in either mode.
 */

const invalid = (message: string) => new ClientError(message, -32602);
const controls = (ctx: EthRpcContext): DevnetControls => devnetControls(ctx.chain);

/** A u64 given as a JSON number or a hex quantity (anvil accepts both for times and counts). */
function numberish(v: unknown, index: number): bigint {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal number ${v} into Go value of type uint64`);
    return BigInt(v);
  }
  return fromRpc.quantity(v, index, 64);
}

const optionalNumberish = (v: unknown, index: number): bigint | undefined => (v === undefined || v === null ? undefined : numberish(v, index));

/** A storage slot: any hex up to 32 bytes (a quantity or a hash). */
function slotKey(v: unknown, index: number): Uint8Array {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new ParamError(`invalid argument ${index}: invalid storage slot`);
  return new Uint8Array(Buffer.from(v.slice(2).padStart(64, '0'), 'hex'));
}

async function mineAnvil(chain: EvmChain, blocks: bigint, interval: bigint | undefined): Promise<void> {
  for (let i = 0n; i < blocks; i++) {
    // anvil jumps the clock forward by the interval before each block
    if (interval !== undefined && interval > 0n) chain.clock.increase(interval);
    await chain.mine(1);
  }
}

const MAX_MINE = 1_000_000n;
function blockCount(v: unknown, index: number): bigint {
  const n = optionalNumberish(v, index) ?? 1n;
  if (n > MAX_MINE) throw invalid(`cannot mine more than ${MAX_MINE} blocks at once`);
  return n;
}

function setNextTimestamp(chain: EvmChain, ts: bigint): void {
  const last = chain.headBlock.block.header.timestamp;
  if (ts < last) throw invalid(`Timestamp error: ${ts} is lower than previous block's timestamp`);
  chain.clock.setNextBlockTimestamp(ts);
}

function setIntervalMining(chain: EvmChain, seconds: bigint): void {
  if (seconds === 0n) chain.setAutomine(false);
  else chain.setIntervalMining(Number(seconds) * 1000);
}

/** anvil_reset / hardhat_reset: forking needs an upstream RPC, which this node does not do. */
function checkNoFork(opts: unknown): void {
  if (opts === undefined || opts === null) return;
  if (typeof opts !== 'object' || Array.isArray(opts)) throw new ParamError('invalid argument 0: json: cannot unmarshal into Go value of type ResetOptions');
  const forking = (opts as { forking?: unknown }).forking;
  if (forking === undefined || forking === null) return;
  const f = forking as { jsonRpcUrl?: unknown; blockNumber?: unknown };
  if ((f.jsonRpcUrl !== undefined && f.jsonRpcUrl !== null) || (f.blockNumber !== undefined && f.blockNumber !== null)) {
    throw invalid('Forking is not supported: this node resets to its own genesis only (call reset without forking options)');
  }
}

async function editState(ctx: EthRpcContext, edit: Parameters<typeof editHeadState>[1]): Promise<void> {
  await editHeadState(controls(ctx).access, edit);
}

const setBalance = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 2, 2);
  const address = fromRpc.address(p[0], 0);
  const value = fromRpc.quantity(p[1], 1);
  await editState(ctx, (s) => putBalance(s, address, value));
  return null;
};

const setNonce = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 2, 2);
  const address = fromRpc.address(p[0], 0);
  const nonce = numberish(p[1], 1);
  await editState(ctx, (s) => putNonce(s, address, nonce));
  // txs below the new nonce can never be mined
  controls(ctx).access.pool.dropBelow(Buffer.from(address).toString('hex'), nonce);
  return null;
};

const setCode = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 2, 2);
  const address = fromRpc.address(p[0], 0);
  const code = fromRpc.data(p[1], 1);
  await editState(ctx, (s) => putCode(s, address, code));
  return null;
};

const setStorageAt = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 3, 3);
  const address = fromRpc.address(p[0], 0);
  const slot = slotKey(p[1], 1);
  const value = fromRpc.hash(p[2], 2);
  await editState(ctx, (s) => putSlot(s, address, slot, value));
  return true;
};

const getAutomine = (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 0, 0);
  return chain.miningMode.mode === 'auto';
};

const setAutomine = (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 1, 1);
  chain.setAutomine(fromRpc.bool(p[0], 0));
  return null;
};

const intervalMining = (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 1, 1);
  setIntervalMining(chain, numberish(p[0], 0));
  return null;
};

const impersonate = (result: unknown) => (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 1, 1);
  controls(ctx).impersonation.add(fromRpc.address(p[0], 0));
  return result;
};

const stopImpersonating = (hardhat: boolean) => (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 1, 1);
  const address = fromRpc.address(p[0], 0);
  const im = controls(ctx).impersonation;
  const was = im.isImpersonated(address);
  im.remove(address);
  return hardhat ? was : null;
};

const setNextBlockTimestamp = (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 1, 1);
  setNextTimestamp(chain, numberish(p[0], 0));
  return null;
};

const setBlockTimestampInterval = (unitMs: boolean) => (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 1, 1);
  const n = numberish(p[0], 0);
  chain.clock.setInterval(unitMs ? n / 1000n : n);
  return null;
};

const removeBlockTimestampInterval = (p: unknown[], { chain }: EthRpcContext) => {
  arity(p, 0, 0);
  const had = chain.clock.interval !== undefined;
  chain.clock.setInterval(undefined);
  return had;
};

const dropTransaction = (hardhat: boolean) => (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 1, 1);
  const hash = fromRpc.hash(p[0], 0);
  const pool = controls(ctx).access.pool;
  const ptx = pool.get(Buffer.from(hash).toString('hex'));
  if (ptx) pool.remove(ptx);
  if (hardhat) return ptx !== undefined;
  return ptx ? toRpc.hash(hash) : null;
};

const reset = (result: unknown) => async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 0, 1);
  checkNoFork(p[0]);
  await controls(ctx).reset();
  return result;
};

const dump = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 0, 1);
  const { dump: d, missing } = await dumpState(controls(ctx).access, ctx.chain.common);
  if (missing > 0) controls(ctx).access.log.warn('anvil_dumpState: trie entries without a known preimage were left out', { missing });
  return encodeDump(d);
};

const load = async (p: unknown[], ctx: EthRpcContext) => {
  arity(p, 1, 1);
  if (typeof p[0] !== 'string') throw new ParamError('invalid argument 0: json: cannot unmarshal non-string into Go value of type hexutil.Bytes');
  let state;
  try {
    state = decodeDump(p[0]);
  } catch (e) {
    throw invalid(`Failed to decode state dump: ${(e as Error).message}`);
  }
  try {
    await loadState(controls(ctx).access, state);
  } catch (e) {
    if (e instanceof ClientError) throw e;
    throw invalid((e as Error).message);
  }
  return true;
};

async function metadata(ctx: EthRpcContext) {
  const c = controls(ctx);
  const head = ctx.chain.headBlock;
  return {
    clientVersion: ctx.clientVersion,
    chainId: Number(ctx.chain.chainId),
    instanceId: c.instanceId,
    latestBlockNumber: Number(head.block.header.number),
    latestBlockHash: toRpc.hash(head.hash),
    forkedNetwork: null,
    snapshots: Object.fromEntries(c.snapshots.list().map(([id, n, hash]) => [toRpc.quantity(id), [Number(n), toRpc.hash(hash)]])),
  };
}

const unsupported = (method: string, why: string) => () => {
  throw invalid(`${method} is not supported: ${why}`);
};

export const devnetControlMethods: EthMethods = {
  // ── mining ──
  async anvil_mine(p, { chain }) {
    arity(p, 0, 2);
    await mineAnvil(chain, blockCount(p[0], 0), optionalNumberish(p[1], 1));
    return null;
  },
  async hardhat_mine(p, { chain }) {
    arity(p, 0, 2);
    // Hardhat: the first block at the next timestamp, the others `interval` seconds apart (default 1)
    const n = blockCount(p[0], 0);
    const interval = optionalNumberish(p[1], 1) ?? 1n;
    if (n > 0n) await chain.mine(Number(n), Number(interval));
    return true;
  },
  async evm_mine(p, { chain }) {
    arity(p, 0, 1);
    let blocks = 1n;
    let timestamp: bigint | undefined;
    const opt = p[0];
    if (opt !== undefined && opt !== null && typeof opt === 'object' && !Array.isArray(opt)) {
      const o = opt as { timestamp?: unknown; blocks?: unknown };
      timestamp = optionalNumberish(o.timestamp, 0);
      blocks = blockCount(o.blocks, 0);
    } else {
      timestamp = optionalNumberish(opt, 0);
    }
    if (timestamp !== undefined) setNextTimestamp(chain, timestamp);
    for (let i = 0n; i < blocks; i++) await chain.mine(1);
    return '0x0';
  },
  anvil_setAutomine: setAutomine,
  evm_setAutomine: setAutomine,
  anvil_getAutomine: getAutomine,
  hardhat_getAutomine: getAutomine,
  evm_setIntervalMining: intervalMining,
  anvil_setIntervalMining: intervalMining,
  anvil_getIntervalMining(p, { chain }) {
    arity(p, 0, 0);
    const m = chain.miningMode;
    return m.mode === 'interval' ? Math.round((m.intervalMs ?? 0) / 1000) : null;
  },

  // ── state ──
  anvil_setBalance: setBalance,
  hardhat_setBalance: setBalance,
  anvil_setNonce: setNonce,
  hardhat_setNonce: setNonce,
  anvil_setCode: setCode,
  hardhat_setCode: setCode,
  anvil_setStorageAt: setStorageAt,
  hardhat_setStorageAt: setStorageAt,

  // ── impersonation ──
  anvil_impersonateAccount: impersonate(null),
  hardhat_impersonateAccount: impersonate(true),
  anvil_stopImpersonatingAccount: stopImpersonating(false),
  hardhat_stopImpersonatingAccount: stopImpersonating(true),
  anvil_autoImpersonateAccount(p, ctx) {
    arity(p, 1, 1);
    controls(ctx).impersonation.auto = fromRpc.bool(p[0], 0);
    return null;
  },
  async eth_sendUnsignedTransaction(p, { chain }) {
    arity(p, 1, 1);
    const req = fromRpc.callRequest(p[0], 0);
    if (!req.from) throw invalid('from not specified');
    const raw = p[0] as { nonce?: unknown };
    const nonce = raw.nonce === undefined || raw.nonce === null ? undefined : fromRpc.quantity(raw.nonce, 0, 64);
    const tx = await unsignedTxFrom(chain, { ...req, from: req.from, ...(nonce !== undefined ? { nonce } : {}) });
    return toRpc.hash(await submitUnsigned(chain, tx, req.from));
  },

  // ── snapshots and time ──
  async evm_snapshot(p, ctx) {
    arity(p, 0, 0);
    return toRpc.quantity(await controls(ctx).snapshots.take());
  },
  async evm_revert(p, ctx) {
    arity(p, 1, 1);
    return controls(ctx).snapshots.revert(fromRpc.quantity(p[0], 0));
  },
  anvil_reset: reset(null),
  hardhat_reset: reset(true),
  evm_increaseTime(p, { chain }) {
    arity(p, 1, 1);
    return chain.clock.increase(numberish(p[0], 0));
  },
  evm_setNextBlockTimestamp: setNextBlockTimestamp,
  anvil_setNextBlockTimestamp: setNextBlockTimestamp,
  anvil_setBlockTimestampInterval: setBlockTimestampInterval(false),
  hardhat_setBlockTimestampInterval: setBlockTimestampInterval(true),
  anvil_removeBlockTimestampInterval: removeBlockTimestampInterval,
  hardhat_removeBlockTimestampInterval: removeBlockTimestampInterval,

  // ── pool ──
  anvil_dropTransaction: dropTransaction(false),
  hardhat_dropTransaction: dropTransaction(true),
  anvil_dropAllTransactions(p, ctx) {
    arity(p, 0, 0);
    controls(ctx).access.pool.clear();
    return null;
  },

  // ── dump and load ──
  anvil_dumpState: dump,
  hardhat_dumpState: dump,
  anvil_loadState: load,
  hardhat_loadState: load,

  // ── node info ──
  async anvil_nodeInfo(p, ctx) {
    arity(p, 0, 0);
    const head = ctx.chain.headBlock.block.header;
    const next = ctx.chain.nextFees();
    return {
      currentBlockNumber: toRpc.quantity(head.number),
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: toRpc.hash(ctx.chain.headBlock.hash),
      hardFork: 'Granite',
      transactionOrder: 'fifo',
      environment: {
        baseFee: toRpc.quantity(next.baseFee),
        chainId: Number(ctx.chain.chainId),
        gasLimit: toRpc.quantity(next.gasLimit),
        gasPrice: toRpc.quantity(next.baseFee + (await ctx.chain.gasOracle.suggestTip())),
      },
      forkConfig: { forkUrl: null, forkBlockNumber: null, forkRetryBackoff: null },
    };
  },
  anvil_metadata(p, ctx) { arity(p, 0, 0); return metadata(ctx); },
  hardhat_metadata(p, ctx) { arity(p, 0, 0); return metadata(ctx); },

  // ── what the C-chain's rules fix ──
  anvil_setCoinbase: unsupported('anvil_setCoinbase', 'C-chain blocks always pay fees to the black-hole address 0x0100000000000000000000000000000000000000'),
  hardhat_setCoinbase: unsupported('hardhat_setCoinbase', 'C-chain blocks always pay fees to the black-hole address 0x0100000000000000000000000000000000000000'),
  anvil_setMinGasPrice: unsupported('anvil_setMinGasPrice', 'the minimum gas price does not apply when EIP-1559 is active'),
  hardhat_setMinGasPrice: unsupported('hardhat_setMinGasPrice', 'the minimum gas price does not apply when EIP-1559 is active'),
  anvil_setNextBlockBaseFeePerGas: unsupported('anvil_setNextBlockBaseFeePerGas', "the C-chain's base fee follows its dynamic fee rules (ACP-176)"),
  hardhat_setNextBlockBaseFeePerGas: unsupported('hardhat_setNextBlockBaseFeePerGas', "the C-chain's base fee follows its dynamic fee rules (ACP-176)"),
};
