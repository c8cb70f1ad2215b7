import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describe, expect, it } from 'vitest';
import { BLS_SIGNATURE_DST } from '../../codec/warp/bls.js';
import { encodeL1Message } from '../../codec/warp/l1-messages.js';
import { encodeAddressedCall, encodeHashPayload } from '../../codec/warp/payload.js';
import { encodeUnsignedMessage } from '../../codec/warp/unsigned-message.js';
import { idToString } from '../../lib/cb58.js';
import { bytesToHex } from '../../lib/hex.js';
import { sha256 } from '../../lib/hash.js';
import { PlatformState } from '../chains/platform/state.js';
import { openMemoryStore } from '../storage/kv.js';
import { DevnetMessageLog, WarpMessageSources, type WarpMessageSource } from './message-source.js';
import { SignatureRefused, UnknownSigner, WarpSignatureService } from './signature-service.js';
import { warpSignersFrom } from './signers.js';

const P = new Uint8Array(32);
const evmChain = sha256(new TextEncoder().encode('an EVM chain'));
const validators = [1, 2, 3].map((i) => ({ nodeId: new Uint8Array(20).fill(i), blsSecretKey: sha256(new Uint8Array([i])) }));

/** What an EVM chain's warp backend knows: the messages its accepted blocks emitted, and its accepted blocks. */
class EmittedMessages implements WarpMessageSource {
  readonly messages = new Set<string>();
  readonly blocks = new Set<string>();
  hasMessage(_chain: Uint8Array, id: Uint8Array): boolean { return this.messages.has(bytesToHex(id)); }
  hasAcceptedBlock(_chain: Uint8Array, id: Uint8Array): boolean { return this.blocks.has(bytesToHex(id)); }
}

function setup() {
  const sources = new WarpMessageSources();
  const log = new DevnetMessageLog(openMemoryStore());
  const service = new WarpSignatureService({ networkId: 1337, pChainId: P, platformState: () => new PlatformState(), signers: warpSignersFrom(validators), sources, devnetLog: log });
  const chain = new EmittedMessages();
  return { sources, log, service, chain };
}

const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof SignatureRefused ? e.appError : e));

describe('ACP-118 signing for this process\'s validators', () => {
  it('signs what an EVM chain emitted, once its source is registered, with keys that verify', async () => {
    const { sources, service, chain } = setup();
    const msg = encodeUnsignedMessage(1337, evmChain, encodeAddressedCall(new Uint8Array(20).fill(9), new Uint8Array([1, 2, 3])));
    expect(await refusal(service.sign(msg.bytes, new Uint8Array(0)))).toEqual({ code: -1, message: `chain "${idToString(evmChain)}" is not run by this node` });
    const unregister = sources.register(evmChain, chain);
    expect(await refusal(service.sign(msg.bytes, new Uint8Array(0)))).toMatchObject({ code: 2 });
    chain.messages.add(bytesToHex(msg.id));
    const signed = await service.sign(msg.bytes, new Uint8Array(0));
    expect(signed).toHaveLength(3);
    const sigs = bls12_381.longSignatures;
    for (const s of signed) expect(sigs.verify(s.signature, sigs.hash(msg.bytes, BLS_SIGNATURE_DST), s.publicKey)).toBe(true);
    unregister();
    expect(await refusal(service.sign(msg.bytes, new Uint8Array(0)))).toMatchObject({ code: -1 });
  });

  it('attests accepted block hashes, messages the devnet helper emitted, and only the requested validators', async () => {
    const { sources, log, service, chain } = setup();
    sources.register(evmChain, chain);
    const block = sha256(new Uint8Array([7]));
    const hashMsg = encodeUnsignedMessage(1337, evmChain, encodeHashPayload(block));
    expect(await refusal(service.sign(hashMsg.bytes, new Uint8Array(0)))).toMatchObject({ code: 2, message: expect.stringMatching(/^failed to get block .*: not found$/) });
    chain.blocks.add(bytesToHex(block));
    expect(await service.sign(hashMsg.bytes, new Uint8Array(0), [validators[1]!.nodeId])).toHaveLength(1);

    const managed = encodeUnsignedMessage(1337, sha256(new Uint8Array([8])), encodeAddressedCall(new Uint8Array(20), new Uint8Array([4])));
    await log.record(managed.id, managed.bytes);
    expect(await service.sign(managed.bytes, new Uint8Array(0))).toHaveLength(3);
    await expect(service.sign(managed.bytes, new Uint8Array(0), [new Uint8Array(20).fill(9)])).rejects.toBeInstanceOf(UnknownSigner);
  });

  it('routes P-chain messages to the P-chain verifier and refuses other networks at signing', async () => {
    const { service, log } = setup();
    const p = encodeUnsignedMessage(1337, P, encodeAddressedCall(new Uint8Array(0), encodeL1Message({ type: 'L1ValidatorRegistration', validationId: sha256(new Uint8Array([5])), registered: true })));
    expect(await refusal(service.sign(p.bytes, new Uint8Array(0)))).toMatchObject({ code: 11 });
    const other = encodeUnsignedMessage(1, sha256(new Uint8Array([8])), encodeAddressedCall(new Uint8Array(20), new Uint8Array([4])));
    await log.record(other.id, other.bytes);
    expect(await refusal(service.sign(other.bytes, new Uint8Array(0)))).toEqual({ code: -1, message: 'failed to sign message: wrong networkID' });
    expect(await refusal(service.sign(new Uint8Array([0, 0, 1]), new Uint8Array(0)))).toMatchObject({ code: -1, message: expect.stringMatching(/^failed to parse warp unsigned message: /) });
  });
});
