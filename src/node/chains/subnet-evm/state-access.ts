import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Account, Address, setLengthLeft } from '@ethereumjs/util';
import type { PrecompileState } from './precompiles/types.js';

/**
 * Precompile storage and balances straight on a state manager, outside any EVM call: activations and
 * genesis write through it; the block builder and the RPC read precompile state with it.
 */
export function directState(state: MerkleStateManager): PrecompileState {
  return {
    getStorage: async (a, key) => setLengthLeft(await state.getStorage(new Address(a), key), 32),
    putStorage: (a, key, value) => state.putStorage(new Address(a), key, value),
    addBalance: async (a, amount) => {
      const address = new Address(a);
      const account = (await state.getAccount(address)) ?? new Account();
      account.balance += amount;
      await state.putAccount(address, account);
    },
  };
}
