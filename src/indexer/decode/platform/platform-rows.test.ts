import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../../codec/container/checksum-hex.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { avalanchejsPTxCatalog } from '../../../codec/platformvm/test-txs.fixtures.js';
import { formatAddress } from '../../../lib/bech32-address.js';
import { idToString, nodeIdToString } from '../../../lib/cb58.js';
import { loadFixture } from '../../../../test/fixtures/avalanchego/fake-node.js';
import { AVAX_ID, DELEGATION_FEE_OWNER, P_CHAIN_ID, T0, VALIDATOR_REWARD_OWNER, X_CHAIN_ID, platformTxs } from '../../../../test/fixtures/avalanchego/generate.js';
import type { CurrentStakerJson } from '../../sources/primary/platform-api.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { PVM_TYPES, readUtxo } from './avax-components.js';
import { decodePlatformContainer } from './platform-container.js';
import { platformGenesisRows, sharesFromPercent, stakerSnapshots } from './platform-genesis.js';
import { platformRows, type PlatformChainContext } from './platform-rows.js';
import { decodePlatformTx } from './platform-tx.js';
import { hexKey } from './rows-common.js';

const ctx: PlatformChainContext = { chain: 1, blockchainId: P_CHAIN_ID, avaxAssetId: AVAX_ID };
const sourced = (name: string) => (loadFixture(name).getContainerRange as { containers: { bytes: string; timestamp: string }[] }).containers.map((c) => ({
  block: decodePlatformContainer(decodeHexWithChecksum(c.bytes)),
  acceptedAt: BigInt(Math.floor(Date.parse(c.timestamp.replace(/\.\d+/, '')) / 1000)),
}));

describe('P-chain rows', () => {
  it('gives Apricot blocks the chain time, and aborted proposal txs no effects', () => {
    const rows = platformRows(ctx, { blocks: sourced('p-chain-pre-apricot4.avalanchego.json') });
    expect(rows.blocks.map((b) => [b.height, b.blockType, b.timestamp, b.proposerId])).toEqual([
      [1n, 'ApricotStandardBlock', T0 + 40n, undefined], [2n, 'ApricotProposalBlock', T0 + 50n, undefined], [3n, 'ApricotCommitBlock', T0 + 50n, undefined],
      [4n, 'ApricotAtomicBlock', T0 + 50n, undefined], [5n, 'ApricotProposalBlock', T0 + 50n, undefined], [6n, 'ApricotAbortBlock', T0 + 50n, undefined],
    ]);
    expect(rows.txs.map((t) => [t.txType, t.details.aborted ?? false])).toEqual([['BaseTx', false], ['AdvanceTimeTx', false], ['ImportTx', false], ['AddValidatorTx', true]]);
    expect(rows.txs[1]!.details.time).toBe(T0 + 50n);
    expect(rows.stakers).toEqual([]);
    // Only the BaseTx and the ImportTx spent and created anything.
    expect(rows.spends.map((s) => [s.consumingTxId, s.createdOn])).toEqual([[rows.txs[0]!.txId, P_CHAIN_ID], [rows.txs[2]!.txId, X_CHAIN_ID]]);
    expect(rows.utxos.map((u) => u.creatingTxId)).toEqual([rows.txs[0]!.txId, rows.txs[2]!.txId]);
  });

  it('knows which reward a reward UTXO is by its owner and order', () => {
    const txs = platformTxs();
    const validator = decodePlatformTx(txs.validator);
    const utxo = (index: number, owner: Uint8Array, amount: bigint) => {
      const r = new LinearReader(new LinearWriter(128).u16(0).fixed(validator.id, 32).u32(index).fixed(AVAX_ID, 32).u32(7).u64(amount).u64(0n).u32(1).u32(1).fixed(owner, 20).finish());
      return readUtxo(r, PVM_TYPES);
    };
    const blocks = sourced('p-chain.avalanchego.json');
    const rewards = new Map([[hexKey(validator.id), { stakingTx: validator, rewardUtxos: [utxo(3, DELEGATION_FEE_OWNER, 7n), utxo(2, VALIDATOR_REWARD_OWNER, 90n)] }]]);
    // Pretend the validator's reward at height 7 committed.
    const rows = platformRows(ctx, { blocks: blocks.slice(6, 7), nextBlock: blocks[3]!.block, rewards });
    expect(rows.utxos.map((u) => [u.outputIndex, u.rewardType, u.amount, u.txId])).toEqual([[2, 'VALIDATOR', 90n, validator.id], [3, 'VALIDATOR_FEE', 7n, validator.id]]);
    expect(rows.stakerEnds).toEqual([expect.objectContaining({ kind: 'rewarded', validationReward: 90n, delegationFees: 7n, delegatorReward: 0n })]);
    // The staking tx as the node gave it, to be stored unless it is already (a genesis validator).
    expect(rows.known.stakers.map((s) => [s.txId, s.genesis])).toEqual([[validator.id, true]]);
    expect(rows.known.utxos.map((u) => [u.outputIndex, u.staked])).toEqual([[1, true]]);
  });

  it('gives staking txs the effective staking period, the same as their staker row', () => {
    // Each block accepted 7 s after its staking txs' start field, as after Durango a wallet's field lags the block.
    const blocks = sourced('p-chain.avalanchego.json').map((b) => {
      const starts = b.block.txs.flatMap((t) => ('validator' in t.unsigned ? [t.unsigned.validator.startTime] : []));
      return starts.length === 0 ? b : { ...b, block: { ...b.block, time: starts[0]! + 7n } };
    });
    const rows = platformRows(ctx, { blocks });
    const staking = rows.txs.filter((t) => t.nodeId !== undefined && t.startTime !== undefined);
    expect(staking.length).toBeGreaterThan(0);
    expect(staking.some((t) => t.startTime === t.blockTimestamp)).toBe(true);
    for (const tx of staking) {
      const staker = rows.stakers.find((s) => hexKey(s.txId) === hexKey(tx.txId))!;
      expect([tx.startTime, tx.endTime]).toEqual([staker.startTime, staker.endTime]);
      expect(tx.startTime! >= tx.blockTimestamp).toBe(true);
    }
  });
});

describe('P-chain genesis from the node\'s APIs', () => {
  const catalog = avalanchejsPTxCatalog();
  const addValidator = decodePlatformTx(catalog.find((c) => c.name === 'AddValidatorTx')!.bytes);
  const createChain = decodePlatformTx(catalog.find((c) => c.name === 'CreateChainTx')!.bytes);
  const validator = (txId: Uint8Array, start: bigint, node: number): CurrentStakerJson => ({
    txID: idToString(txId), startTime: String(start), endTime: String(start + 1000n), weight: '2000', nodeID: nodeIdToString(new Uint8Array(20).fill(node)),
    uptime: '98.5000', connected: true, potentialReward: '12', delegationFee: '2.0000', delegatorCount: '1',
    validationRewardOwner: { locktime: '0', threshold: '1', addresses: [formatAddress('P', 'local', new Uint8Array(20).fill(9))] },
    delegators: [{ txID: idToString(new Uint8Array(32).fill(0xdd)), startTime: String(start + 10n), endTime: String(start + 20n), nodeID: nodeIdToString(new Uint8Array(20).fill(node)), potentialReward: '3' }],
  });

  it('takes the validators that began before the first block, from their txs or from the JSON', () => {
    const rows = platformGenesisRows(ctx, {
      validators: [validator(addValidator.id, 100n, 1), validator(new Uint8Array(32).fill(0xee), 150n, 2), validator(new Uint8Array(32).fill(0xef), 500n, 3)],
      txs: new Map([[hexKey(addValidator.id), addValidator.bytes], [hexKey(createChain.id), createChain.bytes]]),
      blockchains: [
        { id: idToString(createChain.id), name: 'firn-test-chain', subnetID: idToString(P_CHAIN_ID), vmID: idToString(new Uint8Array(32).fill(0x42)) },
        { id: idToString(new Uint8Array(32).fill(0x43)), name: 'C-Chain', subnetID: idToString(P_CHAIN_ID), vmID: idToString(new Uint8Array(32).fill(0x44)) },
        { id: idToString(new Uint8Array(32).fill(0x45)), name: 'subnet chain', subnetID: idToString(new Uint8Array(32).fill(0x46)), vmID: idToString(new Uint8Array(32).fill(0x44)) },
      ],
      firstBlockTime: 400n,
    });
    expect(rows.known.stakers.map((s) => [s.txType, s.genesis, s.blockHeight, s.delegationShares])).toEqual([['AddValidatorTx', true, 0n, 20_000], ['AddValidatorTx', true, 0n, 20_000]]);
    expect(rows.known.stakers[1]!.rewardOwner?.addresses).toEqual([new Uint8Array(20).fill(9)]);
    expect(rows.known.utxos.map((u) => [u.staked, u.stakeableLocktime])).toEqual([[true, 1_800_000_000n]]);
    expect(rows.known.subnets.map((s) => [s.subnetId, s.blockTimestamp])).toEqual([[P_CHAIN_ID, 100n]]);
    expect(rows.known.blockchains.map((b) => [b.name, b.genesisData.length > 0])).toEqual([['firn-test-chain', true], ['C-Chain', false]]);
  });

  it("takes a JSON validator's BLS signer at its exact lengths and refuses a malformed one", () => {
    const publicKey = new Uint8Array(48).fill(0xab);
    const proofOfPossession = new Uint8Array(96).fill(0xcd);
    const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
    const rowsWith = (signer: { publicKey: string; proofOfPossession: string }) => platformGenesisRows(ctx, {
      validators: [{ ...validator(new Uint8Array(32).fill(0xe1), 100n, 4), signer }], txs: new Map(), blockchains: [], firstBlockTime: 400n,
    });
    expect(rowsWith({ publicKey: hex(publicKey), proofOfPossession: hex(proofOfPossession) }).known.stakers[0]!.bls).toEqual({ publicKey, proofOfPossession });
    for (const bad of [hex(publicKey).slice(0, -2), `${hex(publicKey)}00`, `0x${'zz'.repeat(48)}`, `0x${'İ0'.repeat(48)}`]) {
      expect(() => rowsWith({ publicKey: bad, proofOfPossession: hex(proofOfPossession) })).toThrow(/signer.publicKey is not 48 bytes of hex/);
    }
    expect(() => rowsWith({ publicKey: hex(publicKey), proofOfPossession: hex(publicKey) })).toThrow(/signer.proofOfPossession is not 96 bytes/);
  });

  it('reads uptimes and potential rewards of current validators and their delegators', () => {
    const snap = stakerSnapshots(1, [validator(addValidator.id, 100n, 1)], 999n);
    expect(snap.map((s) => [s.uptime, s.potentialReward, s.connected, s.observedAt])).toEqual([[98.5, 12n, true, 999n], [undefined, 3n, undefined, 999n]]);
    expect(sharesFromPercent('2.0000')).toBe(20_000);
    expect(sharesFromPercent('12.5')).toBe(125_000);
  });
});
