import * as avalanchejs from '@avalabs/avalanchejs';
import type { AjsCodec, AjsSerializable } from './avalanchejs.js';

/** avalanchejs serializable classes for building test txs, typed minimally (see avalanchejs.ts for why). */
type Ctor = new (...args: unknown[]) => AjsSerializable;

export interface AvalancheJsKit {
  Address: Ctor;
  BigIntPr: Ctor;
  Byte: Ctor;
  Bytes: Ctor;
  Credential: Ctor;
  Id: Ctor & { fromHex(hex: string): AjsSerializable };
  Input: Ctor;
  Int: Ctor;
  OutputOwners: Ctor;
  Signature: Ctor;
  Stringpr: Ctor;
  TransferInput: Ctor;
  TransferOutput: Ctor;
  avaxSerial: { BaseTx: Ctor; TransferableOutput: Ctor; TransferableInput: Ctor; UTXOID: Ctor; SignedTx: Ctor };
  pvmSerial: { BaseTx: Ctor; ImportTx: Ctor; AdvanceTimeTx: Ctor };
  avmSerial: { BaseTx: Ctor; ExportTx: Ctor; CreateAssetTx: Ctor; InitialState: Ctor; getAVMManager(): { getDefaultCodec(): AjsCodec } };
}

export const ajs = avalanchejs as unknown as AvalancheJsKit;
