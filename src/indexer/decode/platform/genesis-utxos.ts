import { LinearWriter } from '../../../codec/linear/writer.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';
import { recoverCompressedKey } from '../../../lib/secp256k1-signer.js';
import type { UtxoRow } from '../../../store/writers/primary/rows.js';
import { PVM_TYPES } from './avax-components.js';
import type { PlatformUtxo } from '../../sources/primary/platform-api.js';
import type { AvmTx } from '../avm/avm-tx.js';
import type { PlatformTx } from './platform-tx.js';
import type { PlatformChainContext } from './platform-rows.js';
import { hexKey, utxoRowOf } from './rows-common.js';

/**
 * The P-chain genesis creates its UTXOs with an empty tx id (UTXOID {TxID: ids.Empty, OutputIndex: i}, as
 * AvalancheGo's BuildGenesis does): no tx made them, and the Data API shows the empty id as their creating tx.
 */
export const GENESIS_TX_ID = new Uint8Array(32);

export function isGenesisUtxo(utxo: Pick<PlatformUtxo, 'txId'>): boolean {
  return utxo.txId.length === 32 && utxo.txId.every((b) => b === 0);
}

/**
 * Addresses that may own P-chain genesis UTXOs, as far as the node's APIs reveal them (no API lists the P-chain
 * genesis): the X-chain genesis asset's holders (a network's allocations hold on both chains) and the genesis
 * stakers' stake and reward owners.
 */
export function genesisAddressCandidates(input: { xGenesis?: AvmTx | undefined; stakingTxs: readonly PlatformTx[] }): Uint8Array[] {
  const found = new Map<string, Uint8Array>();
  const add = (addresses: readonly Uint8Array[]) => {
    for (const a of addresses) found.set(hexKey(a), a);
  };
  const x = input.xGenesis?.unsigned;
  if (x?.type === 'CreateAssetTx') for (const s of x.initialStates) for (const o of s.outputs) add(o.owners.addresses);
  for (const tx of input.stakingTxs) {
    const u = tx.unsigned;
    if ('stake' in u) for (const o of u.stake) add(o.output.owners.addresses);
    if ('rewardsOwner' in u) add(u.rewardsOwner.addresses);
    if ('validatorRewardsOwner' in u) add(u.validatorRewardsOwner.addresses);
    if ('delegatorRewardsOwner' in u) add(u.delegatorRewardsOwner.addresses);
  }
  return [...found.values()];
}

/**
 * Rows for the genesis UTXOs among `utxos` (others are created by indexed txs), deduplicated: created by the
 * genesis at height 0 on the P-chain. Stakeable-locked ones keep their lock (stakeableLocktime).
 */
export function genesisUtxoRows(ctx: PlatformChainContext, utxos: readonly PlatformUtxo[], genesisTime: bigint): UtxoRow[] {
  const place = { chain: ctx.chain, blockchainId: ctx.blockchainId, txId: GENESIS_TX_ID, txType: 'Genesis', blockHeight: 0n, blockTimestamp: genesisTime, txIndex: 0 };
  const seen = new Set<number>();
  const rows: UtxoRow[] = [];
  for (const u of utxos) {
    if (!isGenesisUtxo(u) || seen.has(u.outputIndex)) continue;
    seen.add(u.outputIndex);
    rows.push(utxoRowOf(place, { outputIndex: u.outputIndex, assetId: u.assetId, output: u.output, consumableOn: ctx.blockchainId }));
  }
  return rows.sort((a, b) => a.outputIndex - b.outputIndex);
}

/** The address (ripemd160 of sha256 of the compressed key) that made a 65-byte [r ‖ s ‖ v] signature of the tx. */
function signerAddress(unsignedBytes: Uint8Array, signature: Uint8Array | undefined): Uint8Array | undefined {
  const key = signature && recoverCompressedKey(sha256(unsignedBytes), signature);
  return key && ripemd160(sha256(key));
}

/**
 * The genesis UTXOs these txs spend, rebuilt from the spends: the input gives the amount, asset and stakeable lock,
 * and the one signature of its credential the owner, since every genesis output has a single owner at threshold 1
 * and no locktime of its own (a later lock is a stakeable.LockOut around it). This is how genesis UTXOs spent before
 * the indexer asked platform.getUTXOs still get their created row.
 */
export function spentGenesisUtxos(txs: readonly PlatformTx[]): PlatformUtxo[] {
  const out: PlatformUtxo[] = [];
  for (const tx of txs) {
    const u = tx.unsigned;
    if (!('base' in u)) continue;
    u.base.inputs.forEach((input, i) => {
      if (!isGenesisUtxo(input) || input.sigIndices.length !== 1 || input.sigIndices[0] !== 0) return;
      const owner = signerAddress(tx.unsignedBytes, tx.credentials[i]?.signatures[0]);
      if (!owner) return;
      const inner = new LinearWriter(60).u32(PVM_TYPES.transferOutput).u64(input.amount).u64(0n).u32(1).u32(1).fixed(owner, 20).finish();
      const locked = input.stakeableLocktime !== undefined;
      const bytes = locked ? new LinearWriter(72).u32(PVM_TYPES.stakeableLockOut!).u64(input.stakeableLocktime!).raw(inner).finish() : inner;
      out.push({
        txId: GENESIS_TX_ID, outputIndex: input.outputIndex, assetId: input.assetId,
        output: {
          typeId: locked ? PVM_TYPES.stakeableLockOut! : PVM_TYPES.transferOutput, kind: 'transfer', amount: input.amount,
          owners: { locktime: 0n, threshold: 1, addresses: [owner] }, ...(locked ? { stakeableLocktime: input.stakeableLocktime! } : {}), bytes,
        },
      });
    });
  }
  return out;
}
