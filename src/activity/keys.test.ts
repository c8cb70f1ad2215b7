import { describe, expect, it } from 'vitest';
import { fundedKeys, userActors, xAddressOf } from './keys.js';

describe('activity keys', () => {
  it('derives the documented dev accounts and ewoq', () => {
    const k = fundedKeys();
    // anvil's first two accounts for the default mnemonic.
    expect(k.dev[0]!.eth).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(k.dev[0]!.privateKeyHex).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(k.dev[1]!.eth).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(k.dev).toHaveLength(10);
    expect(xAddressOf('local', k.ewoq)).toBe('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(k.ewoq.eth).toBe('0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC');
    expect(() => fundedKeys('not a mnemonic')).toThrow('invalid mnemonic');
  });

  it('derives users from the seed', () => {
    const a = userActors('s', 4);
    expect(a.map((u) => u.name)).toEqual(['user0', 'user1', 'user2', 'user3']);
    expect(userActors('s', 4).map((u) => u.eth)).toEqual(a.map((u) => u.eth));
    expect(userActors('t', 1)[0]!.eth).not.toBe(a[0]!.eth);
    expect(new Set(a.map((u) => u.eth)).size).toBe(4);
  });
});
