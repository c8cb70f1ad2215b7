import { encodeHexWithChecksum, decodeHexWithChecksum } from '../../codec/container/checksum-hex.js';
import { idFromString, idToString } from '../../lib/cb58.js';
import { compareBytes } from '../../lib/bytes.js';
import { ajs, allUtxos, type AjsChainApi, type AjsOutput, type AjsUnsignedTx } from '../avalanchejs.js';
import type { ActivityContext } from '../context.js';
import type { JsonRpcClient } from '../json-rpc.js';
import { xAddressOf, type Actor } from '../keys.js';
import {
  AVM_TYPE, encodeCreateAssetTx, encodeOperationTx, parseUtxo, signTx, sortedInputs, sortedOperations,
  type BaseFields, type CreateAssetFields, type Owners, type XInput, type XOperation, type XUtxo,
} from './avm-codec.js';

const X = '/ext/bc/X';
const PAGE = 1024;

export const ownedBy = (a: Actor): Owners => ({ locktime: 0n, threshold: 1, addrs: [a.shortId] });

/** The key's position among a UTXO's owners when it alone can spend it now; undefined otherwise. */
function signerIndex(owners: Owners, who: Actor, nowSeconds: bigint): number | undefined {
  if (owners.threshold !== 1 || owners.locktime > nowSeconds) return undefined;
  const i = owners.addrs.findIndex((a) => compareBytes(a, who.shortId) === 0);
  return i >= 0 ? i : undefined;
}

/** An X-chain wallet: avalanchejs for BaseTx, imports and exports; Firn's own encoder for assets and operations. */
export class XWallet {
  readonly api: AjsChainApi;

  constructor(private readonly ctx: Pick<ActivityContext, 'rpc' | 'net' | 'ajsContext'>) {
    this.api = new ajs.avm.AVMApi(ctx.rpc.url);
  }

  private get rpc(): JsonRpcClient {
    return this.ctx.rpc;
  }

  address(a: Actor | Uint8Array): string {
    return xAddressOf(this.ctx.net.hrp, a);
  }

  /** The UTXOs of `owner`, decoded by Firn's codec (every page). */
  async utxos(owner: Actor): Promise<XUtxo[]> {
    const out: XUtxo[] = [];
    let startIndex: unknown;
    for (let page = 0; page < 20; page++) {
      const res = await this.rpc.call<{ utxos: string[]; numFetched: string; endIndex: unknown }>(X, 'avm.getUTXOs', {
        addresses: [this.address(owner)], limit: PAGE, encoding: 'hex', ...(startIndex ? { startIndex } : {}),
      });
      out.push(...res.utxos.map((h) => parseUtxo(decodeHexWithChecksum(h))));
      if (Number(res.numFetched) < PAGE) break;
      startIndex = res.endIndex;
    }
    return out;
  }

  async balance(owner: Actor, assetId = 'AVAX'): Promise<bigint> {
    const r = await this.rpc.call<{ balance: string }>(X, 'avm.getBalance', { address: this.address(owner), assetID: assetId });
    return BigInt(r.balance);
  }

  /** Signs an avalanchejs-built tx with `signers` and issues it; resolves once accepted. */
  async issueAjs(tx: AjsUnsignedTx, signers: Actor[]): Promise<string> {
    await ajs.addTxSignatures({ unsignedTx: tx, privateKeys: signers.map((s) => s.privateKey) });
    const { txID } = await this.api.issueSignedTx(tx.getSignedTx());
    await this.waitAccepted(txID);
    return txID;
  }

  async send(from: Actor, outputs: { assetId?: string; amount: bigint; to: Uint8Array[]; locktime?: bigint }[], memo?: string): Promise<string> {
    const utxos = await allUtxos(this.api, [this.address(from)]);
    const outs: AjsOutput[] = outputs.map((o) => ajs.TransferableOutput.fromNative(o.assetId ?? this.ctx.ajsContext.avaxAssetID, o.amount, o.to, o.locktime ?? 0n));
    const tx = ajs.avm.newBaseTx(this.ctx.ajsContext, [from.shortId], utxos, outs, memo ? { memo: new TextEncoder().encode(memo) } : {});
    return this.issueAjs(tx, [from]);
  }

  /** AVAX inputs of `payer` covering `fee`, and the change back to it. */
  private feeSpend(utxos: XUtxo[], payer: Actor, fee: bigint): { base: BaseFields; payerInputs: XInput[] } {
    const avax = idFromString(this.ctx.net.avaxAssetId);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const ins: XInput[] = [];
    let total = 0n;
    for (const u of utxos) {
      if (total >= fee) break;
      if (u.out.kind !== 'secp-transfer' || compareBytes(u.assetId, avax) !== 0) continue;
      const i = signerIndex(u.out.owners, payer, now);
      if (i === undefined) continue;
      ins.push({ txId: u.txId, outputIndex: u.outputIndex, assetId: u.assetId, amount: u.out.amount, sigIndices: [i] });
      total += u.out.amount;
    }
    if (total < fee) throw new Error(`${payer.name} has ${total} nAVAX on the X-chain, needs ${fee}`);
    const outs = total > fee ? [{ assetId: avax, amount: total - fee, owners: ownedBy(payer) }] : [];
    return {
      base: { networkId: this.ctx.net.networkId, blockchainId: idFromString(this.ctx.net.xChainId), outs, ins, memo: new Uint8Array(0) },
      payerInputs: ins,
    };
  }

  /** CreateAssetTx paid by `creator`; resolves with the new asset's id. */
  async createAsset(creator: Actor, asset: CreateAssetFields): Promise<string> {
    const { base } = this.feeSpend(await this.utxos(creator), creator, this.ctx.ajsContext.createAssetTxFee);
    const unsigned = encodeCreateAssetTx(base, asset);
    const creds = sortedInputs(base.ins).map(() => ({ typeId: AVM_TYPE.secpCredential, keys: [creator.privateKey] }));
    return this.issueBytes(signTx(unsigned, creds).bytes);
  }

  /** OperationTx: `payer` pays the fee and signs every operation (it must own their UTXOs). */
  async operate(payer: Actor, ops: XOperation[], memo?: string): Promise<string> {
    const utxos = await this.utxos(payer);
    const { base } = this.feeSpend(utxos, payer, this.ctx.ajsContext.baseTxFee);
    if (memo) base.memo = new TextEncoder().encode(memo);
    const unsigned = encodeOperationTx(base, ops);
    const creds = [
      ...sortedInputs(base.ins).map(() => ({ typeId: AVM_TYPE.secpCredential, keys: [payer.privateKey] })),
      ...sortedOperations(ops).map((op) => ({ typeId: op.kind === 'secp-mint' ? AVM_TYPE.secpCredential : AVM_TYPE.nftCredential, keys: op.sigIndices.map(() => payer.privateKey) })),
    ];
    return this.issueBytes(signTx(unsigned, creds).bytes);
  }

  /** The signer index of `who` for a UTXO, or undefined when it cannot spend it alone. */
  canSpend(u: XUtxo, who: Actor): number | undefined {
    if (u.out.kind === 'other') return undefined;
    return signerIndex(u.out.owners, who, BigInt(Math.floor(Date.now() / 1000)));
  }

  async issueBytes(signed: Uint8Array): Promise<string> {
    const { txID } = await this.rpc.call<{ txID: string }>(X, 'avm.issueTx', { tx: encodeHexWithChecksum(signed), encoding: 'hex' });
    await this.waitAccepted(txID);
    return txID;
  }

  async waitAccepted(txID: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (let delay = 10; ; delay = Math.min(delay * 2, 500)) {
      const { status } = await this.rpc.call<{ status: string }>(X, 'avm.getTxStatus', { txID });
      if (status === 'Accepted') return;
      if (status === 'Rejected') throw new Error(`X-chain tx ${txID} was rejected`);
      if (Date.now() > deadline) throw new Error(`X-chain tx ${txID} still ${status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

export const assetIdOf = (u: XUtxo): string => idToString(u.assetId);
