import type { LevelName } from '../../../logging/levels.js';
import type { NodeLogger } from '../../../logging/logger-registry.js';
import type { Profiler } from '../../../profiling/profiler.js';
import type { RpcArgs } from '../../../server/rpc-args.js';
import type { RpcService } from '../../../server/avalanche-rpc.js';
import { parseCorethLogLevel } from './log-level.js';

export interface CChainAdminDeps {
  /** Writes cpu.profile / mem.profile / lock.profile into the C-chain's profile directory. */
  profiler: Profiler;
  /** Applies a new level to the C-chain's logger. */
  setLogLevel: (level: LevelName) => void;
  /** admin.getVMConfig's `config`. */
  vmConfig: () => Record<string, unknown>;
  log: NodeLogger;
}

/**
 * coreth's admin service (plugin/evm/admin.go), gorilla service `admin` at `/ext/bc/C/admin`: profiles,
 * the VM's log level and its config. Every method but getVMConfig replies `{}`.
 */
export function createCChainAdminService(deps: CChainAdminDeps): RpcService {
  const called = (name: string, fields?: Record<string, unknown>) => deps.log.info(`Admin: ${name} called`, fields);
  return {
    name: 'admin',
    methods: {
      startCPUProfiler: async () => {
        called('StartCPUProfiler');
        await deps.profiler.startCPU();
        return {};
      },
      stopCPUProfiler: async () => {
        called('StopCPUProfiler');
        await deps.profiler.stopCPU();
        return {};
      },
      memoryProfile: async () => {
        called('MemoryProfile');
        await deps.profiler.memoryProfile();
        return {};
      },
      lockProfile: async () => {
        called('LockProfile');
        await deps.profiler.lockProfile();
        return {};
      },
      setLogLevel: (args: RpcArgs) => {
        const text = args.optionalString('level') ?? '';
        called('SetLogLevel', { level: text });
        deps.setLogLevel(parseCorethLogLevel(text));
        return {};
      },
      getVMConfig: () => {
        called('GetVMConfig');
        return { config: deps.vmConfig() };
      },
    },
  };
}
