import { ajs, allUtxos, type AjsPvmApi, type AjsUnsignedTx, type AjsUtxo } from '../avalanchejs.js';
import type { ActivityContext } from '../context.js';
import { pAddressOf, type Actor } from '../keys.js';

const P = '/ext/bc/P';

/** What every P-chain builder takes besides its own fields. */
export interface PCommon {
  feeState: unknown;
  fromAddressesBytes: Uint8Array[];
  utxos: AjsUtxo[];
}

export interface PValidator {
  txID: string;
  nodeID: string;
  startTime: string;
  endTime: string;
  weight: string;
  delegatorWeight?: string;
  delegatorCount?: string;
}

/** A P-chain wallet over avalanchejs 5.2.0 (Etna builders, dynamic fees). */
export class PWallet {
  readonly api: AjsPvmApi;

  constructor(private readonly ctx: Pick<ActivityContext, 'rpc' | 'net' | 'ajsContext'>) {
    this.api = new ajs.pvm.PVMApi(ctx.rpc.url);
  }

  address(a: Actor | Uint8Array): string {
    return pAddressOf(this.ctx.net.hrp, a);
  }

  call<T>(method: string, params: unknown = {}): Promise<T> {
    return this.ctx.rpc.call<T>(P, method, params);
  }

  async unlocked(a: Actor): Promise<bigint> {
    const r = await this.call<{ unlocked: string }>('platform.getBalance', { addresses: [this.address(a)] });
    return BigInt(r.unlocked);
  }

  /** The chain's time, Unix seconds (never behind the wall clock: the next block carries at least now). */
  async now(): Promise<number> {
    const r = await this.call<{ timestamp: string }>('platform.getTimestamp');
    return Math.max(Math.floor(Date.parse(r.timestamp) / 1000), Math.floor(Date.now() / 1000));
  }

  async minStake(): Promise<{ validator: bigint; delegator: bigint }> {
    const r = await this.call<{ minValidatorStake: string; minDelegatorStake: string }>('platform.getMinStake', {});
    return { validator: BigInt(r.minValidatorStake), delegator: BigInt(r.minDelegatorStake) };
  }

  async currentValidators(params: { subnetID?: string; nodeIDs?: string[] } = {}): Promise<PValidator[]> {
    return (await this.call<{ validators: PValidator[] }>('platform.getCurrentValidators', params)).validators;
  }

  /**
   * Builds with the payer's UTXOs and the current fee state, signs (and with `subnetOwner`, signs the subnet
   * authorization, the last credential), issues, and resolves once the tx is committed.
   */
  async issue(payer: Actor, build: (common: PCommon) => AjsUnsignedTx, subnetOwner?: Actor): Promise<string> {
    const [feeState, utxos] = await Promise.all([this.api.getFeeState(), allUtxos(this.api, [this.address(payer)])]);
    const tx = build({ feeState, fromAddressesBytes: [payer.shortId], utxos });
    return this.signAndIssue(tx, [payer], subnetOwner);
  }

  async signAndIssue(tx: AjsUnsignedTx, signers: Actor[], subnetOwner?: Actor): Promise<string> {
    await ajs.addTxSignatures({ unsignedTx: tx, privateKeys: signers.map((s) => s.privateKey) });
    if (subnetOwner) tx.addSignatureAt(await ajs.secp256k1.sign(tx.toBytes(), subnetOwner.privateKey), tx.getCredentials().length - 1, 0);
    const { txID } = await this.api.issueSignedTx(tx.getSignedTx());
    await this.waitCommitted(txID);
    return txID;
  }

  async waitCommitted(txID: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (let delay = 10; ; delay = Math.min(delay * 2, 500)) {
      const { status, reason } = await this.call<{ status: string; reason?: string }>('platform.getTxStatus', { txID });
      if (status === 'Committed') return;
      if (status === 'Aborted' || status === 'Dropped') throw new Error(`P-chain tx ${txID} ${status.toLowerCase()}${reason ? `: ${reason}` : ''}`);
      if (Date.now() > deadline) throw new Error(`P-chain tx ${txID} still ${status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
