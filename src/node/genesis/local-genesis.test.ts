import { describe, it, expect } from 'vitest';
import { X509Certificate, createPrivateKey, createVerify, createSign } from 'node:crypto';
import { utils as avalancheUtils } from '@avalabs/avalanchejs';
import { idToString, nodeIdToString } from '../../lib/cb58.js';
import { sha256 } from '../../lib/hash.js';
import { decodeAvmGenesis, avaxAssetIdFromAvmGenesis } from '../../codec/avm/genesis.js';
import { platformGenesisBlock } from './genesis-blocks.js';
import { buildLocalGenesis, recentLocalStartTime, signWithStakingKey, stakingSigner } from './local-genesis.js';
import { decodePlatformGenesis, encodeGenesisTx, genesisTxId } from '../../codec/platformvm/genesis.js';
import { nodeIdFromCertificate, verifyBlsProofOfPossession } from './validator-keys.js';
import { p256VerifyDigest } from '../../lib/x509/ecdsa-p256-certificate.js';

const START = 1_767_225_600; // 2026-01-01
const genesis = buildLocalGenesis({ startTime: START });

describe('buildLocalGenesis', () => {
  it('is deterministic', () => {
    const again = buildLocalGenesis({ startTime: START });
    expect(Buffer.from(again.pChainGenesisBytes).equals(Buffer.from(genesis.pChainGenesisBytes))).toBe(true);
    expect(Buffer.from(again.xChainGenesisBytes).equals(Buffer.from(genesis.xChainGenesisBytes))).toBe(true);
    expect(again.cChainGenesisJson).toBe(genesis.cChainGenesisJson);
    expect(again).toEqual(genesis);
  });

  it('names the network like AvalancheGo', () => {
    expect(genesis.networkId).toBe(12345);
    expect(genesis.networkName).toBe('local');
    expect(genesis.hrp).toBe('local');
    const custom = buildLocalGenesis({ startTime: START, networkId: 1337, devAccountCount: 1, validatorCount: 1 });
    expect(custom.networkName).toBe('network-1337');
    expect(custom.hrp).toBe('custom');
    expect(custom.ewoq.xAddress).toMatch(/^X-custom1/);
    expect(custom.xChainId.string).not.toBe(genesis.xChainId.string);
  });

  it('funds the anvil accounts', () => {
    expect(genesis.devAccounts).toHaveLength(10);
    expect(genesis.devAccounts[0]!.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(genesis.devAccounts[0]!.privateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(genesis.devAccounts[9]!.address).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    expect(genesis.devAccounts[0]!.balanceWei).toBe(10_000n * 10n ** 18n);
    const alloc = (JSON.parse(genesis.cChainGenesisJson) as { alloc: Record<string, { balance: string }> }).alloc;
    expect(BigInt(alloc['f39Fd6e51aad88F6F4ce6aB8827279cffFb92266']!.balance)).toBe(10_000n * 10n ** 18n);
    expect(Object.keys(alloc)).toHaveLength(11);
  });

  it('funds ewoq on X, P and C', () => {
    expect(genesis.ewoq.cAddress).toBe('0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC');
    expect(genesis.ewoq.xAddress).toBe('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(genesis.ewoq.pAddress).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(genesis.ewoq.privateKeyCb58).toBe('PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN');
    expect(genesis.stakeOwner.pAddress).toBe('P-local1g65uqn6t77p656w64023nh8nd9updzmxyymev2');

    const [asset] = decodeAvmGenesis(genesis.xChainGenesisBytes);
    expect(asset).toMatchObject({ alias: 'AVAX', name: 'Avalanche', symbol: 'AVAX', denomination: 9, networkId: 12345 });
    const out = asset!.states[0]!.outputs[0]!;
    expect(out.type === 'TransferOutput' && out.amount).toBe(300_000_000n * 10n ** 9n);
    expect(Buffer.from(out.owners.addresses[0]!).equals(Buffer.from(genesis.ewoq.shortId))).toBe(true);

    const p = decodePlatformGenesis(genesis.pChainGenesisBytes);
    expect(p.utxos.map((u) => u.output.type)).toEqual(['TransferOutput', 'StakeableLockOut']);
    const locked = p.utxos[1]!.output;
    expect(locked.type === 'StakeableLockOut' && locked.locktime).toBe(BigInt(START) + 365n * 86400n);
    expect(p.utxos.every((u) => Buffer.from(u.assetId).equals(Buffer.from(genesis.avaxAssetId.id)))).toBe(true);
    expect(p.initialSupply).toBe((300_000_000n + 30_000_000n + 10_000n) * 10n ** 9n);
    expect(p.timestamp).toBe(BigInt(START));
  });

  it('derives the ids the way AvalancheGo does', () => {
    expect(genesis.pChainId.string).toBe('11111111111111111111111111111111LpoYY');
    expect(genesis.primaryNetworkId.string).toBe('11111111111111111111111111111111LpoYY');
    expect(genesis.vmIds.avm.string).toBe('jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq');
    expect(genesis.vmIds.evm.string).toBe('mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6');
    expect(Buffer.from(genesis.vmIds.avm.id.subarray(0, 3)).toString()).toBe('avm');
    expect(idToString(avaxAssetIdFromAvmGenesis(genesis.xChainGenesisBytes))).toBe(genesis.avaxAssetId.string);
    const p = decodePlatformGenesis(genesis.pChainGenesisBytes);
    expect(p.chains.map((c) => c.chainName)).toEqual(['X-Chain', 'C-Chain']);
    expect(idToString(genesisTxId(p.chains[0]!))).toBe(genesis.xChainId.string);
    expect(idToString(genesisTxId(p.chains[1]!))).toBe(genesis.cChainId.string);
    expect(new TextDecoder().decode(p.chains[1]!.genesisData)).toBe(genesis.cChainGenesisJson);
    expect(genesis.pChainGenesisBlock.id).toEqual(platformGenesisBlock(genesis.pChainGenesisBytes).id);
    expect(genesis.pChainGenesisBlock.bytes.subarray(6, 38)).toEqual(sha256(genesis.pChainGenesisBytes));
    expect(genesis.xChainGenesisBlock.stopVertex.bytes.subarray(2, 34)).toEqual(genesis.xChainId.id);
  });

  it('keeps chain ids stable (snapshots)', () => {
    // The X genesis depends only on the network id and ewoq's X allocation; the C genesis on the alloc.
    expect(genesis.avaxAssetId.string).toBe('2QNe2ZnEjmnGr4m9YBMX7F1May6zuAyR4rhRE9xVuCEv4eyagd');
    expect(genesis.xChainId.string).toBe('PohTHSraUhTTw7hJX7aVENv9mbikMoP33vwZ5Hne1FiHhrsNr');
    expect(genesis.cChainId.string).toBe('24wvBwhT8v7aJh5xx3aJxRocoZY4VKk9grjJGh7aZTsk8EUJsc');
    expect(genesis.validators.map((v) => v.nodeIdString)).toEqual([
      'NodeID-BfGJHqvDdNQeA6bRarfHtNeHYXy1k11Jm',
      'NodeID-68soe775MUNVpsaQvNDKq85NEvNtwbAT5',
      'NodeID-4GSoDRVMjpFAfs5dph591gYLcTN4gPT1Y',
      'NodeID-EixoUpcaVBD3X8bPfnjZVsVggztuBpGN1',
      'NodeID-5vvbyVbvPtsxBNLjCb2x1x2eVRhb9W8dk',
    ]);
    const other = buildLocalGenesis({ startTime: START + 1, seed: 'other', devAccountCount: 10 });
    expect(other.xChainId.string).toBe(genesis.xChainId.string);
    expect(other.cChainId.string).toBe(genesis.cChainId.string);
    expect(other.validators[0]!.nodeIdString).not.toBe(genesis.validators[0]!.nodeIdString);
    expect(other.pChainGenesisBlock.string).not.toBe(genesis.pChainGenesisBlock.string);
  });

  it('builds 5 validators with the configured stake, times and fee', () => {
    expect(genesis.validators).toHaveLength(5);
    for (const v of genesis.validators) {
      expect(v.weight).toBe(2000n * 10n ** 9n);
      expect(v.startTime).toBe(BigInt(START));
      expect(v.endTime).toBe(BigInt(START) + 365n * 86400n);
      expect(v.delegationFee).toBe(20_000);
      expect(v.rewardAddress).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    }
    const p = decodePlatformGenesis(genesis.pChainGenesisBytes);
    const tx = p.validators[0]!;
    expect(tx.type).toBe('AddPermissionlessValidatorTx');
    if (tx.type !== 'AddPermissionlessValidatorTx') return;
    expect(tx.signer?.publicKey).toEqual(genesis.validators[0]!.blsPublicKey);
    expect(tx.delegationShares).toBe(20_000);
    expect(Buffer.from(tx.validatorRewardsOwner.addresses[0]!).equals(Buffer.from(genesis.ewoq.shortId))).toBe(true);
    expect(Buffer.from(tx.stake[0]!.output.type === 'TransferOutput' ? tx.stake[0]!.output.owners.addresses[0]! : [])).toEqual(
      Buffer.from(genesis.stakeOwner.shortId),
    );
    expect(genesis.validators[0]!.txId.string).toBe(idToString(genesisTxId(tx)));
  });

  it('has node ids that hash the certificate, which node:crypto parses and verifies', () => {
    for (const v of genesis.validators) {
      expect(nodeIdToString(nodeIdFromCertificate(v.stakingCertificate))).toBe(v.nodeIdString);
      const cert = new X509Certificate(v.stakingCertificate);
      expect(cert.verify(cert.publicKey)).toBe(true);
      expect(v.stakingCertificate.length).toBeLessThanOrEqual(2048);
    }
    const cert = new X509Certificate(genesis.validators[0]!.stakingCertificate);
    const message = new TextEncoder().encode('proposervm header');
    const signature = signWithStakingKey(genesis, 0, sha256(message));
    expect(createVerify('sha256').update(message).verify(cert.publicKey, Buffer.from(signature))).toBe(true);
    expect(createVerify('sha256').update(new TextEncoder().encode('other')).verify(cert.publicKey, Buffer.from(signature))).toBe(false);
    expect(stakingSigner(genesis)(0, sha256(message))).toEqual(signature);
    expect(() => signWithStakingKey(genesis, 5, sha256(message))).toThrow('no genesis validator 5');

    // The PKCS#8 key PEM loads in node:crypto and matches the certificate.
    const key = createPrivateKey(genesis.validators[1]!.stakingKeyPem);
    const nodeSig = createSign('sha256').update(message).sign(key);
    expect(p256VerifyDigest(genesis.validators[1]!.stakingPublicKey, sha256(message), nodeSig)).toBe(true);
  });

  it('has BLS proofs of possession that verify', () => {
    for (const v of genesis.validators) {
      expect(v.blsPublicKey).toHaveLength(48);
      expect(v.blsProofOfPossession).toHaveLength(96);
      expect(verifyBlsProofOfPossession(v.blsPublicKey, v.blsProofOfPossession)).toBe(true);
    }
    const [a, b] = genesis.validators;
    expect(verifyBlsProofOfPossession(a!.blsPublicKey, b!.blsProofOfPossession)).toBe(false);
  });

  it('writes txs that avalanchejs parses back to the same bytes', () => {
    const manager = avalancheUtils.getManagerForVM('PVM');
    const p = decodePlatformGenesis(genesis.pChainGenesisBytes);
    for (const tx of [...p.validators, ...p.chains]) {
      const signed = encodeGenesisTx(tx);
      const unsigned = manager.packCodec(manager.unpackTransaction(signed));
      expect(Buffer.from(signed).equals(Buffer.concat([unsigned, Buffer.alloc(4)]))).toBe(true);
    }
  });

  it('renews the start time like AvalancheGo local', () => {
    expect(recentLocalStartTime(1721016000)).toBe(1721016000);
    expect(recentLocalStartTime(1721016000 + 23328000 - 1)).toBe(1721016000);
    expect(recentLocalStartTime(1721016000 + 2 * 23328000 + 5)).toBe(1721016000 + 2 * 23328000);
  });

  it('rejects impossible options', () => {
    expect(() => buildLocalGenesis({ validatorCount: 0 })).toThrow('initial stakers must be > 0');
    expect(() => buildLocalGenesis({ stakeDuration: 0 })).toThrow('initial stake duration must be > 0');
    expect(() => buildLocalGenesis({ mnemonic: 'not a mnemonic' })).toThrow('invalid mnemonic');
  });
});
