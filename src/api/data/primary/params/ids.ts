import { cb58Decode } from '../../../../lib/cb58.js';
import { BadRequestError } from '../../../http/errors/http-errors.js';

/**
 * Path and query values that name ids: 32-byte ids in cb58 (tx, block, subnet, validation ids; validation
 * ids and subnet ids may also be 0x-hex), node ids as NodeID-<cb58>. A malformed value is a 400 naming it.
 */

function decodeCb58(text: string): Uint8Array | undefined {
  try {
    return cb58Decode(text);
  } catch {
    return undefined;
  }
}

function decodeHex(text: string, length: number): Uint8Array | undefined {
  const m = /^0x([0-9a-fA-F]*)$/.exec(text);
  if (!m || m[1]!.length !== length * 2) return undefined;
  return new Uint8Array(Buffer.from(m[1]!, 'hex'));
}

/** A 32-byte id in cb58. */
export function parseId(name: string, text: string): Uint8Array {
  const id = decodeCb58(text);
  if (!id || id.length !== 32) throw new BadRequestError(`${name} must be a cb58-encoded 32-byte id, got ${JSON.stringify(text)}`);
  return id;
}

/** A 32-byte id in cb58 or 0x-hex (validation ids, signing subnet ids). */
export function parseIdOrHex(name: string, text: string): Uint8Array {
  const id = text.startsWith('0x') ? decodeHex(text, 32) : decodeCb58(text);
  if (!id || id.length !== 32) throw new BadRequestError(`${name} must be a 32-byte id in cb58 or 0x-prefixed hex, got ${JSON.stringify(text)}`);
  return id;
}

/** NodeID-<cb58>. Primary-network node ids are 20 bytes; L1 validators' node ids may be longer. */
export function parseNodeId(name: string, text: string, options: { anyLength?: boolean } = {}): Uint8Array {
  const id = text.startsWith('NodeID-') ? decodeCb58(text.slice('NodeID-'.length)) : undefined;
  if (!id || (options.anyLength ? id.length === 0 : id.length !== 20)) {
    throw new BadRequestError(`${name} must be a node id in the format NodeID-<cb58>, got ${JSON.stringify(text)}`);
  }
  return id;
}

/** A comma-separated list; empty pieces dropped. */
export function splitList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}
