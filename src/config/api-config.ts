import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, parseArgv, resolveOptions, type OptionSpec } from './options.js';
import { readConfigFile } from './config-file.js';

/** A rate-limit tier: its compute-unit budgets per minute and per UTC day (data-api.md §3.2). */
export interface RateTier {
  cuPerMinute: number;
  /** Absent: no daily budget. */
  cuPerDay?: number;
}

export interface ApiKeySpec {
  key: string;
  tier: string;
  /** Shown in logs instead of the key. */
  name?: string;
}

/** API keys and the tiers they belong to; tiers named here override or add to the service's own. */
export interface ApiKeysConfig {
  tiers: Record<string, RateTier>;
  keys: ApiKeySpec[];
}

/** `trustProxy` as Fastify takes it: off, on, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface ApiConfig {
  host: string;
  port: number;
  apiKeys: ApiKeysConfig;
  /** Counters shared by replicas in Redis; undefined = in memory. */
  redisUrl?: string;
  rateLimits: boolean;
  /** Configured secret; undefined = the one in `pageTokenSecretFile` (created when absent). */
  pageTokenSecret?: string;
  pageTokenSecretFile: string;
  /** Allowed CORS origins; `*` = any (the real service). */
  corsOrigins: string[];
  trustProxy: TrustProxy;
  logFormat: 'auto' | 'json' | 'pretty';
  logLevel: string;
  /** Nodes the signature aggregator asks (P-chain RPC and ACP-118); none = aggregation answers 503. */
  nodeUrls: string[];
  /** Memory for answers reused while the data is unchanged (Data API), MiB; 0 = off. */
  responseCacheMb: number;
}

export const API_OPTIONS: OptionSpec[] = [
  { name: 'host', type: 'string', default: '127.0.0.1', help: 'address the API listens on (0.0.0.0 for every interface)' },
  { name: 'port', type: 'int', default: 8080, help: 'port of the API (0 picks a free one)', check: (v: number) => (v >= 0 && v <= 65535 ? undefined : 'must be 0..65535') },
  { name: 'api-keys-file', type: 'string', default: '', help: 'JSON file of API keys and tiers: {"tiers": {"pro": {"cuPerMinute": 20000}}, "keys": [{"key": "...", "tier": "pro", "name": "alice"}]}' },
  { name: 'api-keys', type: 'string', default: '', help: 'API keys as key:tier pairs, comma-separated (or the JSON of --api-keys-file); usually set as $FIRN_API_KEYS' },
  { name: 'redis-url', type: 'string', default: '', help: 'Redis URL for rate-limit counters shared by replicas (also $REDIS_URL); default: in memory' },
  { name: 'rate-limits', type: 'bool', default: true, help: 'enforce per-minute compute-unit budgets' },
  { name: 'page-token-secret', type: 'string', default: '', help: 'secret that signs pageTokens (at least 16 characters; replicas must share it)' },
  { name: 'page-token-secret-file', type: 'string', default: '', help: 'file holding the pageToken secret, created when absent (default ~/.firn/page-token-secret)' },
  { name: 'cors-origins', type: 'list', default: ['*'], help: 'origins allowed by CORS, comma-separated (* = any)' },
  { name: 'trust-proxy', type: 'string', default: 'false', help: 'trust X-Forwarded-* from proxies: false, true, a hop count, or comma-separated addresses/CIDRs' },
  { name: 'log-format', type: 'string', default: 'auto', help: 'auto, json or pretty', check: (v: string) => (['auto', 'json', 'pretty'].includes(v) ? undefined : 'must be auto, json or pretty') },
  { name: 'log-level', type: 'string', default: 'info', help: 'debug, info, warn or error', check: (v: string) => (['debug', 'info', 'warn', 'error'].includes(v.toLowerCase()) ? undefined : 'must be debug, info, warn or error') },
  { name: 'node-urls', type: 'list', default: [], help: 'node URLs the signature aggregator asks for validator sets and signatures, comma-separated (firn start: the devnet)' },
  { name: 'response-cache-mb', type: 'int', default: 64, help: 'memory (MiB) for Data API answers reused while the indexed data is unchanged; 0 = off', check: (v: number) => (v >= 0 ? undefined : 'must be ≥ 0') },
  { name: 'config-file', type: 'string', default: '', help: 'JSON file of options' },
];

/** The options with service-specific defaults (e.g. the Metrics API's port). */
export function apiOptions(defaults: Record<string, unknown> = {}): OptionSpec[] {
  return API_OPTIONS.map((s) => (s.name in defaults ? { ...s, default: defaults[s.name] } : s));
}

export function loadApiConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  defaults: Record<string, unknown> = {},
  extraSpecs: OptionSpec[] = [],
): { config: ApiConfig; help: boolean; extras: Record<string, unknown> } {
  const specs = [...apiOptions(defaults), ...extraSpecs];
  const { flags, help } = parseArgv(argv, specs);
  const file = readConfigFile((flags['config-file'] as string | undefined) ?? env.FIRN_CONFIG_FILE ?? '');
  const v = resolveOptions(specs, { flags, env, file });
  const keysFile = v['api-keys-file'] as string;
  const fromFile = keysFile ? parseApiKeys(readKeysFile(keysFile), `--api-keys-file ${keysFile}`) : { tiers: {}, keys: [] };
  const keysText = (v['api-keys'] as string).trim();
  const fromText = keysText ? parseApiKeys(keysText.startsWith('{') || keysText.startsWith('[') ? parseJson(keysText, '--api-keys') : keysText, '--api-keys') : { tiers: {}, keys: [] };
  const redisUrl = (v['redis-url'] as string) || env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError(`invalid Redis URL "${redisUrl}" (redis://host:6379 or rediss://...)`);
  const secret = v['page-token-secret'] as string;
  if (secret && secret.length < 16) throw new ConfigError('invalid value for --page-token-secret: at least 16 characters');
  const origins = v['cors-origins'] as string[];
  if (origins.length === 0) throw new ConfigError('--cors-origins needs at least one origin (* for any)');
  const extras = Object.fromEntries(extraSpecs.map((spec) => [spec.name, v[spec.name]]));
  return {
    help,
    extras,
    config: {
      host: v['host'] as string,
      port: v['port'] as number,
      apiKeys: mergeApiKeys(fromFile, fromText),
      ...(redisUrl ? { redisUrl } : {}),
      rateLimits: v['rate-limits'] as boolean,
      ...(secret ? { pageTokenSecret: secret } : {}),
      pageTokenSecretFile: resolve((v['page-token-secret-file'] as string) || join(homedir(), '.firn', 'page-token-secret')),
      corsOrigins: origins,
      trustProxy: parseTrustProxy(v['trust-proxy'] as string),
      logFormat: v['log-format'] as ApiConfig['logFormat'],
      logLevel: (v['log-level'] as string).toLowerCase(),
      nodeUrls: (v['node-urls'] as string[]).map((u) => u.replace(/\/+$/, '')),
      responseCacheMb: v['response-cache-mb'] as number,
    },
  };
}

export function parseTrustProxy(text: string): TrustProxy {
  const t = text.trim();
  if (t === '' || t === 'false') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  return t.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * API keys from JSON (`{tiers, keys}` where keys is a list of `{key, tier, name?}` or a map key → tier;
 * or just that list) or from text (`key:tier,key2:tier2`; a key alone is on the `free` tier).
 */
export function parseApiKeys(input: unknown, source: string): ApiKeysConfig {
  const fail = (why: string) => new ConfigError(`invalid API keys in ${source}: ${why}`);
  if (typeof input === 'string') {
    const keys = input.split(',').map((s) => s.trim()).filter((s) => s.length > 0).map((pair) => {
      const colon = pair.lastIndexOf(':');
      const key = colon < 0 ? pair : pair.slice(0, colon);
      const tier = colon < 0 ? 'free' : pair.slice(colon + 1);
      return checkKey({ key, tier }, fail);
    });
    return { tiers: {}, keys };
  }
  const root = Array.isArray(input) ? { keys: input } : input;
  if (root === null || typeof root !== 'object') throw fail('expected a JSON object {"tiers": ..., "keys": ...}');
  const { tiers: rawTiers = {}, keys: rawKeys = [], ...rest } = root as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw fail(`unknown field "${extra[0]}" (expected tiers and keys)`);
  if (rawTiers === null || typeof rawTiers !== 'object' || Array.isArray(rawTiers)) throw fail('"tiers" must be an object of {"cuPerMinute": number}');
  const tiers: Record<string, RateTier> = {};
  for (const [name, t] of Object.entries(rawTiers as Record<string, unknown>)) {
    const cu = (t as { cuPerMinute?: unknown } | null)?.cuPerMinute;
    if (typeof cu !== 'number' || !Number.isSafeInteger(cu) || cu < 1) throw fail(`tier "${name}" needs "cuPerMinute", a positive integer`);
    const day = (t as { cuPerDay?: unknown }).cuPerDay;
    if (day !== undefined && (typeof day !== 'number' || !Number.isSafeInteger(day) || day < 1)) throw fail(`tier "${name}": "cuPerDay" must be a positive integer`);
    tiers[name] = { cuPerMinute: cu, ...(day !== undefined ? { cuPerDay: day } : {}) };
  }
  let list: unknown[];
  if (Array.isArray(rawKeys)) list = rawKeys;
  else if (rawKeys !== null && typeof rawKeys === 'object') list = Object.entries(rawKeys as Record<string, unknown>).map(([key, tier]) => ({ key, tier }));
  else throw fail('"keys" must be a list of {"key", "tier", "name"} or an object key → tier');
  const keys = list.map((k) => {
    if (k === null || typeof k !== 'object') throw fail('each key must be an object {"key", "tier", "name"}');
    const { key, tier, name } = k as Record<string, unknown>;
    if (name !== undefined && typeof name !== 'string') throw fail('a key\'s "name" must be a string');
    return checkKey({ key, tier: tier ?? 'free', ...(name !== undefined ? { name } : {}) }, fail);
  });
  return { tiers, keys };
}

function checkKey(k: { key: unknown; tier: unknown; name?: string }, fail: (why: string) => ConfigError): ApiKeySpec {
  if (typeof k.key !== 'string' || !/^[\x21-\x7e]{8,256}$/.test(k.key)) throw fail('a key must be 8 to 256 printable characters without spaces');
  if (typeof k.tier !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(k.tier)) throw fail(`key ${mask(String(k.key))} has an invalid tier name`);
  return { key: k.key, tier: k.tier, ...(k.name !== undefined ? { name: k.name } : {}) };
}

/** Later sources win for a key or tier of the same name. */
export function mergeApiKeys(...configs: ApiKeysConfig[]): ApiKeysConfig {
  const tiers: Record<string, RateTier> = {};
  const keys = new Map<string, ApiKeySpec>();
  for (const c of configs) {
    Object.assign(tiers, c.tiers);
    for (const k of c.keys) keys.set(k.key, k);
  }
  return { tiers, keys: [...keys.values()] };
}

/** A key as it may appear in logs and errors: its first 4 characters. */
export function mask(key: string): string {
  return `${key.slice(0, 4)}…`;
}

function readKeysFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read API keys file ${file}: ${(e as Error).message}`);
  }
  return parseJson(text, `API keys file ${file}`);
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
}
