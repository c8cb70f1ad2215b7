import { writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { idFromString, idToString } from '../../../lib/cb58.js';
import { Mutex } from '../../../lib/mutex.js';
import { parseLevel } from '../../logging/levels.js';
import type { LoggerRegistry, NodeLogger } from '../../logging/logger-registry.js';
import type { Profiler } from '../../profiling/profiler.js';
import { formatStacktrace } from '../../profiling/stacktrace.js';
import type { RpcService } from '../../server/avalanche-rpc.js';
import type { Router } from '../../server/router.js';
import { ArgumentError, type RpcArgs } from '../../server/rpc-args.js';
import type { KvStore } from '../../storage/kv.js';
import type { ChainAliasRegistry } from './chain-aliases.js';
import { dbGet } from './db-get.js';
import { goFsError } from './go-fs-error.js';
import type { VmRegistry } from './vm-registry.js';

/** In bytes, as AvalancheGo's `len(alias)`. */
export const MAX_ALIAS_LENGTH = 512;
export const STACKTRACE_FILE = 'stacktrace.txt';

export interface AdminDeps {
  router: Router;
  chainAliases: ChainAliasRegistry;
  loggers: LoggerRegistry;
  profiler: Profiler;
  pluginDir: string;
  vmRegistry: VmRegistry;
  /** The node's effective configuration, as admin.getConfig returns it. */
  config: () => unknown;
  db: KvStore;
  /** The process working directory, where stacktrace.txt goes. */
  workDir: string;
  log: NodeLogger;
}

/**
 * The admin API (`/ext/admin`; AvalancheGo api/admin/service.go). Methods that change node state run
 * one at a time under the `admin` lock, as AvalancheGo's service does. Where seed 001 is explicit and
 * AvalancheGo differs, the seed wins: setLoggerLevel replies `{}`.
 */
export function createAdminService(deps: AdminDeps): RpcService {
  const lock = new Mutex('admin');
  const exclusive = <T>(fn: () => Promise<T> | T) => lock.runExclusive(fn);
  const called = (method: string, fields?: Record<string, unknown>) =>
    deps.log.debug('API called', { service: 'admin', method, ...fields });

  return {
    name: 'admin',
    methods: {
      startCPUProfiler: () => {
        called('startCPUProfiler');
        return exclusive(() => fsCall(() => deps.profiler.startCPU()));
      },
      stopCPUProfiler: () => {
        called('stopCPUProfiler');
        return exclusive(() => fsCall(() => deps.profiler.stopCPU()));
      },
      memoryProfile: () => {
        called('memoryProfile');
        return exclusive(() => fsCall(() => deps.profiler.memoryProfile()));
      },
      lockProfile: () => {
        called('lockProfile');
        return exclusive(() => fsCall(() => deps.profiler.lockProfile()));
      },

      alias: (args: RpcArgs) => {
        const endpoint = args.string('endpoint');
        const alias = args.string('alias');
        called('alias', { endpoint, alias });
        checkAliasLength(alias);
        deps.router.addAliases(endpoint, alias);
        return {};
      },

      aliasChain: (args: RpcArgs) => {
        const chain = args.string('chain');
        const alias = args.string('alias');
        called('aliasChain', { chain, alias });
        checkAliasLength(alias);
        const id = deps.chainAliases.lookup(chain);
        return exclusive(() => {
          deps.chainAliases.alias(id, alias);
          // If this step fails the chain alias stays registered, as in AvalancheGo.
          deps.router.addAliases(goPathJoin('bc', idToString(id)), goPathJoin('bc', alias));
          return {};
        });
      },

      getChainAliases: (args: RpcArgs) => {
        const chain = args.string('chain');
        called('getChainAliases', { chain });
        return { aliases: deps.chainAliases.aliases(idFromString(chain)) };
      },

      getLoggerLevel: (args: RpcArgs) => {
        const loggerName = args.string('loggerName');
        called('getLoggerLevel', { loggerName });
        return { loggerLevels: deps.loggers.getLevels(loggerName) };
      },

      setLoggerLevel: (args: RpcArgs) => {
        const loggerName = args.string('loggerName');
        const logLevel = levelArg(args, 'logLevel');
        const displayLevel = levelArg(args, 'displayLevel');
        called('setLoggerLevel', { loggerName, logLevel, displayLevel });
        if (logLevel === undefined && displayLevel === undefined) throw new Error('need to specify either displayLevel or logLevel');
        return exclusive(() => {
          deps.loggers.setLevels(loggerName, {
            ...(logLevel !== undefined ? { logLevel } : {}),
            ...(displayLevel !== undefined ? { displayLevel } : {}),
          });
          return {};
        });
      },

      loadVMs: () => {
        called('loadVMs');
        return exclusive(() => deps.vmRegistry.reload(deps.pluginDir));
      },

      stacktrace: () => {
        called('stacktrace');
        const text = formatStacktrace();
        return exclusive(() => fsCall(() => writeFile(join(deps.workDir, STACKTRACE_FILE), text, { mode: 0o600 })));
      },

      getConfig: () => {
        called('getConfig');
        return deps.config() ?? null;
      },

      dbGet: (args: RpcArgs) => {
        const key = args.string('key');
        called('dbGet', { key });
        return dbGet(deps.db, key);
      },
    },
  };
}

function checkAliasLength(alias: string): void {
  if (Buffer.byteLength(alias, 'utf8') > MAX_ALIAS_LENGTH) throw new Error('alias length is too long');
}

/** A level param: absent/null = not given; anything else must parse (else the fixed params error). */
function levelArg(args: RpcArgs, name: string): string | undefined {
  const text = args.optionalString(name);
  if (text === undefined) return undefined;
  try {
    parseLevel(text);
  } catch (e) {
    throw new ArgumentError((e as Error).message);
  }
  return text;
}

/** Go's path.Join: joined, cleaned, no trailing slash. */
function goPathJoin(...parts: string[]): string {
  const joined = posix.join(...parts);
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}

async function fsCall(fn: () => Promise<void>): Promise<Record<string, never>> {
  try {
    await fn();
  } catch (e) {
    throw goFsError(e);
  }
  return {};
}
