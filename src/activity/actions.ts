import { ATOMIC_ACTIONS } from './atomic/atomic-actions.js';
import { C_ACTIONS } from './c-chain/c-actions.js';
import type { ActionTable } from './context.js';
import { P_ACTIONS } from './p-chain/p-actions.js';
import { X_ACTIONS } from './x-chain/x-actions.js';

/** Every action kind's implementation. */
export const ACTIONS: ActionTable = { ...C_ACTIONS, ...P_ACTIONS, ...X_ACTIONS, ...ATOMIC_ACTIONS };
