import { LinearReader } from '../linear/reader.js';

/**
 * The codec-manager envelope shared by every container (codec/manager.go): size limit, `u16` codec version,
 * then an interface value's `u32` type ID. Messages match AvalancheGo's.
 */
export function openEnvelope(bytes: Uint8Array, maxSize: number, versions: readonly number[] = [0]): { reader: LinearReader; version: number } {
  if (bytes.length > maxSize) throw new Error(`byte array exceeds maximum length: ${bytes.length} > ${maxSize}`);
  if (bytes.length < 2) throw new Error("couldn't unpack codec version");
  const reader = new LinearReader(bytes);
  const version = reader.u16();
  if (!versions.includes(version)) throw new Error('unknown codec version');
  return { reader, version };
}

export function readTypeId(reader: LinearReader): number {
  if (reader.remaining < 4) throw new Error("couldn't unmarshal interface: packer has insufficient length for input");
  return reader.u32();
}

export function unknownTypeId(typeId: number): Error {
  return new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
}

export function finish(reader: LinearReader): void {
  if (reader.remaining !== 0) throw new Error(`trailing buffer space: read ${reader.pos} provided ${reader.bytes.length}`);
}
