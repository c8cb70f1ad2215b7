import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '../../lib/hash.js';
import type { AjsSerializable } from '../container/avalanchejs.js';
import { ajs } from '../container/avalanchejs-kit.fixtures.js';

const { Address, BigIntPr, Byte, Bytes, Credential, Id, Input, Int, OutputOwners, Signature, Stringpr, TransferInput, TransferOutput, avaxSerial } = ajs;

type Ctor = new (...args: unknown[]) => AjsSerializable;

/** The avalanchejs 5.2.0 names used only here, typed minimally (see container/avalanchejs.ts for why). */
const extra = avalanchejs as unknown as {
  pvmSerial: Record<
    | 'BaseTx' | 'ImportTx' | 'ExportTx' | 'AdvanceTimeTx' | 'CreateSubnetTx' | 'CreateChainTx' | 'AddValidatorTx'
    | 'AddDelegatorTx' | 'AddSubnetValidatorTx' | 'RemoveSubnetValidatorTx' | 'TransformSubnetTx'
    | 'AddPermissionlessValidatorTx' | 'AddPermissionlessDelegatorTx' | 'TransferSubnetOwnershipTx' | 'ConvertSubnetToL1Tx'
    | 'RegisterL1ValidatorTx' | 'SetL1ValidatorWeightTx' | 'IncreaseL1ValidatorBalanceTx' | 'DisableL1ValidatorTx'
    | 'AddAutoRenewedValidatorTx' | 'SetAutoRenewedValidatorConfigTx' | 'RewardAutoRenewedValidatorTx'
    | 'Validator' | 'SubnetValidator' | 'Signer' | 'SignerEmpty' | 'ProofOfPossession' | 'StakeableLockIn' | 'StakeableLockOut',
    Ctor
  >;
  NodeId: Ctor;
  PChainOwner: Ctor;
  L1Validator: Ctor;
  BlsSignature: { fromSignatureBytes(bytes: Uint8Array): AjsSerializable };
};
const { pvmSerial: pvm, NodeId, PChainOwner, L1Validator, BlsSignature } = extra;

/** Signed P-chain txs built with avalanchejs serializable classes (standalone form: `u16 0` ‖ unsigned ‖ creds). */
const SECRET = new Uint8Array(32).fill(0x11);
const ADDRESS = new Uint8Array(20).fill(0x22);
const AVAX = Id.fromHex('0x' + '21e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff');
const P_CHAIN = Id.fromHex('0x' + '00'.repeat(32));
const idOf = (byte: number) => Id.fromHex('0x' + byte.toString(16).padStart(2, '0').repeat(32));
const nodeId = (byte: number) => new NodeId(new Uint8Array(20).fill(byte));
const owners = (locktime = 0n) => new OutputOwners(new BigIntPr(locktime), new Int(1), [new Address(ADDRESS)]);
const avaxOut = (amount: bigint) => new avaxSerial.TransferableOutput(AVAX, new TransferOutput(new BigIntPr(amount), owners()));
const subnetAuth = (...indices: number[]) => new Input(indices.map((i) => new Int(i)));

function avaxBase(memo: string, amount: bigint): AjsSerializable {
  const input = new avaxSerial.TransferableInput(
    new avaxSerial.UTXOID(Id.fromHex('0x' + 'ab'.repeat(32)), new Int(0)),
    AVAX,
    new TransferInput(new BigIntPr(amount + 1_000_000n), new Input([new Int(0)])),
  );
  return new avaxSerial.BaseTx(new Int(1337), P_CHAIN, [avaxOut(amount)], [input], new Bytes(new TextEncoder().encode(memo)));
}

function signed(unsigned: AjsSerializable, nSigners: number): Uint8Array {
  const unsignedBytes = new avaxSerial.SignedTx(unsigned, []).toBytes().slice(0, -4);
  const rsv = () => {
    const sig = secp256k1.sign(sha256(unsignedBytes), SECRET, { prehash: false, format: 'recovered' });
    return new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
  };
  const creds = Array.from({ length: nSigners }, () => new Credential([new Signature(rsv())]));
  return new avaxSerial.SignedTx(unsigned, creds).toBytes();
}

/** A BLS key with a valid proof of possession (avalanchejs checks it when building a ProofOfPossession). */
const BLS_SECRET = sha256(new TextEncoder().encode('firn test bls key'));
const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const BLS_SIG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
function blsSign(message: Uint8Array, dst: string): Uint8Array {
  const sigs = bls12_381.longSignatures;
  return sigs.sign(sigs.hash(message, dst), BLS_SECRET).toBytes(true);
}
function proofOfPossession(): AjsSerializable {
  const publicKey = bls12_381.longSignatures.getPublicKey(BLS_SECRET).toBytes(true);
  return new pvm.ProofOfPossession(publicKey, blsSign(publicKey, BLS_POP_DST));
}

export function pBaseTx(memo = 'firn'): Uint8Array {
  return signed(new pvm.BaseTx(avaxBase(memo, 5_000_000n)), 1);
}

export function pImportTx(): Uint8Array {
  return signed(new pvm.ImportTx(avaxBase('', 1n), Id.fromHex('0x' + 'cd'.repeat(32)), [
    new avaxSerial.TransferableInput(new avaxSerial.UTXOID(Id.fromHex('0x' + 'ef'.repeat(32)), new Int(3)), AVAX, new TransferInput(new BigIntPr(7n), new Input([new Int(0)]))),
  ]), 2);
}

export function pAdvanceTimeTx(time: bigint): Uint8Array {
  return signed(new pvm.AdvanceTimeTx(new BigIntPr(time)), 0);
}

/** avalanchejs does not export RewardValidatorTx, so this one is hand-built: `u16 0 | u32 20 | [32] txID | u32 0 creds`. */
export function pRewardValidatorTx(stakerTxId: Uint8Array): Uint8Array {
  return new Uint8Array([0, 0, 0, 0, 0, 20, ...stakerTxId, 0, 0, 0, 0]);
}

export interface CatalogTx {
  name: string;
  /** The P-chain codec type id the tx must carry. */
  typeId: number;
  bytes: Uint8Array;
}

/**
 * One signed tx of every P-chain tx type avalanchejs 5.2.0 can serialize (all but RewardValidatorTx, 20), built
 * offline from its serializable classes with made-up ids, keys and amounts.
 */
export function avalanchejsPTxCatalog(): CatalogTx[] {
  const validator = (node: number) => new pvm.Validator(nodeId(node), new BigIntPr(1_700_000_000n), new BigIntPr(1_701_209_600n), new BigIntPr(2_000_000_000_000n));
  const lockedStake = new avaxSerial.TransferableOutput(AVAX, new pvm.StakeableLockOut(new BigIntPr(1_800_000_000n), new TransferOutput(new BigIntPr(2_000_000_000_000n), owners())));
  const lockedInput = new avaxSerial.TransferableInput(
    new avaxSerial.UTXOID(idOf(0x5a), new Int(1)),
    AVAX,
    new pvm.StakeableLockIn(new BigIntPr(1_800_000_000n), new TransferInput(new BigIntPr(2_000_000_000_000n), new Input([new Int(0)]))),
  );
  const lockedBase = new avaxSerial.BaseTx(new Int(1337), P_CHAIN, [], [lockedInput], new Bytes(new Uint8Array(0)));
  const pChainOwner = new PChainOwner(new Int(1), [new Address(ADDRESS)]);
  const warpMessage = new TextEncoder().encode('opaque warp message bytes');

  const txs: [string, number, AjsSerializable, number][] = [
    ['AddValidatorTx', 12, new pvm.AddValidatorTx(lockedBase, validator(0x31), [lockedStake], owners(), new Int(20_000)), 1],
    ['AddSubnetValidatorTx', 13, new pvm.AddSubnetValidatorTx(avaxBase('', 1n), new pvm.SubnetValidator(validator(0x32), idOf(0x41)), subnetAuth(0)), 2],
    ['AddDelegatorTx', 14, new pvm.AddDelegatorTx(avaxBase('', 1n), validator(0x31), [avaxOut(25_000_000_000n)], owners()), 1],
    [
      'CreateChainTx', 15,
      new pvm.CreateChainTx(avaxBase('', 1n), idOf(0x41), new Stringpr('firn-test-chain'), idOf(0x42), [idOf(0x43)], new Bytes(new TextEncoder().encode('{"config":{}}')), subnetAuth(0, 1)),
      2,
    ],
    ['CreateSubnetTx', 16, new pvm.CreateSubnetTx(avaxBase('subnet', 1n), owners()), 1],
    ['ImportTx', 17, new pvm.ImportTx(avaxBase('', 1n), idOf(0xcd), [new avaxSerial.TransferableInput(new avaxSerial.UTXOID(idOf(0xef), new Int(3)), AVAX, new TransferInput(new BigIntPr(7n), new Input([new Int(0)])))]), 2],
    ['ExportTx', 18, new pvm.ExportTx(avaxBase('', 1n), idOf(0xcd), [avaxOut(9_000_000n)]), 1],
    ['AdvanceTimeTx', 19, new pvm.AdvanceTimeTx(new BigIntPr(1_700_000_100n)), 0],
    ['RemoveSubnetValidatorTx', 23, new pvm.RemoveSubnetValidatorTx(avaxBase('', 1n), nodeId(0x32), idOf(0x41), subnetAuth(0)), 2],
    [
      'TransformSubnetTx', 24,
      new pvm.TransformSubnetTx(
        avaxBase('', 1n), idOf(0x41), idOf(0x44), new BigIntPr(1_000_000n), new BigIntPr(10_000_000n), new BigIntPr(10_000n),
        new BigIntPr(120_000n), new BigIntPr(1n), new BigIntPr(1_000_000n), new Int(3600), new Int(31_536_000), new Int(20_000),
        new BigIntPr(1n), new Byte(Uint8Array.of(5)), new Int(800_000), subnetAuth(0),
      ),
      2,
    ],
    [
      'AddPermissionlessValidatorTx', 25,
      new pvm.AddPermissionlessValidatorTx(
        avaxBase('', 1n), new pvm.SubnetValidator(validator(0x33), P_CHAIN), new pvm.Signer(proofOfPossession()),
        [avaxOut(2_000_000_000_000n)], owners(), owners(), new Int(20_000),
      ),
      1,
    ],
    [
      'AddPermissionlessValidatorTx (subnet, empty signer)', 25,
      new pvm.AddPermissionlessValidatorTx(
        avaxBase('', 1n), new pvm.SubnetValidator(validator(0x34), idOf(0x41)), new pvm.SignerEmpty(),
        [avaxOut(5n)], owners(), owners(), new Int(0),
      ),
      1,
    ],
    ['AddPermissionlessDelegatorTx', 26, new pvm.AddPermissionlessDelegatorTx(avaxBase('', 1n), new pvm.SubnetValidator(validator(0x33), P_CHAIN), [avaxOut(25_000_000_000n)], owners()), 1],
    ['TransferSubnetOwnershipTx', 33, new pvm.TransferSubnetOwnershipTx(avaxBase('', 1n), idOf(0x41), subnetAuth(0), owners(7n)), 2],
    ['BaseTx', 34, new pvm.BaseTx(avaxBase('firn', 5_000_000n)), 1],
    [
      'ConvertSubnetToL1Tx', 35,
      new pvm.ConvertSubnetToL1Tx(
        avaxBase('', 1n), idOf(0x41), idOf(0x45), new Bytes(new Uint8Array(20).fill(0x46)),
        [new L1Validator(new Bytes(new Uint8Array(20).fill(0x35)), new BigIntPr(100n), new BigIntPr(1_000_000_000n), proofOfPossession(), pChainOwner, pChainOwner)],
        subnetAuth(0),
      ),
      2,
    ],
    [
      'RegisterL1ValidatorTx', 36,
      new pvm.RegisterL1ValidatorTx(avaxBase('', 1n), new BigIntPr(1_000_000_000n), BlsSignature.fromSignatureBytes(blsSign(warpMessage, BLS_SIG_DST)), new Bytes(warpMessage)),
      1,
    ],
    ['SetL1ValidatorWeightTx', 37, new pvm.SetL1ValidatorWeightTx(avaxBase('', 1n), new Bytes(warpMessage)), 1],
    ['IncreaseL1ValidatorBalanceTx', 38, new pvm.IncreaseL1ValidatorBalanceTx(avaxBase('', 1n), idOf(0x47), new BigIntPr(500_000_000n)), 1],
    ['DisableL1ValidatorTx', 39, new pvm.DisableL1ValidatorTx(avaxBase('', 1n), idOf(0x47), subnetAuth(0)), 2],
    [
      'AddAutoRenewedValidatorTx', 40,
      new pvm.AddAutoRenewedValidatorTx(
        avaxBase('', 1n), nodeId(0x36), new pvm.Signer(proofOfPossession()), [avaxOut(2_000_000_000_000n)], owners(), owners(), owners(),
        new Int(20_000), new Int(500_000), new BigIntPr(1_209_600n),
      ),
      1,
    ],
    ['SetAutoRenewedValidatorConfigTx', 41, new pvm.SetAutoRenewedValidatorConfigTx(avaxBase('', 1n), idOf(0x48), subnetAuth(0), new Int(250_000), new BigIntPr(2_419_200n)), 2],
    ['RewardAutoRenewedValidatorTx', 42, new pvm.RewardAutoRenewedValidatorTx(idOf(0x48), new BigIntPr(1_701_209_600n)), 0],
  ];
  return txs.map(([name, typeId, unsigned, nSigners]) => ({ name, typeId, bytes: signed(unsigned, nSigners) }));
}
