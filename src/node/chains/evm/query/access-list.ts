import { runTx } from '@ethereumjs/vm';
import { Address, bigIntToUnpaddedBytes, generateAddress } from '@ethereumjs/util';
import type { EvmChain } from '../evm-chain.js';
import { type CallRequest, RPC_GAS_CAP, callTx, gethCallError, revertError } from '../call.js';
import { envBlock } from '../block-builder.js';
import { type BlockRef, toRpc } from '../rpc/codec.js';
import { stateBlock } from './block-ref.js';

/** Addresses an access list never names: Cancun's precompiles and coreth's stateful ones (warp, native assets). */
const PRECOMPILES = new Set<string>([
  ...Array.from({ length: 10 }, (_, i) => (i + 1).toString(16).padStart(40, '0')),
  '0100000000000000000000000000000000000001', '0100000000000000000000000000000000000002', '0200000000000000000000000000000000000005',
]);

type AccessList = { address: Uint8Array; storageKeys: Uint8Array[] }[];

const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');
const same = (a: AccessList, b: AccessList) =>
  JSON.stringify(a.map((x) => [hexOf(x.address), x.storageKeys.map(hexOf)])) === JSON.stringify(b.map((x) => [hexOf(x.address), x.storageKeys.map(hexOf)]));

/**
 * eth_createAccessList as geth's AccessList: run the message with the list found so far until the list no
 * longer changes (warm accesses change gas, and so the path). The sender, the recipient (or the created
 * address) and precompiles are left out. An execution failure is reported in `error`, not thrown.
 */
export async function createAccessList(chain: EvmChain, req: CallRequest, ref: BlockRef) {
  const b = await stateBlock(chain, ref);
  const header = b.block.header;
  const from = req.from ?? new Uint8Array(20);
  let list: AccessList = req.accessList ?? [];
  for (let round = 0; round < 16; round++) {
    const view = await chain.stateView(header.number);
    const nonce = (await view.state.getAccount(new Address(from)))?.nonce ?? 0n;
    const to = req.to ?? generateAddress(from, bigIntToUnpaddedBytes(nonce));
    const gas = req.gas ?? (header.gasLimit < RPC_GAS_CAP ? header.gasLimit : RPC_GAS_CAP);
    const tx = callTx(chain.common, { ...req, accessList: list }, nonce, gas);
    const price = req.gasPrice ?? req.maxFeePerGas ?? req.maxPriorityFeePerGas ?? 0n;
    const block = envBlock(chain.common, { number: header.number, timestamp: header.timestamp, gasLimit: header.gasLimit, baseFee: price === 0n ? 0n : header.baseFee ?? 0n });
    let res;
    try {
      res = await runTx(view.vm, { tx, block, skipNonce: true, skipBalance: price === 0n && (req.value ?? 0n) === 0n, skipBlockGasLimitValidation: true, skipHardForkValidation: true, reportAccessList: true });
    } catch (e) {
      throw new Error(`failed to apply transaction: ${toRpc.hash(tx.hash())} err: ${gethCallError((e as Error).message, new Address(from), header)}`);
    }
    const skip = new Set([hexOf(from), hexOf(to), ...PRECOMPILES]);
    const next: AccessList = (res.accessList ?? [])
      .filter((a) => !skip.has(a.address.slice(2).toLowerCase()))
      .map((a) => ({ address: new Uint8Array(Buffer.from(a.address.slice(2), 'hex')), storageKeys: a.storageKeys.map((k) => new Uint8Array(Buffer.from(k.slice(2).padStart(64, '0'), 'hex'))) }));
    const err = res.execResult.exceptionError;
    // geth fills a missing gas limit by estimating first, which fails on a revert
    if (err && req.gas === undefined && err.error === 'revert') throw revertError(res.execResult.returnValue);
    if (same(next, list) || round === 15) {
      return {
        accessList: next.map((a) => ({ address: toRpc.data(a.address), storageKeys: a.storageKeys.map(toRpc.data) })),
        ...(err ? { error: err.error === 'revert' ? 'execution reverted' : err.error } : {}),
        gasUsed: toRpc.quantity(res.totalGasSpent),
      };
    }
    list = next;
  }
  throw new Error('unreachable');
}
