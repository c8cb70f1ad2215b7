import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ApiKeysConfig, RateTier } from '../../../config/api-config.js';
import { UnauthorizedError } from '../errors/http-errors.js';
import { globalPlugin } from '../server/global-plugin.js';

/** Who is calling: a configured key's tier, or the anonymous tier. */
export interface ApiClient {
  anonymous: boolean;
  tier: string;
  cuPerMinute: number;
  /** Budget per UTC day; absent: none. */
  cuPerDay?: number;
  /** Stable, non-secret id of the key (a hash prefix) for counters and logs. */
  keyId?: string;
  name?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient;
  }
}

export const ANONYMOUS_TIER = 'anonymous';

/** Where a key may travel (data-api.md §3.1): the seed's header, the real service's header, the wallets' query parameter. */
export const API_KEY_HEADERS = ['x-service-api-key', 'x-glacier-api-key'] as const;
export const API_KEY_QUERY = 'rltoken';

export function presentedKey(request: FastifyRequest): string | undefined {
  for (const h of API_KEY_HEADERS) {
    const v = request.headers[h];
    const value = Array.isArray(v) ? v[0] : v;
    if (value) return value;
  }
  const q = (request.query as Record<string, unknown> | undefined)?.[API_KEY_QUERY];
  const value = Array.isArray(q) ? q[0] : q;
  return typeof value === 'string' && value ? value : undefined;
}

function budgets(tier: RateTier): Pick<ApiClient, 'cuPerMinute' | 'cuPerDay'> {
  return { cuPerMinute: tier.cuPerMinute, ...(tier.cuPerDay !== undefined ? { cuPerDay: tier.cuPerDay } : {}) };
}

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Keys by hash (no secret compared character by character), each resolved to its tier's budget. */
export class ApiKeyRegistry {
  readonly anonymous: ApiClient;
  readonly size: number;
  readonly #byHash = new Map<string, ApiClient>();

  /** `serviceTiers` are the service's defaults; tiers in `config` override or add to them. */
  constructor(config: ApiKeysConfig, serviceTiers: Record<string, RateTier>) {
    // A configured tier overrides the service's budgets it names and keeps the others (e.g. its daily one).
    const tiers: Record<string, RateTier> = { ...serviceTiers };
    for (const [name, tier] of Object.entries(config.tiers)) tiers[name] = { ...serviceTiers[name], ...tier };
    const anonymous = tiers[ANONYMOUS_TIER];
    if (!anonymous) throw new Error(`no "${ANONYMOUS_TIER}" rate-limit tier`);
    this.anonymous = { anonymous: true, tier: ANONYMOUS_TIER, ...budgets(anonymous) };
    for (const k of config.keys) {
      const tier = tiers[k.tier];
      if (!tier) throw new Error(`API key ${k.name ?? k.key.slice(0, 4) + '…'} is on unknown tier "${k.tier}" (known: ${Object.keys(tiers).join(', ')})`);
      const hash = keyHash(k.key);
      this.#byHash.set(hash, { anonymous: false, tier: k.tier, ...budgets(tier), keyId: hash.slice(0, 16), ...(k.name !== undefined ? { name: k.name } : {}) });
    }
    this.size = this.#byHash.size;
  }

  lookup(key: string): ApiClient | undefined {
    return this.#byHash.get(keyHash(key));
  }
}

export interface ApiKeysOptions {
  registry: ApiKeyRegistry;
  /**
   * What an unknown key gets: 'reject' (401) or 'anonymous' (served on the anonymous tier). Default:
   * reject when keys are configured; otherwise anonymous, so code written for the hosted service runs
   * unchanged with its key still set.
   */
  unknownKeys?: 'reject' | 'anonymous';
}

/** Identifies the caller of every request (`request.apiClient`); the key never reaches handlers or logs. */
export const apiKeys = globalPlugin('firn-api-keys', async (app: FastifyInstance, options: ApiKeysOptions) => {
  const reject = (options.unknownKeys ?? (options.registry.size > 0 ? 'reject' : 'anonymous')) === 'reject';
  app.decorateRequest('apiClient', null as unknown as ApiClient);
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = presentedKey(request);
    const query = request.query as Record<string, unknown> | undefined;
    if (query && API_KEY_QUERY in query) delete query[API_KEY_QUERY];
    if (key === undefined) {
      request.apiClient = options.registry.anonymous;
      return done();
    }
    const client = options.registry.lookup(key);
    if (client) request.apiClient = client;
    else if (reject) return done(new UnauthorizedError('Invalid API key'));
    else request.apiClient = options.registry.anonymous;
    done();
  });
});
