import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash.js';
import { LinearWriter } from '../linear/writer.js';
import { fuzzDecoder } from '../container/fuzz.fixtures.js';
import { decodePlatformBlock, encodePlatformBlock, platformBlockTxs, platformGenesisBlock, txIdOf, type PlatformBlock } from './blocks.js';
import { avalanchejsPTxCatalog, pAdvanceTimeTx, pBaseTx, pImportTx, pRewardValidatorTx } from './test-txs.fixtures.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fromHex = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ''), 'hex'));
const body = (tx: Uint8Array) => tx.subarray(2);

describe('P-chain blocks: AvalancheGo serialization vectors (vms/platformvm/block/serialization_test.go)', () => {
  const zeros = (n: number) => '00'.repeat(n);
  it('BanffProposalBlock with an empty AdvanceTimeTx', () => {
    const expected = '0000' + '0000001d' + zeros(8) + zeros(4) + zeros(32) + zeros(8) + '00000013' + zeros(8) + zeros(4);
    expect(expected.length / 2).toBe(74);
    const block: PlatformBlock = { type: 'banff-proposal', time: 0n, decisionTxs: [], parentId: id(0), height: 0n, tx: fromHex('0000' + '00000013' + zeros(8) + zeros(4)) };
    expect(hex(encodePlatformBlock(block).bytes)).toBe(expected);
    const d = decodePlatformBlock(fromHex(expected));
    expect(d.type).toBe('banff-proposal');
    expect(d.type === 'banff-proposal' && hex(d.tx)).toBe('0000' + '00000013' + zeros(12));
  });
  it('BanffCommitBlock, BanffAbortBlock and an empty BanffStandardBlock', () => {
    expect(hex(encodePlatformBlock({ type: 'banff-commit', time: 0n, parentId: id(0), height: 0n }).bytes)).toBe('0000' + '0000001f' + zeros(48));
    expect(hex(encodePlatformBlock({ type: 'banff-abort', time: 0n, parentId: id(0), height: 0n }).bytes)).toBe('0000' + '0000001e' + zeros(48));
    expect(hex(encodePlatformBlock({ type: 'banff-standard', time: 0n, parentId: id(0), height: 0n, txs: [] }).bytes)).toBe('0000' + '00000020' + zeros(52));
    expect(decodePlatformBlock(fromHex('0000' + '0000001f' + zeros(48))).type).toBe('banff-commit');
    expect(decodePlatformBlock(fromHex('0000' + '0000001e' + zeros(48))).type).toBe('banff-abort');
    expect(decodePlatformBlock(fromHex('0000' + '00000020' + zeros(52)))).toMatchObject({ type: 'banff-standard', txs: [] });
  });
});

describe('P-chain block layouts, field by field', () => {
  const baseTx = pBaseTx();
  const importTx = pImportTx();
  const advance = pAdvanceTimeTx(1_700_000_100n);
  const reward = pRewardValidatorTx(id(0x77));

  const cases: [PlatformBlock, (w: LinearWriter) => void][] = [
    [{ type: 'apricot-proposal', parentId: id(1), height: 5n, tx: advance }, (w) => w.u32(0).raw(id(1)).u64(5n).raw(body(advance))],
    [{ type: 'apricot-abort', parentId: id(2), height: 6n }, (w) => w.u32(1).raw(id(2)).u64(6n)],
    [{ type: 'apricot-commit', parentId: id(3), height: 7n }, (w) => w.u32(2).raw(id(3)).u64(7n)],
    [{ type: 'apricot-standard', parentId: id(4), height: 8n, txs: [baseTx, importTx] }, (w) => w.u32(3).raw(id(4)).u64(8n).u32(2).raw(body(baseTx)).raw(body(importTx))],
    [{ type: 'apricot-atomic', parentId: id(5), height: 9n, tx: importTx }, (w) => w.u32(4).raw(id(5)).u64(9n).raw(body(importTx))],
    [
      { type: 'banff-proposal', time: 1_700_000_000n, decisionTxs: [baseTx], parentId: id(6), height: 10n, tx: reward },
      (w) => w.u32(29).u64(1_700_000_000n).u32(1).raw(body(baseTx)).raw(id(6)).u64(10n).raw(body(reward)),
    ],
    [{ type: 'banff-abort', time: 11n, parentId: id(7), height: 11n }, (w) => w.u32(30).u64(11n).raw(id(7)).u64(11n)],
    [{ type: 'banff-commit', time: 12n, parentId: id(8), height: 12n }, (w) => w.u32(31).u64(12n).raw(id(8)).u64(12n)],
    [{ type: 'banff-standard', time: 13n, parentId: id(9), height: 13n, txs: [baseTx] }, (w) => w.u32(32).u64(13n).raw(id(9)).u64(13n).u32(1).raw(body(baseTx))],
  ];

  for (const [block, layout] of cases) {
    it(`${block.type} encodes to the documented layout and decodes back`, () => {
      const w = new LinearWriter().u16(0);
      layout(w);
      const expected = w.finish();
      const { id: blockId, bytes } = encodePlatformBlock(block);
      expect(hex(bytes)).toBe(hex(expected));
      expect(hex(blockId)).toBe(hex(sha256(bytes)));
      const decoded = decodePlatformBlock(bytes);
      expect(hex(decoded.id)).toBe(hex(blockId));
      const { id: _id, ...record } = decoded;
      expect(record).toEqual(block);
      expect(hex(encodePlatformBlock(record).bytes)).toBe(hex(bytes));
    });
  }

  it('lists txs in execution order and ids them as sha256(standalone bytes)', () => {
    const block: PlatformBlock = { type: 'banff-proposal', time: 1n, decisionTxs: [baseTx, importTx], parentId: id(1), height: 1n, tx: reward };
    expect(platformBlockTxs(block).map(hex)).toEqual([baseTx, importTx, reward].map(hex));
    expect(hex(txIdOf(baseTx))).toBe(hex(sha256(baseTx)));
    expect(platformBlockTxs({ type: 'banff-commit', time: 1n, parentId: id(1), height: 1n })).toEqual([]);
  });
});

describe('P-chain blocks embedding avalanchejs-built txs of every type', () => {
  const catalog = avalanchejsPTxCatalog();
  const typeIdOf = (tx: Uint8Array) => new DataView(tx.buffer, tx.byteOffset).getUint32(2);

  it('covers every P-chain tx type id but the hand-built RewardValidatorTx', () => {
    const ids = new Set(catalog.map((c) => c.typeId));
    expect([...ids].sort((a, b) => a - b)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 23, 24, 25, 26, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42]);
    for (const { name, typeId, bytes } of catalog) expect([name, hex(bytes.subarray(0, 2)), typeIdOf(bytes)]).toEqual([name, '0000', typeId]);
  });

  for (const { name, bytes: tx } of catalog) {
    it(`embeds ${name} in a Banff standard block and returns it byte-identical`, () => {
      const block: PlatformBlock = { type: 'banff-standard', time: 1_700_000_000n, parentId: id(1), height: 2n, txs: [tx] };
      const { id: blockId, bytes } = encodePlatformBlock(block);
      const expected = new LinearWriter().u16(0).u32(32).u64(1_700_000_000n).raw(id(1)).u64(2n).u32(1).raw(body(tx)).finish();
      expect(hex(bytes)).toBe(hex(expected));
      const d = decodePlatformBlock(bytes);
      expect(hex(d.id)).toBe(hex(blockId));
      expect(d.type === 'banff-standard' && d.txs.map(hex)).toEqual([hex(tx)]);
      expect(hex(txIdOf(platformBlockTxs(d)[0] ?? new Uint8Array()))).toBe(hex(sha256(tx)));
    });
  }

  it('finds every tx boundary in one block holding them all', () => {
    const txs = [...catalog.map((c) => c.bytes), pRewardValidatorTx(id(0x77)), pBaseTx('x'), pImportTx()];
    const { bytes } = encodePlatformBlock({ type: 'banff-standard', time: 1n, parentId: id(1), height: 2n, txs });
    const d = decodePlatformBlock(bytes);
    expect(d.type === 'banff-standard' && d.txs.map(hex)).toEqual(txs.map(hex));
    const proposal = encodePlatformBlock({ type: 'banff-proposal', time: 1n, decisionTxs: txs.slice(0, 5), parentId: id(1), height: 2n, tx: txs[0] ?? new Uint8Array() }).bytes;
    const p = decodePlatformBlock(proposal);
    expect(p.type === 'banff-proposal' && [...p.decisionTxs, p.tx].map(hex)).toEqual([...txs.slice(0, 5), txs[0] ?? new Uint8Array()].map(hex));
  });
});

describe('P-chain genesis block', () => {
  it('is ApricotCommitBlock{parent: sha256(genesis bytes), height 0}', () => {
    const genesisHash = sha256(new TextEncoder().encode('genesis'));
    const { id: gid, bytes } = platformGenesisBlock(genesisHash);
    expect(hex(bytes)).toBe('0000' + '00000002' + hex(genesisHash) + '0000000000000000');
    expect(hex(gid)).toBe(hex(sha256(bytes)));
    expect(decodePlatformBlock(bytes)).toMatchObject({ type: 'apricot-commit', height: 0n });
  });
});

describe('P-chain malformed blocks', () => {
  const good = encodePlatformBlock({ type: 'banff-standard', time: 3n, parentId: id(1), height: 4n, txs: [pBaseTx(), pImportTx()] }).bytes;

  it('rejects trailing bytes, truncation, unknown types, versions and oversize input', () => {
    expect(() => decodePlatformBlock(new Uint8Array([...good, 0]))).toThrow(/couldn't unmarshal tx|trailing buffer space/);
    const commit = encodePlatformBlock({ type: 'banff-commit', time: 1n, parentId: id(1), height: 1n }).bytes;
    expect(() => decodePlatformBlock(new Uint8Array([...commit, 0]))).toThrow('trailing buffer space: read 54 provided 55');
    expect(() => decodePlatformBlock(good.subarray(0, good.length - 1))).toThrow("couldn't unmarshal tx 1");
    expect(() => decodePlatformBlock(good.subarray(0, 40))).toThrow(/insufficient length/);
    expect(() => decodePlatformBlock(fromHex('0000 00000005'))).toThrow("couldn't unmarshal interface: unknown type ID 5");
    expect(() => decodePlatformBlock(fromHex('0000 00000021'))).toThrow("couldn't unmarshal interface: unknown type ID 33");
    expect(() => decodePlatformBlock(fromHex('0001 0000001f'))).toThrow('unknown codec version');
    expect(() => decodePlatformBlock(new Uint8Array(256 * 1024 + 1))).toThrow('byte array exceeds maximum length: 262145 > 262144');
  });

  it('rejects an embedded non-tx type and impossible tx counts', () => {
    const w = new LinearWriter().u16(0).u32(32).u64(1n).raw(id(1)).u64(1n).u32(1).u32(5).u64(1n).u32(0);
    expect(() => decodePlatformBlock(w.finish())).toThrow("couldn't unmarshal tx 0: couldn't unmarshal interface: type ID 5 is not a P-chain tx");
    const many = new LinearWriter().u16(0).u32(32).u64(1n).raw(id(1)).u64(1n).u32(0xffffffff).finish();
    expect(() => decodePlatformBlock(many)).toThrow(/txs cannot fit/);
  });

  it('refuses to encode txs that are not standalone signed bytes or ids of the wrong size', () => {
    expect(() => encodePlatformBlock({ type: 'banff-standard', time: 1n, parentId: id(1), height: 1n, txs: [new Uint8Array([0, 1, 0, 0, 0, 34, 0, 0, 0, 0])] })).toThrow('tx 0 is not a standalone signed tx');
    expect(() => encodePlatformBlock({ type: 'banff-commit', time: -1n, parentId: id(1), height: 1n })).toThrow('time out of uint64 range');
    expect(() => encodePlatformBlock({ type: 'banff-commit', time: 1n, parentId: new Uint8Array(3), height: 1n })).toThrow('parentId must be 32 bytes');
  });

  it('only ever throws Error on random, truncated and mutated input', () => {
    const seeds = [
      good,
      encodePlatformBlock({ type: 'banff-proposal', time: 1n, decisionTxs: [pBaseTx()], parentId: id(1), height: 1n, tx: pAdvanceTimeTx(2n) }).bytes,
      encodePlatformBlock({ type: 'apricot-atomic', parentId: id(1), height: 1n, tx: avalanchejsPTxCatalog().find((c) => c.name === 'AddPermissionlessValidatorTx')?.bytes ?? pImportTx() }).bytes,
      encodePlatformBlock({ type: 'banff-commit', time: 1n, parentId: id(1), height: 1n }).bytes,
    ];
    expect(fuzzDecoder(decodePlatformBlock, seeds, 3000, 11)).toBeGreaterThan(0);
  });
});
