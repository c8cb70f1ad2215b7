/**
 * platformvm.L1ValidatorRegistrationJustification (proto/platformvm/platformvm.proto): the justification for an
 * L1ValidatorRegistration{registered: false} signature request.
 *
 *   oneof preimage { SubnetIDIndex convert_subnet_to_l1_tx_data = 1; bytes register_l1_validator_message = 2; }
 *   message SubnetIDIndex { bytes subnet_id = 1; uint32 index = 2; }
 */
export type RegistrationJustification =
  | { preimage: 'ConvertSubnetToL1TxData'; subnetId: Uint8Array; index: number }
  | { preimage: 'RegisterL1ValidatorMessage'; message: Uint8Array }
  | { preimage: undefined };

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;
const INVALID = 'proto: cannot parse invalid wire-format data';

class ProtoReader {
  pos = 0;
  constructor(private readonly b: Uint8Array) {}
  get done(): boolean { return this.pos >= this.b.length; }
  varint(): bigint {
    let v = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.b.length) throw new Error(INVALID);
      const byte = this.b[this.pos++]!;
      v |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return v;
    }
    throw new Error(INVALID);
  }
  take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.b.length) throw new Error(INVALID);
    const v = this.b.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
  skip(wire: number): void {
    if (wire === WIRE_VARINT) this.varint();
    else if (wire === WIRE_I64) this.take(8);
    else if (wire === WIRE_LEN) this.take(Number(this.varint()));
    else if (wire === WIRE_I32) this.take(4);
    else throw new Error(INVALID);
  }
  /** Iterates (field number, wire type) until the end. */
  *fields(): Generator<[number, number]> {
    while (!this.done) {
      const key = this.varint();
      const field = Number(key >> 3n);
      if (field === 0) throw new Error(INVALID);
      yield [field, Number(key & 7n)];
    }
  }
}

function parseSubnetIdIndex(b: Uint8Array): { subnetId: Uint8Array; index: number } {
  const r = new ProtoReader(b);
  let subnetId = new Uint8Array(0);
  let index = 0;
  for (const [field, wire] of r.fields()) {
    if (field === 1 && wire === WIRE_LEN) subnetId = r.take(Number(r.varint())).slice();
    else if (field === 2 && wire === WIRE_VARINT) index = Number(r.varint() & 0xffffffffn);
    else r.skip(wire);
  }
  return { subnetId, index };
}

export function parseRegistrationJustification(bytes: Uint8Array): RegistrationJustification {
  const r = new ProtoReader(bytes);
  let out: RegistrationJustification = { preimage: undefined };
  for (const [field, wire] of r.fields()) {
    if (field === 1 && wire === WIRE_LEN) out = { preimage: 'ConvertSubnetToL1TxData', ...parseSubnetIdIndex(r.take(Number(r.varint()))) };
    else if (field === 2 && wire === WIRE_LEN) out = { preimage: 'RegisterL1ValidatorMessage', message: r.take(Number(r.varint())).slice() };
    else r.skip(wire);
  }
  return out;
}

function varint(n: bigint): number[] {
  const out: number[] = [];
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n > 0n) byte |= 0x80;
    out.push(byte);
  } while (n > 0n);
  return out;
}

function lenField(field: number, body: Uint8Array): number[] {
  return [...varint(BigInt((field << 3) | WIRE_LEN)), ...varint(BigInt(body.length)), ...body];
}

export function encodeRegistrationJustification(j: Exclude<RegistrationJustification, { preimage: undefined }>): Uint8Array {
  if (j.preimage === 'RegisterL1ValidatorMessage') return Uint8Array.from(lenField(2, j.message));
  const inner: number[] = [];
  if (j.subnetId.length > 0) inner.push(...lenField(1, j.subnetId));
  if (j.index !== 0) inner.push(...varint(BigInt((2 << 3) | WIRE_VARINT)), ...varint(BigInt(j.index)));
  return Uint8Array.from(lenField(1, Uint8Array.from(inner)));
}
