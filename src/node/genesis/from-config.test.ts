import { describe, it, expect } from 'vitest';
import * as avalanchejs from '@avalabs/avalanchejs';
import { ajs } from '../../codec/container/avalanchejs-kit.fixtures.js';
import type { AjsSerializable } from '../../codec/container/avalanchejs.js';
import { formatAddress } from '../../lib/bech32-address.js';
import { nodeIdToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { bytesToHex } from '../../lib/hex.js';
import { avaxAssetIdFromAvmGenesis, decodeAvmGenesis } from '../../codec/avm/genesis.js';
import { fromConfig, splitAllocations } from './from-config.js';
import type { GenesisConfig } from './genesis-config.js';
import { buildLocalGenesis } from './local-genesis.js';
import { AVM_ID, EVM_ID, NFTFX_ID, PROPERTYFX_ID, SECP256K1FX_ID, ZERO_ID } from './network-constants.js';
import { decodePlatformGenesis, encodePlatformGenesis, genesisTxId } from '../../codec/platformvm/genesis.js';
import type { CreateChainTx, OutputOwners as GenesisOwners, PlatformOutput, ValidatorTx } from '../../codec/platformvm/genesis.js';
import { parseGenesisConfig } from './unparsed-config.js';
import { deriveValidatorKeys } from './validator-keys.js';

const { Address, BigIntPr, Byte, Bytes, Id, Input, Int, OutputOwners, Stringpr, TransferOutput, avaxSerial, avmSerial } = ajs;
type Ctor = new (...args: unknown[]) => AjsSerializable;
const { pvmSerial: pvm, NodeId } = avalanchejs as unknown as {
  pvmSerial: Record<'CreateChainTx' | 'AddValidatorTx' | 'AddPermissionlessValidatorTx' | 'Validator' | 'SubnetValidator' | 'Signer' | 'SignerEmpty' | 'ProofOfPossession' | 'StakeableLockOut', Ctor>;
  NodeId: Ctor;
};

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const addr = (n: number) => new Uint8Array(20).fill(n);
const eth = (n: number) => new Uint8Array(20).fill(0xe0 + n);

const NETWORK_ID = 4242;
const START = 1_700_000_000n;
const DURATION = 31_536_000n;
const OFFSET = 5_400n;
const keys = [0, 1, 2].map((i) => deriveValidatorKeys('from-config test', i));
const signerOf = (i: number) => ({ publicKey: keys[i]!.blsPublicKey, proofOfPossession: keys[i]!.blsProofOfPossession });

/**
 * A small hand-written config: address 4's P-chain amounts are initially staked (900 over 3 stakers); addresses 1
 * and 2 get P-chain UTXOs (one stakeable-locked, one with a locktime already past, one zero amount to skip); 1–3
 * hold X-chain AVAX, 2 and 3 with equal amounts so the address breaks the tie.
 */
function handConfig(): GenesisConfig {
  return {
    networkId: NETWORK_ID,
    allocations: [
      {
        ethAddr: eth(1), avaxAddr: addr(1), initialAmount: 300n,
        unlockSchedule: [{ amount: 50n, locktime: 0n }, { amount: 40n, locktime: START + 1000n }, { amount: 0n, locktime: 0n }],
      },
      { ethAddr: eth(2), avaxAddr: addr(2), initialAmount: 100n, unlockSchedule: [{ amount: 30n, locktime: START - 1n }] },
      { ethAddr: eth(3), avaxAddr: addr(3), initialAmount: 100n, unlockSchedule: [] },
      {
        ethAddr: eth(4), avaxAddr: addr(4), initialAmount: 0n,
        unlockSchedule: [{ amount: 600n, locktime: 0n }, { amount: 300n, locktime: START + 5000n }],
      },
    ],
    startTime: START,
    initialStakeDuration: DURATION,
    initialStakeDurationOffset: OFFSET,
    initialStakedFunds: [addr(4)],
    initialStakers: [
      { nodeId: keys[0]!.nodeId, rewardAddress: addr(1), delegationFee: 20_000, signer: signerOf(0) },
      { nodeId: keys[1]!.nodeId, rewardAddress: addr(2), delegationFee: 10_000 },
      { nodeId: keys[2]!.nodeId, rewardAddress: addr(1), delegationFee: 0, signer: signerOf(2) },
    ],
    cChainGenesis: '{"config":{"chainId":4242},"alloc":{}}',
    message: 'hand-written config',
  };
}

const transfer = (amount: bigint, address: Uint8Array) => ({ type: 'TransferOutput' as const, amount, owners: { locktime: 0n, threshold: 1, addresses: [address] } });
const locked = (locktime: bigint, amount: bigint, address: Uint8Array) => ({ type: 'StakeableLockOut' as const, locktime, output: transfer(amount, address) });

// ---- avalanchejs re-serializations (an independent encoder for the tx ids)
const ajsId = (b: Uint8Array) => Id.fromHex('0x' + hex(b));
const ajsOwners = (o: GenesisOwners) => new OutputOwners(new BigIntPr(o.locktime), new Int(o.threshold), o.addresses.map((a) => new Address(a)));
const ajsGenesisBase = () => new avaxSerial.BaseTx(new Int(NETWORK_ID), ajsId(ZERO_ID), [], [], new Bytes(new Uint8Array(0)));
function ajsOutput(o: PlatformOutput): AjsSerializable {
  const out = (t: typeof o & { type: 'TransferOutput' }) => new TransferOutput(new BigIntPr(t.amount), ajsOwners(t.owners));
  return o.type === 'TransferOutput' ? out(o) : new pvm.StakeableLockOut(new BigIntPr(o.locktime), out(o.output));
}
function ajsSignedTxBytes(tx: CreateChainTx | ValidatorTx): Uint8Array {
  let unsigned: AjsSerializable;
  if (tx.type === 'CreateChainTx') {
    unsigned = new pvm.CreateChainTx(ajsGenesisBase(), ajsId(tx.subnetId), new Stringpr(tx.chainName), ajsId(tx.vmId), tx.fxIds.map(ajsId), new Bytes(tx.genesisData), new Input([]));
  } else {
    const v = tx.validator;
    const validator = new pvm.Validator(new NodeId(v.nodeId), new BigIntPr(v.start), new BigIntPr(v.end), new BigIntPr(v.weight));
    const stake = tx.stake.map((s) => new avaxSerial.TransferableOutput(ajsId(s.assetId), ajsOutput(s.output)));
    unsigned = tx.type === 'AddValidatorTx'
      ? new pvm.AddValidatorTx(ajsGenesisBase(), validator, stake, ajsOwners(tx.rewardsOwner), new Int(tx.delegationShares))
      : new pvm.AddPermissionlessValidatorTx(
        ajsGenesisBase(), new pvm.SubnetValidator(validator, ajsId(tx.subnetId)),
        tx.signer ? new pvm.Signer(new pvm.ProofOfPossession(tx.signer.publicKey, tx.signer.proofOfPossession)) : new pvm.SignerEmpty(),
        stake, ajsOwners(tx.validatorRewardsOwner), ajsOwners(tx.delegatorRewardsOwner), new Int(tx.delegationShares),
      );
  }
  return new avaxSerial.SignedTx(unsigned, []).toBytes();
}

describe('fromConfig on a hand-written config', () => {
  const config = handConfig();
  const result = fromConfig(config);
  const g = result.platformGenesis;

  it('is deterministic and does not depend on the config object identity', () => {
    const again = fromConfig(handConfig());
    expect(hex(again.platformGenesisBytes)).toBe(hex(result.platformGenesisBytes));
    expect(hex(again.avmGenesisBytes)).toBe(hex(result.avmGenesisBytes));
    expect(hex(again.avaxAssetId)).toBe(hex(result.avaxAssetId));
    expect(hex(fromConfig({ ...handConfig(), message: 'other' }).platformGenesisBytes)).not.toBe(hex(result.platformGenesisBytes));
  });

  it('gives the same bytes from the equivalent genesis JSON', () => {
    const x = (a: Uint8Array) => formatAddress('X', 'custom', a);
    const json = JSON.stringify({
      networkID: NETWORK_ID,
      allocations: config.allocations.map((a) => ({
        ethAddr: bytesToHex(a.ethAddr),
        avaxAddr: x(a.avaxAddr),
        initialAmount: Number(a.initialAmount),
        unlockSchedule: a.unlockSchedule.map((u) => ({ amount: u.amount.toString(), locktime: Number(u.locktime) })),
      })),
      startTime: Number(START),
      initialStakeDuration: Number(DURATION),
      initialStakeDurationOffset: Number(OFFSET),
      initialStakedFunds: [x(addr(4))],
      initialStakers: config.initialStakers.map((s) => ({
        nodeID: nodeIdToString(s.nodeId),
        rewardAddress: x(s.rewardAddress),
        delegationFee: s.delegationFee,
        ...(s.signer ? { signer: { publicKey: '0x' + hex(s.signer.publicKey), proofOfPossession: '0x' + hex(s.signer.proofOfPossession) } } : {}),
      })),
      cChainGenesis: config.cChainGenesis,
      message: config.message,
    });
    expect(hex(fromConfig(parseGenesisConfig(json)).platformGenesisBytes)).toBe(hex(result.platformGenesisBytes));
  });

  it('lays out the X genesis as the AVAX CreateAssetTx and derives the AVAX asset id from it', () => {
    // X allocations sorted by (amount, address): 2, 3, then 1; memo = their ETH addresses in that order.
    const xOut = (amount: bigint, a: number) => new TransferOutput(new BigIntPr(amount), ajsOwners({ locktime: 0n, threshold: 1, addresses: [addr(a)] }));
    const createAsset = new avmSerial.CreateAssetTx(
      new avaxSerial.BaseTx(new Int(NETWORK_ID), ajsId(ZERO_ID), [], [], new Bytes(new Uint8Array([...eth(2), ...eth(3), ...eth(1)]))),
      new Stringpr('Avalanche'),
      new Stringpr('AVAX'),
      new Byte(Uint8Array.of(9)),
      [new avmSerial.InitialState(new Int(0), [xOut(100n, 2), xOut(100n, 3), xOut(300n, 1)])],
    );
    const packed = avmSerial.getAVMManager().getDefaultCodec().PackPrefix(createAsset); // u32 type id 1 ‖ fields
    expect(hex(packed.subarray(0, 4))).toBe('00000001');
    // Genesis: u16 0 | u32 1 asset | str alias | CreateAssetTx fields (no type id).
    expect(hex(result.avmGenesisBytes)).toBe('0000' + '00000001' + '0004' + hex(new TextEncoder().encode('AVAX')) + hex(packed.subarray(4)));
    // Asset id = id of the CreateAssetTx signed with no credentials.
    expect(hex(result.avaxAssetId)).toBe(hex(sha256(new Uint8Array([0, 0, ...packed, 0, 0, 0, 0]))));
    expect(hex(avaxAssetIdFromAvmGenesis(result.avmGenesisBytes))).toBe(hex(result.avaxAssetId));
    expect(decodeAvmGenesis(result.avmGenesisBytes)).toHaveLength(1);
  });

  it('makes P-chain UTXOs of the unstaked unlock schedules, stakeable-locked only when locked past the start', () => {
    expect(g.utxos).toEqual([
      { txId: ZERO_ID, outputIndex: 0, assetId: result.avaxAssetId, output: transfer(50n, addr(1)), message: eth(1) },
      { txId: ZERO_ID, outputIndex: 1, assetId: result.avaxAssetId, output: locked(START + 1000n, 40n, addr(1)), message: eth(1) },
      { txId: ZERO_ID, outputIndex: 2, assetId: result.avaxAssetId, output: transfer(30n, addr(2)), message: eth(2) },
    ]);
    expect(g.initialSupply).toBe(300n + 50n + 40n + 30n + 100n + 100n + 600n + 300n);
    expect(g.timestamp).toBe(START);
    expect(g.message).toBe('hand-written config');
  });

  it('splits the staked funds evenly over the stakers, as AddValidatorTx without a signer', () => {
    // End times fall by the offset per staker; the list is the min-heap layout after pushing stakers 0, 1, 2.
    expect(g.validators.map((v) => nodeIdToString(v.validator.nodeId))).toEqual([2, 0, 1].map((i) => keys[i]!.nodeIdString));
    const byNode = (i: number) => g.validators.find((v) => hex(v.validator.nodeId) === hex(keys[i]!.nodeId))!;
    expect([0, 1, 2].map((i) => byNode(i).validator.end)).toEqual([START + DURATION, START + DURATION - OFFSET, START + DURATION - 2n * OFFSET]);
    expect([0, 1, 2].map((i) => byNode(i).validator)).toMatchObject([{ start: START, weight: 300n }, { start: START, weight: 300n }, { start: START, weight: 300n }]);
    // Staker 1 fills up exactly where the locked unlock entry starts, so (as genesis.splitAllocations does) it also
    // gets a zero-amount piece of that entry.
    expect([0, 1, 2].map((i) => byNode(i).stake.map((s) => s.output))).toEqual([
      [transfer(300n, addr(4))],
      [transfer(300n, addr(4)), locked(START + 5000n, 0n, addr(4))],
      [locked(START + 5000n, 300n, addr(4))],
    ]);
    expect(byNode(1)).toMatchObject({ type: 'AddValidatorTx', delegationShares: 10_000, rewardsOwner: { locktime: 0n, threshold: 1, addresses: [addr(2)] } });
    expect(byNode(0)).toMatchObject({ type: 'AddPermissionlessValidatorTx', subnetId: ZERO_ID, signer: signerOf(0), delegationShares: 20_000 });
    expect(byNode(2)).toMatchObject({ type: 'AddPermissionlessValidatorTx', signer: signerOf(2), delegationShares: 0 });
  });

  it('adds the X and C CreateChainTxs whose ids re-derive from avalanchejs re-serializations', () => {
    const [x, c] = g.chains;
    expect(x).toMatchObject({ chainName: 'X-Chain', vmId: AVM_ID, fxIds: [SECP256K1FX_ID, NFTFX_ID, PROPERTYFX_ID], genesisData: result.avmGenesisBytes, subnetId: ZERO_ID, subnetAuth: [] });
    expect(c).toMatchObject({ chainName: 'C-Chain', vmId: EVM_ID, fxIds: [], genesisData: new TextEncoder().encode(handConfig().cChainGenesis) });
    const genesisBytes = Buffer.from(result.platformGenesisBytes);
    for (const tx of [x!, c!, ...g.validators]) {
      const signed = ajsSignedTxBytes(tx);
      expect(hex(genesisTxId(tx))).toBe(hex(sha256(signed)));
      // Inside the genesis each tx appears as its signed form without the codec version.
      expect(genesisBytes.indexOf(Buffer.from(signed.subarray(2)))).toBeGreaterThan(0);
    }
    expect(new Set([x!, c!].map((t) => hex(genesisTxId(t)))).size).toBe(2);
  });

  it('decodes and re-encodes the P-chain genesis', () => {
    const decoded = decodePlatformGenesis(result.platformGenesisBytes);
    expect(decoded).toEqual(g);
    expect(hex(encodePlatformGenesis(decoded))).toBe(hex(result.platformGenesisBytes));
    expect(() => decodePlatformGenesis(new Uint8Array([...result.platformGenesisBytes, 0]))).toThrow('trailing buffer space');
  });

  it('refuses stakers left without weight or already unstaked', () => {
    expect(() => fromConfig({ ...handConfig(), initialStakedFunds: [] })).toThrow('validator has not weight');
    expect(() => fromConfig({ ...handConfig(), initialStakeDurationOffset: DURATION / 2n })).toThrow('validator would have already unstaked');
  });
});

describe('fromConfig on buildLocalGenesis configs', () => {
  it('reproduces the local genesis bytes from its config, and they move with the options', () => {
    const local = buildLocalGenesis({ startTime: 1_767_225_600, validatorCount: 3, devAccountCount: 1 });
    const rebuilt = fromConfig(local.config);
    expect(hex(rebuilt.platformGenesisBytes)).toBe(hex(local.pChainGenesisBytes));
    expect(hex(rebuilt.avmGenesisBytes)).toBe(hex(local.xChainGenesisBytes));
    expect(hex(rebuilt.avaxAssetId)).toBe(hex(local.avaxAssetId.id));
    expect(rebuilt.platformGenesis.validators.map((v) => v.validator.weight)).toEqual([2000n, 2000n, 2000n].map((a) => a * 10n ** 9n));
    const later = fromConfig(buildLocalGenesis({ startTime: 1_767_225_601, validatorCount: 3, devAccountCount: 1 }).config);
    expect(hex(later.platformGenesisBytes)).not.toBe(hex(local.pChainGenesisBytes));
    expect(hex(later.avaxAssetId)).toBe(hex(local.avaxAssetId.id)); // the X genesis has no time in it
  });
});

describe('splitAllocations', () => {
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

  it('keeps each piece on its own address and locktime, and a single split takes everything', () => {
    const allocations = [{ ethAddr: eth(4), avaxAddr: addr(4), initialAmount: 0n, unlockSchedule: [{ amount: 600n, locktime: 0n }, { amount: 300n, locktime: 9n }] }];
    const three = splitAllocations(allocations, 3);
    // A split that is exactly full when the next entry starts still takes a zero-amount cut of it.
    expect(three.map((g) => g.flatMap((a) => a.unlockSchedule))).toEqual([
      [{ amount: 300n, locktime: 0n }],
      [{ amount: 300n, locktime: 0n }, { amount: 0n, locktime: 9n }],
      [{ amount: 300n, locktime: 9n }],
    ]);
    expect(three.flat().every((a) => hex(a.avaxAddr) === hex(addr(4)))).toBe(true);
    expect(splitAllocations(allocations, 1).map((g) => g.flatMap((a) => a.unlockSchedule))).toEqual([allocations[0]!.unlockSchedule]);
  });
});
