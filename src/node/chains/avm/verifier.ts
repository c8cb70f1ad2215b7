import { compareBytes } from '../../../lib/bytes.js';
import { idToString } from '../../../lib/cb58.js';
import { sha256 } from '../../../lib/hash.js';
import { NFT_MAX_PAYLOAD, ownersEqual, verifyCredentials, verifyOutput, verifyOwners, verifySigIndices } from './fx.js';
import type { KeyedUtxo, TxEffect } from './state.js';
import {
  FX_NFT,
  FX_SECP256K1,
  NUM_FXS,
  decodeUtxo,
  encodeUtxo,
  fxIndexOfOperation,
  inputIdOf,
  type AvmOutput,
  type AvmTx,
  type Credential,
  type Operation,
  type TransferableInput,
  type TransferableOutput,
  type Utxo,
} from './tx-codec.js';

/**
 * The X-chain's tx rules (vms/avm/txs/executor: SyntacticVerifier, SemanticVerifier, Executor) with
 * AvalancheGo's error messages, producing what an accepted tx changes.
 */
export interface VerifierContext {
  networkId: number;
  chainId: Uint8Array;
  feeAssetId: Uint8Array;
  txFee: bigint;
  createAssetTxFee: bigint;
  /** Unix seconds, for time locks. */
  now(): bigint;
  /** The subnet of a peer chain, or an error message's cause when the chain is unknown. */
  subnetOf(chainId: Uint8Array): Uint8Array | undefined;
  subnetId: Uint8Array;
}

export interface StateView {
  /** A UTXO of this chain as of the state txs are verified against. */
  getUtxo(inputId: Uint8Array): Promise<Utxo | undefined>;
  /** An accepted (or pending) tx, for asset lookups. */
  getTx(txId: Uint8Array): Promise<AvmTx | undefined>;
  /** UTXO bytes `peer` exported to this chain; throws `not found` for a missing one. */
  getAtomic(peer: Uint8Array, inputIds: Uint8Array[]): Promise<Uint8Array[]>;
}

const MIN_NAME_LEN = 1;
const MAX_NAME_LEN = 128;
const MIN_SYMBOL_LEN = 1;
const MAX_SYMBOL_LEN = 4;
const MAX_DENOMINATION = 32;
const MAX_MEMO_SIZE = 256;
const U64_MAX = (1n << 64n) - 1n;

export async function verifyAndExecute(tx: AvmTx, ctx: VerifierContext, view: StateView): Promise<TxEffect> {
  verifySyntax(tx, ctx);
  return verifySemantics(tx, ctx, view);
}

// ---------------------------------------------------------------- syntactic

export function verifySyntax(tx: AvmTx, ctx: VerifierContext): void {
  switch (tx.kind) {
    case 'BaseTx':
      verifyBase(tx, ctx);
      verifyFlow(ctx.txFee, ctx.feeAssetId, [tx.ins], [tx.outs]);
      checkCredCount(tx, tx.ins.length);
      return;
    case 'CreateAssetTx':
      verifyAssetDefinition(tx);
      verifyBase(tx, ctx);
      verifyFlow(ctx.createAssetTxFee, ctx.feeAssetId, [tx.ins], [tx.outs]);
      for (const state of tx.states!) {
        if (state.fxIndex >= NUM_FXS) throw new Error('unknown feature extension');
        state.outs.forEach(verifyOutput);
        if (!isSorted(state.outBytes)) throw new Error('outputs not sorted');
      }
      for (let i = 1; i < tx.states!.length; i++) {
        if (tx.states![i - 1]!.fxIndex >= tx.states![i]!.fxIndex) throw new Error('initial states not sorted and unique');
      }
      checkCredCount(tx, tx.ins.length);
      return;
    case 'OperationTx': {
      const ops = tx.ops!;
      if (ops.length === 0) throw new Error('an operationTx must have at least one operation');
      verifyBase(tx, ctx);
      verifyFlow(ctx.txFee, ctx.feeAssetId, [tx.ins], [tx.outs]);
      const inputs = new Set(tx.ins.map((i) => hexOf(inputIdOf(i))));
      for (const op of ops) {
        verifyOperationShape(op);
        for (const u of op.utxoIds) {
          const id = hexOf(inputIdOf(u));
          if (inputs.has(id)) throw new Error('inputs attempt to double spend an input');
          inputs.add(id);
        }
      }
      for (let i = 1; i < ops.length; i++) {
        if (compareBytes(ops[i - 1]!.bytes, ops[i]!.bytes) >= 0) throw new Error('operations not sorted and unique');
      }
      checkCredCount(tx, tx.ins.length + ops.length);
      return;
    }
    case 'ImportTx':
      if (tx.importedIns!.length === 0) throw new Error('no import inputs');
      verifyBase(tx, ctx);
      verifyFlow(ctx.txFee, ctx.feeAssetId, [tx.ins, tx.importedIns!], [tx.outs]);
      checkCredCount(tx, tx.ins.length + tx.importedIns!.length);
      return;
    case 'ExportTx':
      if (tx.exportedOuts!.length === 0) throw new Error('no export outputs');
      verifyBase(tx, ctx);
      verifyFlow(ctx.txFee, ctx.feeAssetId, [tx.ins], [tx.outs, tx.exportedOuts!]);
      checkCredCount(tx, tx.ins.length);
      return;
  }
}

function verifyBase(tx: AvmTx, ctx: VerifierContext): void {
  if (tx.networkId !== ctx.networkId) throw new Error('tx has wrong network ID');
  if (compareBytes(tx.blockchainId, ctx.chainId) !== 0) throw new Error('tx has wrong chain ID');
  if (tx.memo.length > MAX_MEMO_SIZE) throw new Error(`memo exceeds maximum length: ${tx.memo.length} > ${MAX_MEMO_SIZE}`);
}

function verifyAssetDefinition(tx: AvmTx): void {
  const name = tx.name!;
  const symbol = tx.symbol!;
  const nameLen = Buffer.byteLength(name);
  const symbolLen = Buffer.byteLength(symbol);
  if (nameLen < MIN_NAME_LEN) throw new Error(`name is too short, minimum size is ${MIN_NAME_LEN}`);
  if (nameLen > MAX_NAME_LEN) throw new Error(`name is too long, maximum size is ${MAX_NAME_LEN}`);
  if (symbolLen < MIN_SYMBOL_LEN) throw new Error(`symbol is too short, minimum size is ${MIN_SYMBOL_LEN}`);
  if (symbolLen > MAX_SYMBOL_LEN) throw new Error(`symbol is too long, maximum size is ${MAX_SYMBOL_LEN}`);
  if (tx.states!.length === 0) throw new Error('assets must support at least one Fx');
  if (tx.denomination! > MAX_DENOMINATION) throw new Error('denomination is too large');
  if (name.trim() !== name) throw new Error('unexpected whitespace provided');
  if (!/^[A-Za-z0-9 ]*$/.test(name)) throw new Error("asset's name must be made up of only letters and numbers");
  if (!/^[A-Z]*$/.test(symbol)) throw new Error("asset's symbol must be all upper case letters");
}

function checkCredCount(tx: AvmTx, expected: number): void {
  if (tx.creds.length !== expected) throw new Error(`wrong number of credentials: ${tx.creds.length} != ${expected}`);
}

/** avax.VerifyTx: outputs and inputs well formed and sorted, and every asset's inputs cover its outputs plus the fee. */
function verifyFlow(fee: bigint, feeAssetId: Uint8Array, allIns: TransferableInput[][], allOuts: TransferableOutput[][]): void {
  const produced = new Map<string, bigint>();
  const consumed = new Map<string, bigint>();
  let overflow = false;
  const add = (m: Map<string, bigint>, asset: Uint8Array, amount: bigint) => {
    const k = hexOf(asset);
    const sum = (m.get(k) ?? 0n) + amount;
    if (sum > U64_MAX) overflow = true;
    m.set(k, sum);
  };
  add(produced, feeAssetId, fee);
  for (const outs of allOuts) {
    for (const out of outs) {
      checkAsset(out.assetId);
      verifyOutput(out.out);
      add(produced, out.assetId, out.out.amount);
    }
    for (let i = 1; i < outs.length; i++) {
      const a = outs[i - 1]!;
      const b = outs[i]!;
      const c = compareBytes(a.assetId, b.assetId) || compareBytes(a.outBytes, b.outBytes);
      if (c > 0) throw new Error('outputs not sorted');
    }
  }
  for (const ins of allIns) {
    for (const input of ins) {
      checkAsset(input.assetId);
      if (input.amount === 0n) throw new Error('input has no value');
      verifySigIndices(input.sigIndices);
      add(consumed, input.assetId, input.amount);
    }
    for (let i = 1; i < ins.length; i++) {
      if (compareUtxoIds(ins[i - 1]!, ins[i]!) >= 0) throw new Error('inputs not sorted and unique');
    }
  }
  if (overflow) throw new Error('overflow');
  for (const [asset, amount] of produced) {
    if (amount > (consumed.get(asset) ?? 0n)) throw new Error('insufficient funds');
  }
}

function checkAsset(assetId: Uint8Array): void {
  if (assetId.every((b) => b === 0)) throw new Error('empty asset ID is not valid');
}

function verifyOperationShape(op: Operation): void {
  for (let i = 1; i < op.utxoIds.length; i++) {
    if (compareUtxoIds(op.utxoIds[i - 1]!, op.utxoIds[i]!) >= 0) throw new Error('utxo IDs not sorted and unique');
  }
  checkAsset(op.assetId);
  verifyFxOperation(op);
}

function verifyFxOperation(op: Operation): void {
  const o = op.op;
  switch (o.kind) {
    case 'secp-mint-op':
      verifySigIndices(o.sigIndices);
      verifyOwners(o.mintOwners);
      verifyOutput({ kind: 'secp-transfer', amount: o.transfer.amount, owners: o.transfer.owners });
      return;
    case 'nft-mint-op':
      if (o.payload.length > NFT_MAX_PAYLOAD) throw new Error('payload too large');
      o.outputs.forEach(verifyOwners);
      verifySigIndices(o.sigIndices);
      return;
    case 'nft-transfer-op':
      verifySigIndices(o.sigIndices);
      verifyOutput({ kind: 'nft-transfer', ...o.output });
      return;
  }
}

// ---------------------------------------------------------------- semantic + execution

async function verifySemantics(tx: AvmTx, ctx: VerifierContext, view: StateView): Promise<TxEffect> {
  const digest = sha256(tx.unsignedBytes);
  const consumed: KeyedUtxo[] = [];
  // BaseTx rules, shared by every tx type.
  for (let i = 0; i < tx.ins.length; i++) {
    const input = tx.ins[i]!;
    try {
      const inputId = inputIdOf(input);
      const utxo = await view.getUtxo(inputId);
      if (!utxo) throw new Error(`failed to get utxo ${idToString(inputId)}: not found`);
      await verifyTransferOfUtxo(input, tx.creds[i]!, utxo, digest, ctx, view);
      consumed.push({ inputId, utxo });
    } catch (e) {
      throw new Error(`failed to verify transfer: ${(e as Error).message}`);
    }
  }
  for (const out of tx.outs) {
    try {
      await verifyFxUsage(FX_SECP256K1, out.assetId, view);
    } catch (e) {
      throw new Error(`failed to verify fx usage: ${(e as Error).message}`);
    }
  }

  const produced: KeyedUtxo[] = tx.outs.map((o, i) => keyedUtxo({ txId: tx.id, outputIndex: i, assetId: o.assetId, out: o.out }));
  let index = tx.outs.length;
  const effect: TxEffect = { tx, consumed, produced };

  switch (tx.kind) {
    case 'BaseTx':
      break;
    case 'CreateAssetTx':
      for (const state of tx.states!) {
        for (const out of state.outs) produced.push(keyedUtxo({ txId: tx.id, outputIndex: index++, assetId: tx.id, out }));
      }
      break;
    case 'OperationTx': {
      const offset = tx.ins.length;
      const ops = tx.ops!;
      for (let i = 0; i < ops.length; i++) {
        const op = ops[i]!;
        const spent = await verifyOperation(op, tx.creds[offset + i]!, digest, ctx, view);
        consumed.push(...spent);
        for (const out of operationOutputs(op)) produced.push(keyedUtxo({ txId: tx.id, outputIndex: index++, assetId: op.assetId, out }));
      }
      break;
    }
    case 'ImportTx': {
      const source = tx.sourceChain!;
      verifySameSubnet(source, ctx);
      const imported = tx.importedIns!;
      const ids = imported.map(inputIdOf);
      const raw = await view.getAtomic(source, ids);
      const offset = tx.ins.length;
      for (let i = 0; i < imported.length; i++) {
        const utxo = decodeUtxo(raw[i]!);
        await verifyTransferOfUtxo(imported[i]!, tx.creds[offset + i]!, utxo, digest, ctx, view);
      }
      effect.atomic = { peer: source, removes: ids, puts: [] };
      break;
    }
    case 'ExportTx': {
      const dest = tx.destinationChain!;
      verifySameSubnet(dest, ctx);
      for (const out of tx.exportedOuts!) await verifyFxUsage(FX_SECP256K1, out.assetId, view);
      const puts = tx.exportedOuts!.map((o) => {
        const k = keyedUtxo({ txId: tx.id, outputIndex: index++, assetId: o.assetId, out: o.out });
        return { key: k.inputId, value: encodeUtxo(k.utxo), traits: o.out.owners.addrs };
      });
      effect.atomic = { peer: dest, removes: [], puts };
      break;
    }
  }
  return effect;
}

async function verifyTransferOfUtxo(input: TransferableInput, cred: Credential, utxo: Utxo, digest: Uint8Array, ctx: VerifierContext, view: StateView): Promise<void> {
  if (compareBytes(utxo.assetId, input.assetId) !== 0) throw new Error("asset IDs in the input don't match the utxo");
  await verifyFxUsage(cred.fxIndex, input.assetId, view);
  if (cred.fxIndex === FX_NFT) throw new Error('cant transfer with this fx');
  const out = utxo.out;
  if (out.kind !== 'secp-transfer') throw new Error('wrong utxo type');
  verifyOutput(out);
  verifySigIndices(input.sigIndices);
  if (out.amount !== input.amount) throw new Error(`utxo amount and input amount are not equal: ${out.amount} != ${input.amount}`);
  verifyCredentials(digest, input.sigIndices, cred.sigs, out.owners, ctx.now());
}

async function verifyOperation(op: Operation, cred: Credential, digest: Uint8Array, ctx: VerifierContext, view: StateView): Promise<KeyedUtxo[]> {
  const spent: KeyedUtxo[] = [];
  for (const u of op.utxoIds) {
    const inputId = inputIdOf(u);
    const utxo = await view.getUtxo(inputId);
    if (!utxo) throw new Error('not found');
    if (compareBytes(utxo.assetId, op.assetId) !== 0) throw new Error("asset IDs in the input don't match the utxo");
    spent.push({ inputId, utxo });
  }
  const fxIndex = fxIndexOfOperation(op.op);
  await verifyFxUsage(fxIndex, op.assetId, view);
  const o = op.op;
  if (fxIndex === FX_SECP256K1 && o.kind === 'secp-mint-op') {
    if (cred.fxIndex !== FX_SECP256K1) throw new Error('wrong credential type');
    if (spent.length !== 1) throw new Error('wrong number of utxos for the operation');
    const out = spent[0]!.utxo.out;
    if (out.kind !== 'secp-mint') throw new Error('wrong utxo type');
    verifyFxOperation(op);
    verifyOwners(out.owners);
    if (!ownersEqual(out.owners, o.mintOwners)) throw new Error('wrong mint output created from the operation');
    verifyCredentials(digest, o.sigIndices, cred.sigs, out.owners, ctx.now());
    return spent;
  }
  if (spent.length !== 1) throw new Error('wrong number of UTXOs for the operation');
  if (cred.fxIndex !== FX_NFT) throw new Error('wrong credential type');
  const out = spent[0]!.utxo.out;
  if (o.kind === 'nft-mint-op') {
    if (out.kind !== 'nft-mint') throw new Error('wrong utxo type');
    verifyFxOperation(op);
    verifyOwners(out.owners);
    if (out.groupId !== o.groupId) throw new Error('wrong unique ID provided');
    verifyCredentials(digest, o.sigIndices, cred.sigs, out.owners, ctx.now());
  } else if (o.kind === 'nft-transfer-op') {
    if (out.kind !== 'nft-transfer') throw new Error('wrong utxo type');
    verifyFxOperation(op);
    verifyOutput(out);
    if (out.groupId !== o.output.groupId) throw new Error('wrong unique ID provided');
    if (compareBytes(out.payload, o.output.payload) !== 0) throw new Error('wrong bytes provided');
    verifyCredentials(digest, o.sigIndices, cred.sigs, out.owners, ctx.now());
  }
  return spent;
}

/** The UTXOs an operation creates (fxs.FxOperation.Outs()). */
export function operationOutputs(op: Operation): AvmOutput[] {
  const o = op.op;
  switch (o.kind) {
    case 'secp-mint-op':
      return [{ kind: 'secp-mint', owners: o.mintOwners }, { kind: 'secp-transfer', amount: o.transfer.amount, owners: o.transfer.owners }];
    case 'nft-mint-op':
      return o.outputs.map((owners) => ({ kind: 'nft-transfer', groupId: o.groupId, payload: o.payload, owners }));
    case 'nft-transfer-op':
      return [{ kind: 'nft-transfer', ...o.output }];
  }
}

/** The asset must be created by a CreateAssetTx whose initial states include this fx. */
async function verifyFxUsage(fxIndex: number, assetId: Uint8Array, view: StateView): Promise<void> {
  const tx = await view.getTx(assetId);
  if (!tx) throw new Error('not found');
  if (tx.kind !== 'CreateAssetTx') throw new Error('not an asset');
  if (!tx.states!.some((s) => s.fxIndex === fxIndex)) throw new Error('incompatible feature extension');
}

function verifySameSubnet(peer: Uint8Array, ctx: VerifierContext): void {
  if (compareBytes(peer, ctx.chainId) === 0) throw new Error('same chainID');
  const subnet = ctx.subnetOf(peer);
  const quoted = `"${idToString(peer)}"`;
  if (!subnet) throw new Error(`failed to get subnet of ${quoted}: problem retrieving blockchain ${quoted}: not found`);
  if (compareBytes(subnet, ctx.subnetId) !== 0) {
    throw new Error(`mismatched subnetIDs; expected "${idToString(ctx.subnetId)}" got "${idToString(subnet)}"`);
  }
}

function keyedUtxo(utxo: Utxo): KeyedUtxo {
  return { inputId: inputIdOf(utxo), utxo };
}

function compareUtxoIds(a: { txId: Uint8Array; outputIndex: number }, b: { txId: Uint8Array; outputIndex: number }): number {
  return compareBytes(a.txId, b.txId) || a.outputIndex - b.outputIndex;
}

function isSorted(items: Uint8Array[]): boolean {
  for (let i = 1; i < items.length; i++) if (compareBytes(items[i - 1]!, items[i]!) > 0) return false;
  return true;
}

function hexOf(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
}
