import { recoverCompressedKey } from '../../../lib/secp256k1-signer.js';
import type { AddressTxRow, AssetAmount, SpendRow, UtxoRow } from '../../../store/writers/primary/rows.js';
import { utxoBytesOf, utxoIdOf, type Credential, type TransferableInput, type TxOutput } from './avax-components.js';

/** Where a tx sits: what every row built from it repeats. */
export interface TxPlace {
  chain: number;
  /** The chain's blockchain id. */
  blockchainId: Uint8Array;
  txId: Uint8Array;
  txType: string;
  blockHeight: bigint;
  blockTimestamp: bigint;
  txIndex: number;
}

/** Per-asset sums, in first-seen order. */
export class AssetSums {
  private readonly sums = new Map<string, AssetAmount>();

  add(assetId: Uint8Array, amount: bigint): void {
    const key = Buffer.from(assetId).toString('hex');
    const entry = this.sums.get(key);
    if (entry) entry.amount += amount;
    else this.sums.set(key, { assetId, amount });
  }

  get(assetId: Uint8Array): bigint {
    return this.sums.get(Buffer.from(assetId).toString('hex'))?.amount ?? 0n;
  }

  list(): AssetAmount[] {
    return [...this.sums.values()].filter((a) => a.amount !== 0n).map((a) => ({ ...a }));
  }

  /** this − others, per asset, never below zero. */
  minus(...others: AssetSums[]): AssetSums {
    const out = new AssetSums();
    for (const a of this.sums.values()) {
      let left = a.amount;
      for (const o of others) left -= o.get(a.assetId);
      if (left > 0n) out.add(a.assetId, left);
    }
    return out;
  }
}

export interface CreatedOutput {
  outputIndex: number;
  assetId: Uint8Array;
  output: TxOutput;
  /** Blockchain id where it can be spent (another chain for exports). */
  consumableOn: Uint8Array;
  staked?: { start: bigint; end: bigint };
}

export function utxoRowOf(place: TxPlace, o: CreatedOutput, extra: { utxoTxId?: Uint8Array; rewardType?: UtxoRow['rewardType'] } = {}): UtxoRow {
  const txId = extra.utxoTxId ?? place.txId;
  const out = o.output;
  return {
    utxoId: utxoIdOf(txId, o.outputIndex),
    chain: place.chain,
    txId,
    outputIndex: o.outputIndex,
    creatingTxId: place.txId,
    createdOn: place.blockchainId,
    consumableOn: o.consumableOn,
    blockHeight: place.blockHeight,
    blockTimestamp: place.blockTimestamp,
    assetId: o.assetId,
    outputType: out.kind,
    amount: out.amount,
    locktime: out.owners.locktime,
    threshold: out.owners.threshold,
    addresses: out.owners.addresses,
    ...(out.stakeableLocktime !== undefined ? { stakeableLocktime: out.stakeableLocktime } : {}),
    staked: o.staked !== undefined,
    ...(o.staked ? { stakeStart: o.staked.start, stakeEnd: o.staked.end } : {}),
    ...(extra.rewardType ? { rewardType: extra.rewardType } : {}),
    ...(out.groupId !== undefined ? { groupId: out.groupId } : {}),
    ...(out.payload !== undefined ? { payload: out.payload } : {}),
    bytes: utxoBytesOf(txId, o.outputIndex, o.assetId, out.bytes),
  };
}

export function spendRowOf(place: TxPlace, input: TransferableInput, inputIndex: number, createdOn: Uint8Array,
  credentials?: SpendRow['credentials']): SpendRow {
  return {
    utxoId: utxoIdOf(input.txId, input.outputIndex),
    chain: place.chain,
    consumingTxId: place.txId,
    inputIndex,
    blockHeight: place.blockHeight,
    blockTimestamp: place.blockTimestamp,
    consumedOn: place.blockchainId,
    createdOn,
    txId: input.txId,
    outputIndex: input.outputIndex,
    assetId: input.assetId,
    amount: input.amount,
    ...(input.stakeableLocktime !== undefined ? { stakeableLocktime: input.stakeableLocktime } : {}),
    ...(credentials ? { credentials } : {}),
  };
}

export function addressTxsOf(place: TxPlace, addresses: Iterable<Uint8Array>): AddressTxRow[] {
  const seen = new Set<string>();
  const out: AddressTxRow[] = [];
  for (const address of addresses) {
    const key = Buffer.from(address).toString('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ chain: place.chain, address, blockHeight: place.blockHeight, txIndex: place.txIndex, txId: place.txId, txType: place.txType, blockTimestamp: place.blockTimestamp });
  }
  return out;
}

/**
 * The 65-byte signatures of a credential with the compressed keys that made them, recovered over `digest`
 * (sha256 of the tx's signed part). Recovering costs more than the rest of a tx's decoding, but a tx is
 * indexed once and read many times: the Data API then serves a page of UTXOs without recovering a key.
 */
export function credentialSignatures(
  credential: Credential | undefined, digest: Uint8Array,
): { signature: Uint8Array; publicKey?: Uint8Array }[] | undefined {
  return credential?.signatures.map((signature) => {
    const publicKey = recoverCompressedKey(digest, signature);
    return publicKey ? { signature, publicKey } : { signature };
  });
}


export const hexKey = (b: Uint8Array): string => Buffer.from(b).toString('hex');
