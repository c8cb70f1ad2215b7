import secp256k1 from 'secp256k1';
import { describe, expect, it } from 'vitest';
import { LinearReader } from '../../../codec/linear/reader.js';
import { ripemd160, sha256 } from '../../../lib/hash.js';
import type { AvmTx } from '../avm/avm-tx.js';
import { PVM_TYPES, readOutput, type TxOutput } from './avax-components.js';
import { genesisAddressCandidates, genesisUtxoRows, GENESIS_TX_ID, isGenesisUtxo, spentGenesisUtxos } from './genesis-utxos.js';
import type { PlatformTx } from './platform-tx.js';

const addr = (b: number) => new Uint8Array(20).fill(b);
const id = (b: number) => new Uint8Array(32).fill(b);
const output = (amount: bigint, owner: Uint8Array, stakeableLocktime?: bigint): TxOutput => ({
  typeId: stakeableLocktime === undefined ? 7 : 22, kind: 'transfer', amount, owners: { locktime: 0n, threshold: 1, addresses: [owner] },
  ...(stakeableLocktime !== undefined ? { stakeableLocktime } : {}), bytes: new Uint8Array([0, 0, 0, 7]),
});
const ctx = { chain: 1, blockchainId: id(0), avaxAssetId: id(9) };

describe('P-chain genesis UTXOs', () => {
  it('keeps the UTXOs the genesis created (empty tx id), once each, in output order, stakeable locks kept', () => {
    const utxos = [
      { txId: GENESIS_TX_ID, outputIndex: 1, assetId: id(9), output: output(10n, addr(1), 1_900_000_000n) },
      { txId: id(5), outputIndex: 0, assetId: id(9), output: output(3n, addr(1)) },
      { txId: GENESIS_TX_ID, outputIndex: 0, assetId: id(9), output: output(20n, addr(1)) },
      { txId: GENESIS_TX_ID, outputIndex: 0, assetId: id(9), output: output(20n, addr(1)) },
    ];
    expect(utxos.map(isGenesisUtxo)).toEqual([true, false, true, true]);
    const rows = genesisUtxoRows(ctx, utxos, 1_600_000_000n);
    expect(rows.map((r) => [r.outputIndex, r.amount, r.stakeableLocktime, r.blockHeight, r.blockTimestamp])).toEqual([
      [0, 20n, undefined, 0n, 1_600_000_000n], [1, 10n, 1_900_000_000n, 0n, 1_600_000_000n],
    ]);
    expect(rows[0]!.creatingTxId).toEqual(GENESIS_TX_ID);
    expect(rows[0]!.createdOn).toEqual(ctx.blockchainId);
    expect(rows[0]!.staked).toBe(false);
  });

  it('asks about the X-chain genesis holders and the genesis stakers\' owners, once each', () => {
    const xGenesis = { unsigned: { type: 'CreateAssetTx', initialStates: [{ fxIndex: 0, outputs: [output(1n, addr(1)), output(2n, addr(2))] }] } } as unknown as AvmTx;
    const staking = {
      unsigned: { type: 'AddValidatorTx', stake: [{ assetId: id(9), output: output(5n, addr(2)) }], rewardsOwner: { locktime: 0n, threshold: 1, addresses: [addr(3)] } },
    } as unknown as PlatformTx;
    expect(genesisAddressCandidates({ xGenesis, stakingTxs: [staking] })).toEqual([addr(1), addr(2), addr(3)]);
    expect(genesisAddressCandidates({ stakingTxs: [] })).toEqual([]);
  });
});

describe('genesis UTXOs rebuilt from their spends', () => {
  const key = new Uint8Array(32).fill(7);
  const owner = ripemd160(sha256(secp256k1.publicKeyCreate(key, true)));
  const unsignedBytes = new Uint8Array([0, 0, 1, 2, 3]);
  const sign = () => {
    const { signature, recid } = secp256k1.ecdsaSign(sha256(unsignedBytes), key);
    return new Uint8Array([...signature, recid]);
  };
  const input = (outputIndex: number, txId: Uint8Array, stakeableLocktime?: bigint) => ({
    txId, outputIndex, assetId: id(9), typeId: stakeableLocktime === undefined ? 5 : 21, amount: 1000n + BigInt(outputIndex), sigIndices: [0],
    ...(stakeableLocktime !== undefined ? { stakeableLocktime } : {}),
  });

  it('gives each spent genesis output its amount, lock and signer as owner, with the bytes the node stores', () => {
    const tx = {
      unsignedBytes, credentials: [{ typeId: 9, signatures: [sign()] }, { typeId: 9, signatures: [sign()] }, { typeId: 9, signatures: [sign()] }],
      unsigned: { type: 'BaseTx', base: { inputs: [input(0, GENESIS_TX_ID), input(3, id(4)), input(1, GENESIS_TX_ID, 1_900_000_000n)] } },
    } as unknown as PlatformTx;
    const utxos = spentGenesisUtxos([tx]);
    expect(utxos.map((u) => [u.outputIndex, u.output.amount, u.output.stakeableLocktime])).toEqual([[0, 1000n, undefined], [1, 1001n, 1_900_000_000n]]);
    for (const u of utxos) {
      expect(u.output.owners).toEqual({ locktime: 0n, threshold: 1, addresses: [owner] });
      const reread = readOutput(new LinearReader(u.output.bytes), PVM_TYPES);
      expect(reread).toEqual(u.output);
    }
  });

  it('skips inputs it cannot attribute: no signature, or more than one signer', () => {
    const tx = {
      unsignedBytes, credentials: [{ typeId: 9, signatures: [] }, { typeId: 9, signatures: [sign(), sign()] }],
      unsigned: { type: 'BaseTx', base: { inputs: [input(0, GENESIS_TX_ID), { ...input(1, GENESIS_TX_ID), sigIndices: [0, 1] }] } },
    } as unknown as PlatformTx;
    expect(spentGenesisUtxos([tx])).toEqual([]);
  });
});
