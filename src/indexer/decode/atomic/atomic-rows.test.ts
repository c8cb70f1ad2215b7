import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../../store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../../store/testing.js';
import { listPrimaryTransactions } from '../../../store/queries/primary/transactions.js';
import { emptyPrimaryRows } from '../../../store/writers/primary/rows.js';
import { writePrimaryRows } from '../../../store/writers/primary/write-primary-rows.js';
import { utxoRowOf } from '../platform/rows-common.js';
import { cChainAtomicRows } from './atomic-rows.js';
import { encodeAtomicTxList } from './atomic-tx.js';
import { ATOMIC_EVM_ADDRESS, ATOMIC_OWNER, ATOMIC_SIGNER, atomicExportTx, atomicImportTx, IMPORTED_UTXO } from './atomic-txs.fixtures.js';

const serverUp = await postgresAvailable();
const C_ID = new Uint8Array(32).fill(0x43);
const X_ID = new Uint8Array(32).fill(0x58);
const AVAX = new Uint8Array(32).fill(0x3d);

describe.each(TEST_DATABASE_KINDS)('C-chain atomic txs written by the EVM stream, on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  let C: ChainRef;
  let X: ChainRef;
  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX });
    C = await ensureChain(t.db, { network, blockchainId: C_ID, subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
    X = await ensureChain(t.db, { network, blockchainId: X_ID, subnetId: new Uint8Array(32), vm: 'avm', name: 'X' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  run('stores imports and exports, links the X export an import spends (written later), and recovers the signers', async () => {
    const rows = cChainAtomicRows({ chain: C.id, blockchainId: C_ID }, [
      { height: 7n, hash: new Uint8Array(32).fill(7), timestamp: 1_700_000_007n, extData: encodeAtomicTxList([atomicImportTx, atomicExportTx]), apricotPhase5: true },
    ]);
    await t.db.transaction((q) => writePrimaryRows(q, rows));

    // The X-chain export the import spent, indexed afterwards by the X stream.
    const x = emptyPrimaryRows();
    const place = { chain: X.id, blockchainId: X_ID, txId: IMPORTED_UTXO.txId, txType: 'ExportTx', blockHeight: 3n, blockTimestamp: 1_700_000_000n, txIndex: 0 };
    x.blocks.push({ chain: X.id, height: 3n, blockId: new Uint8Array(32).fill(3), parentId: new Uint8Array(32).fill(2), blockType: 'StandardBlock', timestamp: 1_700_000_000n, size: 1, innerSize: 1, txIds: [IMPORTED_UTXO.txId] });
    x.txs.push({ chain: X.id, txId: IMPORTED_UTXO.txId, blockHeight: 3n, blockId: new Uint8Array(32).fill(3), blockTimestamp: 1_700_000_000n, txIndex: 0, txType: 'ExportTx',
      memo: new Uint8Array(0), bytes: new Uint8Array([0]), unsignedSize: 1, amounts: {}, details: {}, destinationChain: C_ID });
    x.utxos.push(utxoRowOf(place, { outputIndex: IMPORTED_UTXO.outputIndex, assetId: AVAX, consumableOn: C_ID,
      output: { typeId: 7, kind: 'transfer', amount: 3_000_000n, owners: { locktime: 0n, threshold: 1, addresses: [ATOMIC_OWNER] }, bytes: new Uint8Array([0, 0, 0, 7]) } }));
    await t.db.transaction((q) => writePrimaryRows(q, x));

    const byEvm = await listPrimaryTransactions(t.db, { chain: C.id, addresses: [ATOMIC_EVM_ADDRESS], sortOrder: 'asc' });
    expect(byEvm.items.map((i) => [i.txType, i.blockHeight, i.txIndex])).toEqual([['ImportTx', 7n, 0], ['ExportTx', 7n, 1]]);
    const [imp, exp] = byEvm.items;
    expect(imp!.consumedUtxos.map((u) => [u.created?.chain, u.consumed?.chain, u.consumed?.credentials?.[0]?.publicKey])).toEqual([[X.id, C.id, ATOMIC_SIGNER]]);
    expect(imp!.details.evmOutputs?.map((o) => [o.address, o.amount])).toEqual([[ATOMIC_EVM_ADDRESS, 2_900_000n]]);
    expect(exp!.details.evmInputs?.map((i) => [i.nonce, i.credentials?.[0]?.publicKey])).toEqual([[7n, ATOMIC_SIGNER]]);
    expect(exp!.emittedUtxos.map((u) => [u.created?.consumableOn, u.amount])).toEqual([[X_ID, 4_000_000n]]);
    // The owner of the X export now finds the C import too.
    expect((await listPrimaryTransactions(t.db, { chain: C.id, addresses: [ATOMIC_OWNER] })).items.map((i) => i.txType)).toEqual(['ExportTx', 'ImportTx']);
  });
  run('serves the stored signer keys, and recovers them for rows stored without (indexed by an older Firn)', async () => {
    const own = await openTestDatabase(kind);
    try {
      const network = await ensureNetwork(own.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX });
      const c = await ensureChain(own.db, { network, blockchainId: C_ID, subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C' });
      const rows = cChainAtomicRows({ chain: c.id, blockchainId: C_ID }, [
        { height: 8n, hash: new Uint8Array(32).fill(8), timestamp: 1_700_000_008n, extData: encodeAtomicTxList([atomicImportTx, atomicExportTx]), apricotPhase5: true },
      ]);
      const spend = rows.spends[0]!;
      const input = rows.txs[1]!.details.evmInputs![0]!;
      expect(spend.credentials![0]!.publicKey).toEqual(ATOMIC_SIGNER);
      expect(input.credentials![0]!.publicKey).toEqual(ATOMIC_SIGNER);
      // A stored key is served as stored (a marker key shows nothing is recovered on read)...
      const marker = new Uint8Array(33).fill(2);
      spend.credentials = [{ signature: spend.credentials![0]!.signature, publicKey: marker }];
      // ...and a credential stored without its key gets it recovered.
      input.credentials = [{ signature: input.credentials![0]!.signature }];
      await own.db.transaction((q) => writePrimaryRows(q, rows));
      const [imp, exp] = (await listPrimaryTransactions(own.db, { chain: c.id, sortOrder: 'asc' })).items;
      expect(imp!.consumedUtxos.map((u) => u.consumed?.credentials?.[0]?.publicKey)).toEqual([marker]);
      expect(exp!.details.evmInputs?.map((i) => i.credentials?.[0]?.publicKey)).toEqual([ATOMIC_SIGNER]);
    } finally {
      await own.dispose();
    }
  });
});
