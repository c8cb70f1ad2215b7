/**
 * Coreth genesis JSON (core/genesis.go `Genesis`) for a local C-chain with every upgrade active from block 0.
 * The string's exact bytes matter: they are the CreateChainTx's genesis data, so they feed the C-chain id.
 */

export interface CChainGenesisOptions {
  evmChainId: number;
  /** Genesis header timestamp (Unix seconds). */
  timestamp: bigint;
  gasLimit: bigint;
  /** 20-byte addresses (checksummed `0x…` text) → balance in wei, in insertion order. */
  alloc: ReadonlyArray<{ address: string; balanceWei: bigint }>;
}

/** Coreth/libevm chain-config keys: all Ethereum forks at block 0 / time 0, all Avalanche upgrades at time 0. */
function chainConfig(evmChainId: number): Record<string, number | boolean> {
  return {
    chainId: evmChainId,
    homesteadBlock: 0,
    daoForkBlock: 0,
    daoForkSupport: true,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    berlinBlock: 0,
    londonBlock: 0,
    shanghaiTime: 0,
    cancunTime: 0,
    apricotPhase1BlockTimestamp: 0,
    apricotPhase2BlockTimestamp: 0,
    apricotPhase3BlockTimestamp: 0,
    apricotPhase4BlockTimestamp: 0,
    apricotPhase5BlockTimestamp: 0,
    apricotPhasePre6BlockTimestamp: 0,
    apricotPhase6BlockTimestamp: 0,
    apricotPhasePost6BlockTimestamp: 0,
    banffBlockTimestamp: 0,
    cortinaBlockTimestamp: 0,
    durangoBlockTimestamp: 0,
    etnaTimestamp: 0,
    fortunaTimestamp: 0,
    graniteTimestamp: 0,
  };
}

const hex = (v: bigint): string => '0x' + v.toString(16);
const ZERO_HASH = '0x' + '0'.repeat(64);

/**
 * Field order and fixed values follow AvalancheGo's local `cChainGenesis` (nonce 0, extraData 0x00, difficulty 0,
 * zero mixHash/coinbase/parentHash). No `baseFeePerGas`: coreth then gives the genesis header AP3's initial base fee
 * (225 gwei), and ACP-176 prices the blocks after it.
 */
export function buildCChainGenesisJson(options: CChainGenesisOptions): string {
  const alloc: Record<string, { balance: string }> = {};
  for (const { address, balanceWei } of options.alloc) {
    alloc[address.replace(/^0x/i, '')] = { balance: hex(balanceWei) };
  }
  return JSON.stringify({
    config: chainConfig(options.evmChainId),
    nonce: '0x0',
    timestamp: hex(options.timestamp),
    extraData: '0x00',
    gasLimit: hex(options.gasLimit),
    difficulty: '0x0',
    mixHash: ZERO_HASH,
    coinbase: '0x' + '0'.repeat(40),
    alloc,
    number: '0x0',
    gasUsed: '0x0',
    parentHash: ZERO_HASH,
  });
}
