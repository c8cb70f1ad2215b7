import { compareBytes } from '../../../../lib/bytes.js';
import { idToString } from '../../../../lib/cb58.js';
import { sha256 } from '../../../../lib/hash.js';
import { verifyCredentials, verifyOwners, verifySigIndices } from '../../avm/fx.js';
import { atomicDynamicFee, atomicGasUsed } from './gas.js';
import { recoverEthAddress } from './signatures.js';
import { decodeAtomicUtxo, utxoInputId, type AtomicTx, type ExportTx, type ImportTx } from './tx-codec.js';

/** What the C-chain checks an atomic tx against (coreth's snow.Context and rules; every upgrade active). */
export interface AtomicVerifyContext {
  networkId: number;
  /** The C-chain's id. */
  chainId: Uint8Array;
  avaxAssetId: Uint8Array;
  /** Chains of the same subnet C shares memory with (X and P). */
  peers: Uint8Array[];
  /** Unix seconds, for time-locked UTXOs. */
  now(): bigint;
}

/** Reads UTXOs `peer` exported to the C-chain; throws `not found` for a missing one. */
export type SharedGet = (peer: Uint8Array, inputIds: Uint8Array[]) => Promise<Uint8Array[]>;

const EMPTY_ID = new Uint8Array(32);

/** UnsignedImportTx.Verify / UnsignedExportTx.Verify with coreth's messages. */
export function verifyAtomicSyntax(tx: AtomicTx, ctx: AtomicVerifyContext): void {
  if (tx.kind === 'ImportTx') verifyImportSyntax(tx, ctx);
  else verifyExportSyntax(tx, ctx);
}

function verifyImportSyntax(tx: ImportTx, ctx: AtomicVerifyContext): void {
  if (tx.importedInputs.length === 0) throw new Error('tx has no imported inputs');
  if (tx.networkId !== ctx.networkId) throw new Error('tx was issued with a different network ID');
  if (compareBytes(tx.blockchainId, ctx.chainId) !== 0) throw new Error('tx has wrong chain ID');
  if (tx.outs.length === 0) throw new Error('tx has no EVM outputs');
  if (!isPeer(tx.sourceChain, ctx)) throw new Error('tx has wrong chain ID');
  for (const out of tx.outs) {
    if (out.amount === 0n) throw new Error('EVM Output failed verification: output has no value');
    if (compareBytes(out.assetId, EMPTY_ID) === 0) throw new Error('EVM Output failed verification: empty asset ID is not valid');
    if (compareBytes(out.assetId, ctx.avaxAssetId) !== 0) throw new Error('import output cannot contain non-AVAX in Banff');
  }
  for (const input of tx.importedInputs) {
    try {
      if (input.amount === 0n) throw new Error('input has no value');
      verifySigIndices(input.sigIndices);
    } catch (e) {
      throw new Error(`atomic input failed verification: ${(e as Error).message}`);
    }
    if (compareBytes(input.assetId, ctx.avaxAssetId) !== 0) throw new Error('import input cannot contain non-AVAX in Banff');
  }
  for (let i = 1; i < tx.importedInputs.length; i++) {
    const a = tx.importedInputs[i - 1]!;
    const b = tx.importedInputs[i]!;
    if ((compareBytes(a.txId, b.txId) || a.outputIndex - b.outputIndex) >= 0) throw new Error('inputs not sorted and unique');
  }
  for (let i = 1; i < tx.outs.length; i++) {
    const a = tx.outs[i - 1]!;
    const b = tx.outs[i]!;
    if ((compareBytes(a.address, b.address) || compareBytes(a.assetId, b.assetId)) >= 0) throw new Error('outputs not sorted and unique');
  }
}

function verifyExportSyntax(tx: ExportTx, ctx: AtomicVerifyContext): void {
  if (tx.exportedOutputs.length === 0) throw new Error('tx has no export outputs');
  if (tx.networkId !== ctx.networkId) throw new Error('tx was issued with a different network ID');
  if (compareBytes(tx.blockchainId, ctx.chainId) !== 0) throw new Error('tx has wrong chain ID');
  if (!isPeer(tx.destinationChain, ctx)) throw new Error('tx has wrong chain ID');
  for (const input of tx.ins) {
    if (input.amount === 0n) throw new Error('input has no value');
    if (compareBytes(input.assetId, EMPTY_ID) === 0) throw new Error('empty asset ID is not valid');
    if (compareBytes(input.assetId, ctx.avaxAssetId) !== 0) throw new Error('export input cannot contain non-AVAX in Banff');
  }
  for (const out of tx.exportedOutputs) {
    if (out.amount === 0n) throw new Error('output has no value');
    verifyOwners(out.owners);
    if (compareBytes(out.assetId, ctx.avaxAssetId) !== 0) throw new Error('export output cannot contain non-AVAX in Banff');
  }
  for (let i = 1; i < tx.exportedOutputs.length; i++) {
    const a = tx.exportedOutputs[i - 1]!;
    const b = tx.exportedOutputs[i]!;
    if ((compareBytes(a.assetId, b.assetId) || compareBytes(a.outBytes, b.outBytes)) > 0) throw new Error('tx outputs not sorted');
  }
  for (let i = 1; i < tx.ins.length; i++) {
    const a = tx.ins[i - 1]!;
    const b = tx.ins[i]!;
    if ((compareBytes(a.address, b.address) || compareBytes(a.assetId, b.assetId)) >= 0) throw new Error('inputs not sorted and unique');
  }
}

function isPeer(chain: Uint8Array, ctx: AtomicVerifyContext): boolean {
  return ctx.peers.some((p) => compareBytes(p, chain) === 0);
}

/**
 * coreth's semantic verifier (atomic/vm/tx_semantic_verifier.go): the syntax, the flow check with the fee
 * at `baseFeeWei`, the credentials, and for an import the UTXOs in shared memory and their owners'
 * signatures. The EVM side (balances, nonces) is the state transfer's.
 */
export async function verifyAtomicSemantics(tx: AtomicTx, ctx: AtomicVerifyContext, baseFeeWei: bigint, sharedGet: SharedGet): Promise<void> {
  verifyAtomicSyntax(tx, ctx);
  const fee = atomicDynamicFee(atomicGasUsed(tx), baseFeeWei);
  if (tx.kind === 'ImportTx') await verifyImport(tx, ctx, fee, sharedGet);
  else verifyExport(tx, ctx, fee);
}

/** avax.FlowChecker: per asset, what is produced (outputs and the fee) must not exceed what is consumed. */
function flowCheck(consumed: { assetId: Uint8Array; amount: bigint }[], produced: { assetId: Uint8Array; amount: bigint }[]): boolean {
  const sum = (items: { assetId: Uint8Array; amount: bigint }[]) => {
    const m = new Map<string, bigint>();
    for (const i of items) m.set(idToString(i.assetId), (m.get(idToString(i.assetId)) ?? 0n) + i.amount);
    return m;
  };
  const c = sum(consumed);
  for (const [asset, amount] of sum(produced)) if (amount > (c.get(asset) ?? 0n)) return false;
  return true;
}

async function verifyImport(tx: ImportTx, ctx: AtomicVerifyContext, fee: bigint, sharedGet: SharedGet): Promise<void> {
  if (!flowCheck(tx.importedInputs, [{ assetId: ctx.avaxAssetId, amount: fee }, ...tx.outs])) {
    throw new Error('import tx flow check failed due to: insufficient funds');
  }
  if (tx.creds.length !== tx.importedInputs.length) {
    throw new Error(`incorrect number of credentials: (${tx.importedInputs.length} vs. ${tx.creds.length})`);
  }
  const ids = tx.importedInputs.map((i) => utxoInputId(i.txId, i.outputIndex));
  let raw: Uint8Array[];
  try {
    raw = await sharedGet(tx.sourceChain, ids);
  } catch (e) {
    throw new Error(`failed to fetch import UTXOs from ${idToString(tx.sourceChain)} due to: ${(e as Error).message}`);
  }
  const digest = sha256(tx.unsignedBytes);
  for (let i = 0; i < tx.importedInputs.length; i++) {
    const input = tx.importedInputs[i]!;
    let utxo;
    try {
      utxo = decodeAtomicUtxo(raw[i]!);
    } catch (e) {
      throw new Error(`failed to unmarshal UTXO: ${(e as Error).message}`);
    }
    if (compareBytes(utxo.assetId, input.assetId) !== 0) throw new Error("asset IDs in the input don't match the utxo");
    try {
      if (utxo.amount === 0n) throw new Error('output has no value');
      verifyOwners(utxo.owners);
      if (input.amount === 0n) throw new Error('input has no value');
      verifySigIndices(input.sigIndices);
      if (utxo.amount !== input.amount) throw new Error(`utxo amount and input amount are not equal: ${utxo.amount} != ${input.amount}`);
      verifyCredentials(digest, input.sigIndices, tx.creds[i]!, utxo.owners, ctx.now());
    } catch (e) {
      throw new Error(`import tx transfer failed verification: ${(e as Error).message}`);
    }
  }
}

function verifyExport(tx: ExportTx, ctx: AtomicVerifyContext, fee: bigint): void {
  if (!flowCheck(tx.ins, [{ assetId: ctx.avaxAssetId, amount: fee }, ...tx.exportedOutputs])) {
    throw new Error('export tx flow check failed due to: insufficient funds');
  }
  if (tx.ins.length !== tx.creds.length) {
    throw new Error(`export tx contained incorrect number of credentials want ${tx.ins.length} got ${tx.creds.length}`);
  }
  const digest = sha256(tx.unsignedBytes);
  tx.ins.forEach((input, i) => {
    const sigs = tx.creds[i]!;
    if (sigs.length !== 1) throw new Error(`incorrect number of signatures want 1 signature for EVM Input Credential, but got ${sigs.length}`);
    if (compareBytes(recoverEthAddress(digest, sigs[0]!), input.address) !== 0) throw new Error("signature doesn't match public key");
  });
}
