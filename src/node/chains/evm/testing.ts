import type { InnerBlock } from '../../consensus/types.js';
import type { KvOp, KvStore } from '../../storage/kv.js';
import type { BlockAcceptor, EvmLog } from './acceptor.js';

/** Test fixtures shared by this folder's tests (not used by production code). */
export const TEST_KEYS = [
  '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027', // the local network's ewoq key
  '0x7b4198529994b0dc604278c99d153cfd069d594753d471171a1d102a10438e07',
  '0x15614556be13730e9e8d6eacc1603143e7b96987429df8726384c2ec4502ef6e',
] as const;
export const EWOQ = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';
export const ACCOUNT_1 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'; // any address works; funded below

export function testGenesis(alloc: Record<string, { balance: string; code?: string; storage?: Record<string, string> }> = {}): string {
  return JSON.stringify({
    config: {
      chainId: 43112, homesteadBlock: 0, eip150Block: 0, eip155Block: 0, eip158Block: 0, byzantiumBlock: 0,
      constantinopleBlock: 0, petersburgBlock: 0, istanbulBlock: 0, muirGlacierBlock: 0, berlinBlock: 0, londonBlock: 0,
      apricotPhase1BlockTimestamp: 0, apricotPhase2BlockTimestamp: 0, apricotPhase3BlockTimestamp: 0, apricotPhase4BlockTimestamp: 0,
      apricotPhase5BlockTimestamp: 0, durangoBlockTimestamp: 0, etnaTimestamp: 0, fortunaTimestamp: 0, graniteTimestamp: 0,
    },
    nonce: '0x0', timestamp: '0x5FCB13D0', extraData: '0x00', gasLimit: '0x5f5e100', difficulty: '0x0',
    mixHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    coinbase: '0x0000000000000000000000000000000000000000',
    alloc: { [EWOQ.slice(2)]: { balance: '0x295BE96E64066972000000' }, ...alloc },
    number: '0x0', gasUsed: '0x0', parentHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
  });
}

/** Stands in for the consensus engine: writes the VM's ops in one batch and records the blocks. */
export class FakeAcceptor implements BlockAcceptor {
  readonly accepted: InnerBlock[] = [];
  failNext = false;
  constructor(private readonly db: KvStore) {}
  async accept(inner: InnerBlock, vmOps: KvOp[]): Promise<void> {
    if (this.failNext) { this.failNext = false; throw new Error('accept failed'); }
    await this.db.batch(vmOps);
    this.accepted.push(inner);
  }
}

export const silentLog: EvmLog = { debug() {}, info() {}, warn() {}, error() {} };

/** A clock the test moves by hand (ms). */
export function fakeClock(startMs = 1_700_000_000_000) {
  let t = startMs;
  return { now: () => t, advance: (ms: number) => { t += ms; }, set: (ms: number) => { t = ms; } };
}

/**
 * A 30-byte storage contract: empty calldata → returns slot 0; otherwise stores the first word in slot 0
 * and emits LOG1 with that word as its topic.
 */
export const STORAGE_RUNTIME = '0x36156012576000358060005560006000a1005b60005460005260206000f3';
export const STORAGE_INITCODE = '0x601e600c600039601e6000f3' + STORAGE_RUNTIME.slice(2);
/** Always reverts with empty data. */
export const REVERT_INITCODE = '0x6005600c60003960056000f3' + '60006000fd';
