import * as avalanchejs from '@avalabs/avalanchejs';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServers, type RunningApis } from '../../src/cli/api-servers.js';
import { loadApiConfig } from '../../src/config/api-config.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { idFromString } from '../../src/lib/cb58.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { silentLog } from '../../src/lib/log.js';
import { SUBNET_EVM_ID_STRING } from '../../src/lib/networks.js';
import { PgliteDatabase } from '../../src/store/database/pglite-database.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; the wallet surface used here, typed loosely. */
type Any = any;
const A = avalanchejs as Any;

const EWOQ_KEY = hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');
const EWOQ_P = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const SENDER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const RECEIVER = '0x000000000000000000000000000000000000bEEF';
const CHAIN_ID = 515_151;

const GENESIS = {
  config: {
    chainId: CHAIN_ID,
    feeConfig: {
      gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000,
      baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000,
    },
  },
  alloc: { [SENDER.address.slice(2)]: { balance: '0x' + (10n ** 21n).toString(16) } },
  nonce: '0x0', timestamp: '0x0', extraData: '0x', gasLimit: '0x7a1200', difficulty: '0x0',
  mixHash: '0x' + '00'.repeat(32), coinbase: '0x' + '00'.repeat(20), number: '0x0', gasUsed: '0x0', parentHash: '0x' + '00'.repeat(32),
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 600, everyMs = 50): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('an L1 chain created while the indexer runs', () => {
  let devnet: DevnetProcess;
  let db: PgliteDatabase;
  let indexer: RunningIndexer | undefined;
  let apis: RunningApis | undefined;

  beforeAll(async () => {
    devnet = await startDevnet(['--index-enabled']);
    db = await PgliteDatabase.open();
  });
  afterAll(async () => {
    await apis?.stop();
    await indexer?.stop();
    await db?.close();
    await devnet?.stop();
  });

  it('is registered, followed from its genesis and listed by the Data API', async () => {
    const { config } = loadIndexerConfig([`--node-url=${devnet.url}`, '--metrics-port=0', '--poll-interval=50ms', '--nft-metadata=false', '--log-level=warn'], {});
    // A one-minute watch interval: only the P-chain commit of the CreateChainTx can make the chain appear in time.
    indexer = await startIndexer(config, { db, chainWatchIntervalMs: 60_000 });
    let failure: unknown;
    indexer.done.catch((e: unknown) => (failure = e));
    const before = indexer.followers.length;
    expect(indexer.followers.map((f) => f.stream.chain.name)).not.toContain('latel1');

    const context = await A.Context.getContextFromURI(devnet.url);
    const pApi = new A.pvm.PVMApi(devnet.url);
    const issueP = async (build: (c: { feeState: Any; fromAddressesBytes: Uint8Array[]; utxos: Any[] }) => Any, subnetAuth = false): Promise<string> => {
      const feeState = await pApi.getFeeState();
      const { utxos } = await pApi.getUTXOs({ addresses: [EWOQ_P] });
      const tx = build({ feeState, fromAddressesBytes: [A.utils.bech32ToBytes(EWOQ_P)], utxos });
      await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
      if (subnetAuth) tx.addSignatureAt(await A.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
      return (await pApi.issueSignedTx(tx.getSignedTx())).txID as string;
    };
    const ewoq = A.utils.bech32ToBytes(EWOQ_P);
    const subnetId = await issueP((c) => A.pvm.newCreateSubnetTx({ ...c, subnetOwners: [ewoq] }, context));
    const nodeId = (await rpc(devnet.url, '/ext/info', 'info.getNodeID', {})).result.nodeID;
    const now = BigInt(Math.floor(Date.now() / 1000));
    await issueP((c) => A.pvm.newAddSubnetValidatorTx({ ...c, nodeId, start: now, end: now + 3600n, weight: 20n, subnetId, subnetAuth: [0] }, context), true);
    const blockchainId = await issueP((c) => A.pvm.newCreateChainTx({ ...c, subnetId, chainName: 'latel1', vmId: SUBNET_EVM_ID_STRING, fxIds: [], genesisData: GENESIS, subnetAuth: [0] }, context), true);
    const rpcPath = `/ext/bc/${blockchainId}/rpc`;
    // The node starts the chain asynchronously after accepting its CreateChainTx (404 until then).
    await until('the chain to serve', async () => ((await rpc(devnet.url, rpcPath, 'eth_chainId', []).catch(() => ({ result: undefined }))).result === `0x${CHAIN_ID.toString(16)}` ? true : undefined));

    const raw = await SENDER.signTransaction({
      chainId: CHAIN_ID, type: 'eip1559', nonce: 0, to: RECEIVER, value: 12_345n, gas: 21_000n, maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n,
    });
    const hash = (await rpc(devnet.url, rpcPath, 'eth_sendRawTransaction', [raw])).result as string;
    const receipt = await until('the receipt', async () => (await rpc(devnet.url, rpcPath, 'eth_getTransactionReceipt', [hash])).result ?? undefined);
    const height = BigInt(receipt.blockNumber);

    // The registry holds the chain with its subnet, and its block stream reached the tx's block.
    const chain = await until('the chain in the registry', async () => {
      const { rows } = await db.query<{ id: number; subnet_id: Uint8Array; evm_chain_id: string; name: string; vm: string }>(
        'SELECT id, subnet_id, evm_chain_id, name, vm FROM chains WHERE blockchain_id = $1', [idFromString(blockchainId)]);
      return rows[0];
    });
    expect(chain).toMatchObject({ evm_chain_id: String(CHAIN_ID), name: 'latel1', vm: 'evm' });
    expect(Buffer.from(chain.subnet_id).equals(Buffer.from(idFromString(subnetId)))).toBe(true);
    await until('the tx block indexed', async () => {
      if (failure) throw failure;
      const { rows } = await db.query<{ height: string }>("SELECT height FROM checkpoints WHERE chain = $1 AND stream = 'blocks'", [chain.id]);
      return rows[0] && BigInt(rows[0].height) >= height ? true : undefined;
    });
    expect(indexer.followers.length).toBe(before + 2); // its blocks and its rollups
    expect(indexer.streams.map((s) => s.label)).toContain(`local/latel1/blocks`);
    const { rows: txs } = await db.query<{ n: string }>('SELECT count(*) AS n FROM evm_transactions WHERE chain = $1', [chain.id]);
    expect(Number(txs[0]!.n)).toBe(1);
    const { rows: blocks } = await db.query<{ n: string }>('SELECT count(*) AS n FROM evm_blocks WHERE chain = $1', [chain.id]);
    expect(BigInt(blocks[0]!.n)).toBe(height + 1n); // from its genesis block on

    // The P-chain's genesis UTXOs the node still holds (ewoq's stakeable-locked allocation: no tx here could spend it)
    // came with the first P-chain batch, created at height 0 by the empty tx id.
    const P = indexer.followers.find((f) => f.stream.chain.name === 'P')!.stream.chain;
    const nodeGenesis = ((await rpc(devnet.url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [EWOQ_P], limit: 1024, encoding: 'hex' })).result.utxos as string[])
      .map((h) => Buffer.from(h.slice(2, -8), 'hex')).filter((b) => b.subarray(2, 34).every((x) => x === 0));
    expect(nodeGenesis.length).toBeGreaterThan(0);
    const { rows: genesisUtxos } = await db.query<{ bytes: Uint8Array; block_height: string; stakeable_locktime: string | null }>(
      'SELECT bytes, block_height, stakeable_locktime FROM primary_utxos WHERE chain = $1 AND tx_id = $2', [P.id, new Uint8Array(32)]);
    for (const bytes of nodeGenesis) expect(genesisUtxos.find((r) => Buffer.from(r.bytes).equals(bytes))).toMatchObject({ block_height: '0' });
    expect(genesisUtxos.some((r) => r.stakeable_locktime !== null)).toBe(true);

    // The supply after the last P-chain block is the node's getCurrentSupply at that height.
    const supply = (await rpc(devnet.url, '/ext/bc/P', 'platform.getCurrentSupply', {})).result as { supply: string; height: string };
    const stored = await until('the P-chain head indexed', async () => {
      const { rows } = await db.query<{ current_supply: string | null }>('SELECT current_supply FROM primary_blocks WHERE chain = $1 AND height = $2', [P.id, supply.height]);
      return rows[0];
    });
    expect(stored.current_supply).toBe(supply.supply);

    const { config: api } = loadApiConfig(['--port=0', '--page-token-secret=late-l1-chain-test-secret', '--rate-limits=false'], {});
    apis = await startApiServers(db, { api, dataApiPort: 0, metricsApiPort: 0, log: silentLog });
    const listed = (await (await fetch(`${apis.urls.dataApi}/v1/chains`)).json()) as { chains: Record<string, unknown>[] };
    expect(listed.chains.find((c) => c.chainId === String(CHAIN_ID))).toMatchObject({
      chainId: String(CHAIN_ID), status: 'OK', chainName: expect.any(String), platformChainId: blockchainId, subnetId, vmId: SUBNET_EVM_ID_STRING, vmName: 'EVM',
    });
    const got = (await (await fetch(`${apis.urls.dataApi}/v1/chains/${CHAIN_ID}/transactions/${hash}`)).json()) as { nativeTransaction?: { txHash: string } };
    expect(got.nativeTransaction?.txHash).toBe(hash);
    const block = (await (await fetch(`${apis.urls.dataApi}/v1/networks/local/blockchains/p-chain/blocks/${supply.height}`)).json()) as { blockNumber: string; currentSupply?: string };
    expect(block).toMatchObject({ blockNumber: supply.height, currentSupply: supply.supply });
  }, 120_000);
});
