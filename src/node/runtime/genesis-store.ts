import type { NodeConfig } from '../../config/node-config.js';
import { sha256 } from '../../lib/hash.js';
import { bytesToHex } from '../../lib/hex.js';
import { buildLocalGenesis, recentLocalStartTime, type NetworkGenesis } from '../genesis/index.js';
import type { NodeLogger } from '../logging/logger-registry.js';
import { u64Key, utf8, type KvStore } from '../storage/kv.js';

const START_TIME_KEY = utf8('node/genesisStartTime');
const GENESIS_HASH_KEY = utf8('node/genesisHash');

/**
 * The network genesis for this data dir. The start time is chosen on first boot (AvalancheGo's local
 * rule: a recent 270-day step, so genesis validators are current) and saved, so every restart rebuilds
 * byte-identical genesis; a data dir created with different genesis options is refused.
 */
export async function loadGenesis(db: KvStore, config: NodeConfig, log: NodeLogger): Promise<NetworkGenesis | undefined> {
  const saved = await db.get(START_TIME_KEY);
  const startTime = config.genesisTimestamp > 0
    ? config.genesisTimestamp
    : saved
      ? Number(new DataView(saved.buffer, saved.byteOffset).getBigUint64(0))
      : recentLocalStartTime(Math.floor(Date.now() / 1000));
  const genesis = buildLocalGenesis({
    networkId: config.networkId,
    startTime,
    mnemonic: config.mnemonic,
    devAccountCount: config.accounts,
    devAccountBalanceWei: BigInt(config.balance) * 10n ** 18n,
  });
  const hash = sha256(genesis.pChainGenesisBytes);
  const savedHash = await db.get(GENESIS_HASH_KEY);
  if (savedHash && bytesToHex(savedHash) !== bytesToHex(hash)) {
    log.fatal(`the database in ${config.dataDir} was created with a different genesis (network id, start time, mnemonic or accounts); use another --data-dir or the original options`);
    return undefined;
  }
  if (!savedHash) {
    await db.batch([
      { type: 'put', key: START_TIME_KEY, value: u64Key(BigInt(startTime)) },
      { type: 'put', key: GENESIS_HASH_KEY, value: hash },
    ]);
  }
  return genesis;
}
