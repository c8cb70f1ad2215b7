/** What this node reports as its version: AvalancheGo's API generation it implements, plus Firn's own. */
export const NODE_VERSION = {
  version: 'avalanchego/1.14.2',
  databaseVersion: 'v1.4.5',
  rpcProtocolVersion: 44,
  gitCommit: 'firn-0.1.0',
  vmVersions: { avm: 'v1.14.2', evm: 'v0.15.4', platform: 'v1.14.2' } as Record<string, string>,
};

/** Every network upgrade is active from genesis on the devnet; Helicon is unscheduled as on AvalancheGo. */
const INITIALLY_ACTIVE = '2020-12-05T05:00:00Z';
const UNSCHEDULED = '9999-12-01T00:00:00Z';

export const DEVNET_UPGRADES: Record<string, unknown> = {
  apricotPhase1Time: INITIALLY_ACTIVE,
  apricotPhase2Time: INITIALLY_ACTIVE,
  apricotPhase3Time: INITIALLY_ACTIVE,
  apricotPhase4Time: INITIALLY_ACTIVE,
  apricotPhase4MinPChainHeight: 0,
  apricotPhase5Time: INITIALLY_ACTIVE,
  apricotPhasePre6Time: INITIALLY_ACTIVE,
  apricotPhase6Time: INITIALLY_ACTIVE,
  apricotPhasePost6Time: INITIALLY_ACTIVE,
  banffTime: INITIALLY_ACTIVE,
  cortinaTime: INITIALLY_ACTIVE,
  cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
  durangoTime: INITIALLY_ACTIVE,
  etnaTime: INITIALLY_ACTIVE,
  fortunaTime: INITIALLY_ACTIVE,
  graniteTime: INITIALLY_ACTIVE,
  graniteEpochDuration: 30_000_000_000,
  heliconTime: UNSCHEDULED,
};

/** An upgrade's activation time from DEVNET_UPGRADES, Unix seconds. */
export function upgradeTimeSeconds(name: 'durangoTime' | 'etnaTime' | 'fortunaTime' | 'graniteTime' | 'heliconTime'): bigint {
  return BigInt(Date.parse(DEVNET_UPGRADES[name] as string) / 1000);
}

/** Static fees AvalancheGo's local network reports through info.getTxFee (nAVAX). */
export const LOCAL_TX_FEES: Record<string, bigint> = {
  txFee: 1_000_000n,
  createAssetTxFee: 1_000_000n,
  createSubnetTxFee: 100_000_000n,
  transformSubnetTxFee: 100_000_000n,
  createBlockchainTxFee: 100_000_000n,
  addPrimaryNetworkValidatorFee: 0n,
  addPrimaryNetworkDelegatorFee: 0n,
  addSubnetValidatorFee: 1_000_000n,
  addSubnetDelegatorFee: 1_000_000n,
};
