import { describe, expect, it } from 'vitest';
import { decodeHexParam, parseUnsignedWarpMessage, unpackWarpMessage } from './warp-message.js';

function unsigned(networkId: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(42 + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(2, networkId);
  out.fill(0xcc, 6, 38);
  view.setUint32(38, payload.length);
  out.set(payload, 42);
  return out;
}

function abiEncodeBytes(b: Uint8Array): Uint8Array {
  const padded = Math.ceil(b.length / 32) * 32;
  const out = new Uint8Array(64 + padded);
  out[31] = 0x20;
  new DataView(out.buffer).setUint32(60, b.length);
  out.set(b, 64);
  return out;
}

describe('warp message parameters', () => {
  const message = unsigned(12345, Uint8Array.of(1, 2, 3, 4, 5));

  it('decodes hex with or without 0x, refusing odd lengths and non-hex', () => {
    expect(decodeHexParam('0x0102')).toEqual(Uint8Array.of(1, 2));
    expect(decodeHexParam('0102')).toEqual(Uint8Array.of(1, 2));
    expect(decodeHexParam('')).toEqual(new Uint8Array(0));
    expect(decodeHexParam('0x012')).toBeUndefined();
    expect(decodeHexParam('zz')).toBeUndefined();
  });

  it('parses an unsigned message that fills the bytes exactly', () => {
    expect(parseUnsignedWarpMessage(message)).toMatchObject({ networkId: 12345, payload: Uint8Array.of(1, 2, 3, 4, 5) });
    expect(parseUnsignedWarpMessage(message.subarray(0, message.length - 1))).toBeUndefined();
    expect(parseUnsignedWarpMessage(Uint8Array.of(...message, 0))).toBeUndefined();
    const otherCodec = message.slice();
    otherCodec[1] = 1;
    expect(parseUnsignedWarpMessage(otherCodec)).toBeUndefined();
  });

  it('unpacks SendWarpMessage log data as well as raw messages', () => {
    expect(unpackWarpMessage(abiEncodeBytes(message))?.bytes).toEqual(message);
    expect(unpackWarpMessage(message)?.bytes).toEqual(message);
    expect(unpackWarpMessage(new Uint8Array(64))).toBeUndefined();
    expect(unpackWarpMessage(Uint8Array.of(0, 1, 2))).toBeUndefined();
  });
});
