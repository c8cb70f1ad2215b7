import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore } from '../../../storage/kv.js';
import type { NetworkUpgrades } from '../../subnet-evm/network-upgrades.js';
import { corethRules } from '../chain-rules.js';
import { EvmChain } from '../evm-chain.js';
import { DEVNET_FEE_CONFIG } from '../fees.js';
import { FakeAcceptor, fakeClock, silentLog, testGenesis } from '../testing.js';

const CHAIN_ID = new Uint8Array(32).fill(9);
const WARP = hexToBytes('0x0200000000000000000000000000000000000005');
/** testGenesis's timestamp (0x5FCB13D0) and fakeClock's start, Unix seconds. */
const GENESIS_TIME = 1_607_144_400n;
const CLOCK_START_S = 1_700_000_000n;

const upgrades = (durango: bigint): NetworkUpgrades => ({ subnetEVMTimestamp: 0n, durangoTimestamp: durango, etnaTimestamp: 0n, graniteTimestamp: 0n });

async function open(opts: { durango?: bigint; alloc?: Parameters<typeof testGenesis>[0] } = {}) {
  const db = openMemoryStore();
  const clock = fakeClock();
  const chain = await EvmChain.create({
    db, blockchainId: CHAIN_ID, genesisJson: testGenesis(opts.alloc), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now, mining: { mode: 'manual' },
    ...(opts.durango !== undefined ? { rules: corethRules(DEVNET_FEE_CONFIG, { context: { networkId: 1337, blockchainId: CHAIN_ID }, upgrades: upgrades(opts.durango) }) } : {}),
  });
  return { chain, clock };
}

async function warpAccount(chain: EvmChain, n?: bigint) {
  return { nonce: await chain.getNonce(WARP, n), code: bytesToHex(await chain.getCode(WARP, n)) };
}

describe('C-chain warp activation (coreth ApplyPrecompileActivations at Durango)', () => {
  it('configures the warp account in the genesis state when Durango is active at the genesis time', async () => {
    const { chain } = await open({ durango: GENESIS_TIME });
    expect(await warpAccount(chain, 0n)).toEqual({ nonce: 1n, code: '0x01' });
    const plain = await open();
    expect(await warpAccount(plain.chain, 0n)).toEqual({ nonce: 0n, code: '0x' });
    expect(bytesToHex(chain.genesisHash)).not.toBe(bytesToHex(plain.chain.genesisHash));
    await chain.close();
    await plain.chain.close();
  });

  it('writes the genesis allocation over the configured account, as toBlock does', async () => {
    const { chain } = await open({ durango: 0n, alloc: { [bytesToHex(WARP).slice(2)]: { balance: '0x7' } } });
    expect(await warpAccount(chain, 0n)).toEqual({ nonce: 0n, code: '0x' });
    expect(await chain.getBalance(WARP, 0n)).toBe(7n);
    await chain.close();
  });

  it('configures it in the first block at or after a later Durango, before that block\'s txs', async () => {
    const durango = CLOCK_START_S + 100n;
    const { chain, clock } = await open({ durango });
    expect(await warpAccount(chain, 0n)).toEqual({ nonce: 0n, code: '0x' });
    const [b1] = await chain.mine(1);
    expect(b1!.block.header.timestamp).toBeLessThan(durango);
    expect(await warpAccount(chain, 1n)).toEqual({ nonce: 0n, code: '0x' });
    clock.set(Number(durango) * 1000);
    const [b2] = await chain.mine(1);
    expect(b2!.block.header.timestamp).toBe(durango);
    expect(await warpAccount(chain, 2n)).toEqual({ nonce: 1n, code: '0x01' });
    expect(b2!.block.header.stateRoot).not.toEqual(b1!.block.header.stateRoot);
    const [b3] = await chain.mine(1);
    expect(await warpAccount(chain, 3n)).toEqual({ nonce: 1n, code: '0x01' });
    expect(b3!.block.header.stateRoot).toEqual(b2!.block.header.stateRoot);
    await chain.close();
  });
});
