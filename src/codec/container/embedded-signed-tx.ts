import { sha256 } from '../../lib/hash.js';
import type { LinearReader } from '../linear/reader.js';
import type { LinearWriter } from '../linear/writer.js';
import { avalanchejsCodec, codecTypeTable, codecWithTypes, type AjsCodec, type AjsSerializable, type AjsVm } from './avalanchejs.js';
import { sameBytes } from '../../lib/bytes.js';

/**
 * Signed txs embedded in P/X blocks: `u32 typeID + unsigned fields | u32 nCreds | creds`, i.e. the standalone signed
 * tx without its `u16` codec version. Records keep the standalone form (with the version); this module adds/strips it.
 * avalanchejs' codec parses the tx only to find where it ends.
 */
export type TxVm = AjsVm;

/** Type IDs that implement UnsignedTx in each VM's codec (a block may embed nothing else as a tx). */
const TX_TYPE_IDS: Record<TxVm, ReadonlySet<number>> = {
  PVM: new Set([12, 13, 14, 15, 16, 17, 18, 19, 20, 23, 24, 25, 26, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42]),
  AVM: new Set([0, 1, 2, 3, 4]),
};

const SIGNER_TYPE_ID = 28;
const PROOF_OF_POSSESSION_LEN = 48 + 96;

/**
 * A codec whose signer.ProofOfPossession (type 28) keeps its 144 bytes raw. avalanchejs verifies the BLS proof (a
 * pairing, ~35 ms) while parsing; AvalancheGo's parser reads the bytes as they are and checks them when executing.
 * The raw class extends avalanchejs' Signer because some of its txs check `instanceof Signer`.
 */
function pvmMeasuringCodec(): AjsCodec {
  const base = avalanchejsCodec('PVM');
  const types = codecTypeTable(base);
  const Signer = types[SIGNER_TYPE_ID] as new (proof: unknown) => AjsSerializable;
  class RawProofOfPossession extends Signer {
    constructor(readonly raw: Uint8Array = new Uint8Array(PROOF_OF_POSSESSION_LEN)) {
      super(undefined);
    }
    static fromBytes(bytes: Uint8Array): [RawProofOfPossession, Uint8Array] {
      if (bytes.length < PROOF_OF_POSSESSION_LEN) throw new Error('not enough bytes for a proof of possession');
      return [new RawProofOfPossession(bytes.slice(0, PROOF_OF_POSSESSION_LEN)), bytes.subarray(PROOF_OF_POSSESSION_LEN)];
    }
    override toBytes(): Uint8Array {
      return this.raw;
    }
  }
  types[SIGNER_TYPE_ID] = RawProofOfPossession;
  return codecWithTypes(base, types);
}

const codecs = new Map<TxVm, AjsCodec>();
function codecFor(vm: TxVm): AjsCodec {
  let c = codecs.get(vm);
  if (!c) {
    c = vm === 'PVM' ? pvmMeasuringCodec() : avalanchejsCodec(vm);
    codecs.set(vm, c);
  }
  return c;
}

/** TxID = sha256 of the standalone signed tx bytes (codec version included). */
export function txIdOf(signedTxBytes: Uint8Array): Uint8Array {
  return sha256(signedTxBytes);
}

/** Appends an embedded tx: the standalone signed bytes minus their `u16 0` codec version. */
export function writeEmbeddedSignedTx(w: LinearWriter, signedTx: Uint8Array, index: number): void {
  if (signedTx.length < 2 + 4 + 4 || signedTx[0] !== 0 || signedTx[1] !== 0) {
    throw new Error(`tx ${index} is not a standalone signed tx with codec version 0`);
  }
  w.raw(signedTx.subarray(2));
}

/**
 * Reads one embedded tx at the reader's position and returns it in standalone form (`u16 0` prepended).
 * The tx must re-serialize byte-for-byte: avalanchejs reads past short buffers silently, and a canonical
 * re-encoding is what AvalancheGo would have produced, so a mismatch means truncated or non-canonical bytes.
 */
export function readEmbeddedSignedTx(r: LinearReader, vm: TxVm, index: number): Uint8Array {
  const start = r.pos;
  const all = r.bytes.subarray(start);
  if (all.length < 4) throw new Error(`couldn't unmarshal tx ${index}: packer has insufficient length for input`);
  const typeId = new DataView(all.buffer, all.byteOffset, 4).getUint32(0);
  if (!TX_TYPE_IDS[vm].has(typeId)) {
    throw new Error(`couldn't unmarshal tx ${index}: couldn't unmarshal interface: type ID ${typeId} is not a ${vm === 'PVM' ? 'P' : 'X'}-chain tx`);
  }
  // Parse within a growing window: avalanchejs copies the remaining buffer at every field, so handing it a whole
  // block per tx would make many-tx blocks quadratic.
  let window = Math.min(all.length, 4096);
  for (;;) {
    const measured = measure(all.subarray(0, window), vm);
    if (typeof measured === 'number') {
      r.fixed(measured);
      const out = new Uint8Array(2 + measured);
      out.set(all.subarray(0, measured), 2);
      return out;
    }
    if (window === all.length) throw new Error(`couldn't unmarshal tx ${index}: ${measured.reason}`);
    window = Math.min(all.length, window * 4);
  }
}

/** The tx's length when `buf` starts with a complete, canonically encoded signed tx; otherwise why not. */
function measure(buf: Uint8Array, vm: TxVm): number | { reason: string } {
  const codec = codecFor(vm);
  try {
    // SignedTx = interface value (unsigned tx) followed by `[]` interface values (credentials).
    const [unsignedTx, afterTx] = codec.UnpackPrefix(buf);
    if (afterTx.length < 4) return { reason: 'not enough bytes for the credentials' };
    const nCreds = new DataView(afterTx.buffer, afterTx.byteOffset, 4).getUint32(0);
    let rest = afterTx.subarray(4);
    const creds: AjsSerializable[] = [];
    for (let i = 0; i < nCreds; i++) {
      if (rest.length === 0) return { reason: 'not enough bytes for the credentials' };
      const [cred, next] = codec.UnpackPrefix(rest);
      creds.push(cred);
      rest = next;
    }
    const length = buf.length - rest.length;
    const unsigned = codec.PackPrefix(unsignedTx);
    const packedCreds = codec.PackPrefixList(creds);
    const canonical = unsigned.length + packedCreds.length === length &&
      sameBytes(unsigned, buf.subarray(0, unsigned.length)) &&
      sameBytes(packedCreds, buf.subarray(unsigned.length, length));
    return canonical ? length : { reason: 'truncated or non-canonical encoding' };
  } catch (err) {
    return { reason: err instanceof Error ? err.message : String(err) };
  }
}

