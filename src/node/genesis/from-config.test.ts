import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { idToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { fromConfig, splitAllocations } from './from-config.js';
import { decodePlatformGenesis, encodePlatformGenesis, genesisTxId } from './platform-genesis-codec.js';
import { parseGenesisConfig } from './unparsed-config.js';

// AvalancheGo's genesis/genesis_local.json (the "unmodified" local config, before its start-time renewal).
const localJson = readFileSync(new URL('./avalanchego-local-genesis.fixture.json', import.meta.url), 'utf8');
const localConfig = parseGenesisConfig(localJson);

// Expected values from AvalancheGo's genesis/genesis_test.go (TestGenesis, TestVMGenesis, TestAVAXAssetID).
describe('fromConfig on AvalancheGo local config', () => {
  const result = fromConfig(localConfig);

  it('derives the local AVAX asset id', () => {
    expect(idToString(result.avaxAssetId)).toBe('2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe');
  });

  it('derives the local X and C chain ids', () => {
    const [x, c] = result.platformGenesis.chains;
    expect(idToString(genesisTxId(x!))).toBe('2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed');
    expect(idToString(genesisTxId(c!))).toBe('2owdGqyG6FFzTHy5qhenDXQcEghvr571KZE3gSfRJERSJinuwC');
  });

  it('produces byte-identical P-chain genesis (sha256 matches AvalancheGo)', () => {
    expect(idToString(sha256(result.platformGenesisBytes))).toBe('2nRRoR76HuEk1JjDpRdN8FKvZFvUXWxY3b9C5rZRPFjcgEh7S7');
  });

  it('decodes and re-encodes the P-chain genesis', () => {
    const decoded = decodePlatformGenesis(result.platformGenesisBytes);
    expect(decoded).toEqual(result.platformGenesis);
    expect(Buffer.from(encodePlatformGenesis(decoded)).equals(Buffer.from(result.platformGenesisBytes))).toBe(true);
    expect(decoded.validators).toHaveLength(5);
    expect(decoded.utxos).toHaveLength(3);
    expect(() => decodePlatformGenesis(new Uint8Array([...result.platformGenesisBytes, 0]))).toThrow('trailing buffer space');
  });
});

describe('splitAllocations', () => {
  const addr = (n: number): Uint8Array => new Uint8Array(20).fill(n);
  it('cuts unlock entries at the per-node weight and gives the remainder to the last node', () => {
    const groups = splitAllocations(
      [
        { ethAddr: addr(0), avaxAddr: addr(1), initialAmount: 5n, unlockSchedule: [{ amount: 7n, locktime: 1n }] },
        { ethAddr: addr(0), avaxAddr: addr(2), initialAmount: 0n, unlockSchedule: [{ amount: 4n, locktime: 2n }] },
      ],
      3,
    );
    const amounts = groups.map((g) => g.map((a) => a.unlockSchedule.map((u) => Number(u.amount))));
    expect(amounts).toEqual([[[3]], [[3]], [[1], [4]]]);
    expect(groups.flat().every((a) => a.initialAmount === 0n)).toBe(true);
  });
});
