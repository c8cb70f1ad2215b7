import * as avalanchejs from '@avalabs/avalanchejs';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../codec/platformvm/test-txs.fixtures.js';
import { advanceFeeState, consumeGas, gasPrice, toGas, txComplexity } from './fees.js';
import { LOCAL_NETWORK_CONFIG } from './config.js';
import { parseSignedTx } from './tx-codec.js';
import { blsSign } from '../../../codec/warp/bls.js';
import { encodeWarpMessage, parseWarpMessage } from '../../../codec/warp/message.js';
import { encodeAddressedCall } from '../../../codec/warp/payload.js';
import { encodeUnsignedMessage } from '../../../codec/warp/unsigned-message.js';

const ajs = avalanchejs as any;

describe('P-chain dynamic fees', () => {
  it('computes the same complexity as avalanchejs (AvalancheGo complexity.go) for every tx type', () => {
    const txs = fixtures.avalanchejsPTxCatalog().map((t) => t.bytes);
    let checked = 0;
    for (const bytes of txs) {
      const unsigned = parseSignedTxOrNull(bytes)?.unsigned ?? ({ kind: 'Unsupported', typeId: 0 } as const);
      const theirsOf = () => ajs.pvm.getTxComplexity(ajs.utils.getManagerForVM('PVM').unpackTransaction(bytes));
      if ('message' in unsigned && !isWarpMessage(unsigned.message)) {
        // Opaque bytes where a warp message belongs: neither side can price the tx.
        expect(() => txComplexity(unsigned)).toThrow();
        expect(theirsOf).toThrow();
        continue;
      }
      const mine = txComplexity(unsigned);
      if (!mine) continue;
      const theirs = theirsOf();
      expect(mine).toEqual([theirs[0], theirs[1], theirs[2], theirs[3]]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(11);
  });

  it('prices warp-carrying L1 txs by the message length and its number of signers, as avalanchejs does', () => {
    const unsigned = encodeUnsignedMessage(12345, new Uint8Array(32).fill(9), encodeAddressedCall(new Uint8Array(20), new Uint8Array(50)));
    const signed = encodeWarpMessage(unsigned, { signers: new Uint8Array([0x0b, 0x07]), signature: blsSign(new Uint8Array(32).fill(1), unsigned.bytes) }).bytes;
    const base = new ajs.avaxSerial.BaseTx(new ajs.Int(12345), ajs.Id.fromHex('0x' + '11'.repeat(32)), [], [], new ajs.Bytes(new Uint8Array(0)));
    const pop = ajs.BlsSignature.fromSignatureBytes(blsSign(new Uint8Array(32).fill(2), new Uint8Array([1])));
    for (const tx of [new ajs.pvmSerial.RegisterL1ValidatorTx(base, new ajs.BigIntPr(5n), pop, new ajs.Bytes(signed)), new ajs.pvmSerial.SetL1ValidatorWeightTx(base, new ajs.Bytes(signed))]) {
      const bytes = new ajs.avaxSerial.SignedTx(tx, []).toBytes();
      const theirs = ajs.pvm.getTxComplexity(ajs.utils.getManagerForVM('PVM').unpackTransaction(bytes));
      const mine = txComplexity(parseSignedTx(bytes).unsigned)!;
      expect(mine).toEqual([theirs[0], theirs[1], theirs[2], theirs[3]]);
      expect(mine[3]).toBe(tx._type.includes('Register') ? 1050 + 6 * 5 + 1000 : 6 * 5 + 1000);
    }
  });

  it('prices gas with the fake exponential and moves capacity and excess over time', () => {
    const c = LOCAL_NETWORK_CONFIG.fee;
    expect(gasPrice(1n, 0n, c.excessConversionConstant)).toBe(1n);
    // e^1 ≈ 2.718: at excess = K the price is minPrice × e, truncated.
    expect(gasPrice(1000n, c.excessConversionConstant, c.excessConversionConstant)).toBe(2718n);
    const s = advanceFeeState({ capacity: 0n, excess: 100_000n }, c, 1n);
    expect(s).toEqual({ capacity: 100_000n, excess: 50_000n });
    expect(advanceFeeState(s, c, 100n).capacity).toBe(c.maxCapacity);
    expect(() => consumeGas({ capacity: 10n, excess: 0n }, 11n)).toThrow('insufficient capacity: capacity (10) < gas (11)');
    expect(toGas([1, 1, 1, 1], c.weights)).toBe(2005n);
  });
});

function isWarpMessage(bytes: Uint8Array): boolean {
  try {
    parseWarpMessage(bytes);
    return true;
  } catch {
    return false;
  }
}

function parseSignedTxOrNull(bytes: Uint8Array) {
  try {
    return parseSignedTx(bytes);
  } catch {
    return null;
  }
}
