import * as avalanchejs from '@avalabs/avalanchejs';

/*
 * The parts of @avalabs/avalanchejs 5.2.0 the generator's wallets use, typed here: its .d.ts files re-export with
 * extensionless paths that NodeNext resolution cannot follow (see src/codec/container/avalanchejs.ts).
 */

export interface AjsContext {
  readonly networkID: number;
  readonly hrp: string;
  readonly xBlockchainID: string;
  readonly pBlockchainID: string;
  readonly cBlockchainID: string;
  readonly avaxAssetID: string;
  readonly baseTxFee: bigint;
  readonly createAssetTxFee: bigint;
  readonly platformFeeConfig: unknown;
}

export interface AjsUtxo {
  utxoId: { txID: { toString(): string }; outputIdx: { value(): number } };
  assetId: { toString(): string };
  output: { _type: string; amount?: () => bigint };
}

/** A signed tx ready for issueSignedTx. */
export type AjsSignedTx = { toBytes(): Uint8Array };

export interface AjsUnsignedTx {
  toBytes(): Uint8Array;
  getSignedTx(): AjsSignedTx;
  getCredentials(): unknown[];
  addSignatureAt(signature: Uint8Array, credentialIndex: number, signatureIndex: number): void;
  getTx(): { baseTx?: { outputs: unknown[] } };
}

export type AjsOutput = { readonly __brand: 'TransferableOutput' };

export interface AjsUtxoPage {
  utxos: AjsUtxo[];
  numFetched: string | number;
  endIndex?: { address: string; utxo: string };
}

export interface AjsChainApi {
  getUTXOs(args: { addresses: string[]; sourceChain?: string; limit?: number; startIndex?: { address: string; utxo: string } }): Promise<AjsUtxoPage>;
  issueSignedTx(tx: AjsSignedTx): Promise<{ txID: string }>;
}

export interface AjsPvmApi extends AjsChainApi {
  getFeeState(): Promise<unknown>;
}

type PvmProps = Record<string, unknown>;
type PvmBuilder = (props: PvmProps, context: AjsContext) => AjsUnsignedTx;

export interface AvalancheJs {
  Context: { getContextFromURI(url: string): Promise<AjsContext> };
  TransferableOutput: { fromNative(assetId: string, amount: bigint, addresses: Uint8Array[], locktime?: bigint, threshold?: number): AjsOutput };
  addTxSignatures(args: { unsignedTx: AjsUnsignedTx; privateKeys: Uint8Array[] }): Promise<void>;
  secp256k1: { sign(message: Uint8Array, privateKey: Uint8Array): Promise<Uint8Array> };
  avm: {
    AVMApi: new (url: string) => AjsChainApi;
    newBaseTx(context: AjsContext, from: Uint8Array[], utxos: AjsUtxo[], outputs: AjsOutput[], options?: { memo?: Uint8Array }): AjsUnsignedTx;
    newExportTx(context: AjsContext, destinationChain: string, from: Uint8Array[], utxos: AjsUtxo[], outputs: AjsOutput[]): AjsUnsignedTx;
    newImportTx(context: AjsContext, sourceChain: string, utxos: AjsUtxo[], to: Uint8Array[], from: Uint8Array[]): AjsUnsignedTx;
  };
  pvm: {
    PVMApi: new (url: string) => AjsPvmApi;
    newBaseTx: PvmBuilder;
    newImportTx: PvmBuilder;
    newExportTx: PvmBuilder;
    newCreateSubnetTx: PvmBuilder;
    newCreateChainTx: PvmBuilder;
    newAddSubnetValidatorTx: PvmBuilder;
    newRemoveSubnetValidatorTx: PvmBuilder;
    newTransferSubnetOwnershipTx: PvmBuilder;
    newAddPermissionlessValidatorTx: PvmBuilder;
    newAddPermissionlessDelegatorTx: PvmBuilder;
  };
  evm: {
    EVMApi: new (url: string) => AjsChainApi;
    newImportTxFromBaseFee(context: AjsContext, to: Uint8Array, from: Uint8Array[], utxos: AjsUtxo[], sourceChain: string, baseFeeNavax: bigint): AjsUnsignedTx;
    newExportTxFromBaseFee(context: AjsContext, baseFeeNavax: bigint, amount: bigint, destinationChain: string, from: Uint8Array, to: Uint8Array[], nonce: bigint): AjsUnsignedTx;
  };
}

export const ajs = avalanchejs as unknown as AvalancheJs;

const PAGE = 1024;

/** Every UTXO of `addresses` (following endIndex across pages, up to `maxPages`). */
export async function allUtxos(api: AjsChainApi, addresses: string[], sourceChain?: string, maxPages = 20): Promise<AjsUtxo[]> {
  const out: AjsUtxo[] = [];
  let startIndex: { address: string; utxo: string } | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await api.getUTXOs({ addresses, limit: PAGE, ...(sourceChain ? { sourceChain } : {}), ...(startIndex ? { startIndex } : {}) });
    out.push(...res.utxos);
    if (Number(res.numFetched) < PAGE || !res.endIndex) break;
    startIndex = res.endIndex;
  }
  return out;
}
