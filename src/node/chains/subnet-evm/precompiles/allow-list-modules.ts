import { DEPLOYER_ALLOW_LIST_ADDRESS, TX_ALLOW_LIST_ADDRESS } from './addresses.js';
import { ALLOW_LIST_FUNCTIONS } from './allow-list.js';
import { NO_SETTINGS, type PrecompileModule } from './types.js';

/** ContractDeployerAllowList: who may deploy contracts (checked on every creation against tx.origin). */
export const DEPLOYER_ALLOW_LIST_MODULE: PrecompileModule = {
  key: 'contractDeployerAllowListConfig',
  address: DEPLOYER_ALLOW_LIST_ADDRESS,
  readSettings: () => NO_SETTINGS,
  functions: ALLOW_LIST_FUNCTIONS,
};

/** TxAllowList: who may send transactions (checked by the pool and before each tx in a block). */
export const TX_ALLOW_LIST_MODULE: PrecompileModule = {
  key: 'txAllowListConfig',
  address: TX_ALLOW_LIST_ADDRESS,
  readSettings: () => NO_SETTINGS,
  functions: ALLOW_LIST_FUNCTIONS,
};
