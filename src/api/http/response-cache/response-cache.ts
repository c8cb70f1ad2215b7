import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD, encodeBody, negotiateEncoding } from '../compression/compression.js';
import { ownedBuffer } from '../../../lib/owned-buffer.js';
import { globalPlugin } from '../server/global-plugin.js';
import type { DataVersionSource } from './data-version.js';
import { ResponseStore, type StoredResponse } from './response-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a GET's 200 answers may be reused while the stored data is unchanged: 'data' (they depend on the
     * stored data only), 'clock' (also on the clock, e.g. a validator's status: kept for its second, or until
     * the handler's `request.answerValidUntil`); false or absent: never.
     */
    responseCache?: 'data' | 'clock' | false;
  }
}

export interface ResponseCacheOptions {
  /** Memory the kept responses may hold. */
  maxBytes: number;
  /** How long an answer may be reused at most (it also carries page tokens issued when it was built). */
  maxAgeMs?: number;
  /** The store's data version; an answer is reused only under the version it was built under. */
  version: DataVersionSource;
  /** Milliseconds since the epoch (tests control it). */
  now: () => number;
  /** When the request's page token stops being accepted, if it has one: its answer is not reused past that. */
  tokenExpiry?: (request: FastifyRequest) => number | undefined;
}

/** Five minutes: a hot page is served thousands of times; the page tokens it carries keep nearly all of their 24 hours. */
export const DEFAULT_RESPONSE_MAX_AGE_MS = 300_000;

/** The headers that describe a body (the per-request ones — rate limits, CORS, request id — are set anew). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'last-modified'] as const;

/** A Vary header value that names accept-encoding, keeping what another plugin (CORS: origin) put there. */
function withAcceptEncoding(vary: ReturnType<FastifyReply['getHeader']>): string {
  const names = (Array.isArray(vary) ? vary.join(',') : vary === undefined ? '' : String(vary)).split(',').map((v) => v.trim()).filter(Boolean);
  return names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding') ? names.join(', ') : [...names, 'accept-encoding'].join(', ');
}

/**
 * A first-time answer up to this size goes out as built, even to a client that takes gzip or br; its kept copy is
 * compressed when it is asked for again. So small a body fits TCP's initial window (10 segments) uncompressed:
 * compressing it saves bytes but no round trip, and an answer asked for once (a lookup by id, or any answer after a
 * new block changed the data) never pays for a compression nobody reuses. Measured on first-time P-chain txs by id
 * (3.6 KiB, 50 connections, 2 cores shared with PostgreSQL and the load): the Data API's CPU per request fell by a
 * fifth to a quarter (2026-11-30).
 */
export const SEND_AS_BUILT_MAX_BYTES = 8 * 1024;

/** How long a request waits for another's build before building the answer itself. */
const BUILD_WAIT_MS = 5_000;

/** The answer another request is building, or undefined if it does not finish in BUILD_WAIT_MS. */
function waitFor(build: Build): Promise<StoredResponse | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), BUILD_WAIT_MS);
    timer.unref();
  });
  return Promise.race([build.done, late]).finally(() => clearTimeout(timer));
}

interface RequestState {
  version: string;
  second: number;
  hit: boolean;
  /** Set when this request builds the answer others for the same URL wait for. */
  building?: Build;
}

/** An answer being built: requests for the same URL, version (and second) arriving meanwhile wait for it. */
interface Build {
  version: string;
  second: number;
  done: Promise<StoredResponse | undefined>;
  finish(answer: StoredResponse | undefined): void;
}

/**
 * Reuses the answers of GET routes that opt in (`config.responseCache`) for identical URLs while the data
 * version is unchanged, so the hot pages of an API under load cost a version check instead of their queries
 * and rendering. The version is read before the handler runs, so an answer is never kept under a version older
 * than the data it shows; only 200 answers are kept; per-request hooks (keys, rate limits, CORS, ETag
 * revalidation) run on every request, hit or miss; a kept answer is compressed once per encoding clients ask for. Register after the ETag plugin (so a kept
 * answer keeps its tag) and before the routes.
 */
export const responseCache = globalPlugin('firn-response-cache', async (app: FastifyInstance, options: ResponseCacheOptions) => {
  const store = new ResponseStore(options.maxBytes);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_RESPONSE_MAX_AGE_MS;
  const states = new WeakMap<FastifyRequest, RequestState>();
  const builds = new Map<string, Build>();
  app.decorate('responseStore', store);
  app.decorateRequest('answerValidUntil', undefined);
  app.decorateRequest('dataVersion', undefined);

  /**
   * The kept answer compressed as the request asks (br or gzip, bodies over the threshold), with the encoding
   * headers set; undefined to send it as it is. Compressed once per answer and encoding, not on every request
   * (the compression plugin leaves an encoded body alone).
   */
  const encodedFor = (request: FastifyRequest, reply: FastifyReply, kept: StoredResponse): Buffer | undefined => {
    if (kept.body.length < COMPRESSION_THRESHOLD || request.headers['x-no-compression'] !== undefined) return undefined;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return undefined;
    let encoded = kept.encoded?.[encoding];
    if (!encoded) {
      encoded = ownedBuffer(encodeBody(kept.body, encoding));
      (kept.encoded ??= {})[encoding] = encoded;
      store.grow(request.url, encoded.length);
    }
    void reply.header('content-encoding', encoding).header('vary', withAcceptEncoding(reply.getHeader('vary')));
    return encoded;
  };

  /**
   * A kept body sent uncompressed: the compression plugin is told to leave it (its documented opt-out is this request
   * header), and Vary names accept-encoding when a later answer for the URL may be compressed.
   */
  const asBuilt = (request: FastifyRequest, reply: FastifyReply, kept: StoredResponse): Buffer => {
    if (kept.body.length >= COMPRESSION_THRESHOLD) void reply.header('vary', withAcceptEncoding(reply.getHeader('vary')));
    request.headers['x-no-compression'] = 'first-time answer';
    return kept.body;
  };

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const policy = request.routeOptions.config?.responseCache;
    if (!policy || request.method !== 'GET') return;
    let version: string;
    try {
      version = await options.version(request);
    } catch {
      return; // the handler's own queries report the store's failure
    }
    request.dataVersion = version;
    const now = options.now();
    const state: RequestState = { version, second: Math.floor(now / 1000), hit: false };
    states.set(request, state);
    const usable = (answer: StoredResponse | undefined): answer is StoredResponse =>
      answer !== undefined && answer.version === version && now < answer.expiresAt && (answer.second === undefined || answer.second === state.second);
    let kept = store.get(request.url);
    if (!usable(kept)) {
      // The same answer already being built (a hot page when the data changes): wait for it instead of building it again.
      const build = builds.get(request.url);
      if (build && build.version === version && (policy !== 'clock' || build.second === state.second)) kept = await waitFor(build);
    }
    if (!usable(kept)) {
      store.misses++;
      if (!builds.has(request.url)) {
        let finish!: (answer: StoredResponse | undefined) => void;
        const done = new Promise<StoredResponse | undefined>((resolve) => (finish = resolve));
        state.building = { version, second: state.second, done, finish };
        builds.set(request.url, state.building);
      }
      return;
    }
    store.hits++;
    state.hit = true;
    void reply.headers(kept.headers);
    const encoded = encodedFor(request, reply, kept);
    return reply.code(200).send(encoded ?? kept.body);
  });

  /** Ends this request's build, with its answer when it made one (waiters build their own otherwise). */
  const finishBuild = (request: FastifyRequest, answer: StoredResponse | undefined) => {
    const build = states.get(request)?.building;
    if (!build) return;
    if (builds.get(request.url) === build) builds.delete(request.url);
    states.get(request)!.building = undefined;
    build.finish(answer);
  };
  app.addHook('onResponse', async (request: FastifyRequest) => finishBuild(request, undefined));
  app.addHook('onRequestAbort', async (request: FastifyRequest) => finishBuild(request, undefined));

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void) => {
    const state = states.get(request);
    if (!state || state.hit || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const now = options.now();
    const validUntil = request.answerValidUntil;
    const clock = request.routeOptions.config?.responseCache === 'clock' && validUntil === undefined;
    // A clock-dependent answer built across a second boundary belongs to neither second.
    if (clock && Math.floor(now / 1000) !== state.second) {
      finishBuild(request, undefined);
      return done(null, payload);
    }
    const tokenEnd = options.tokenExpiry?.(request);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const entry: StoredResponse = {
      version: state.version,
      expiresAt: Math.min(now + maxAgeMs, tokenEnd ?? Infinity, validUntil ?? Infinity),
      ...(clock ? { second: state.second } : {}),
      body: ownedBuffer(payload),
      headers,
    };
    const kept = store.set(request.url, entry);
    finishBuild(request, entry);
    if (kept && entry.body.length <= SEND_AS_BUILT_MAX_BYTES) return done(null, asBuilt(request, reply, entry));
    // A larger answer's first request compresses it for the kept copy too: the next request for it in that encoding
    // (the first hit) does not compress it again. An answer too large to keep is left to the compression plugin,
    // which streams large bodies.
    done(null, (kept ? encodedFor(request, reply, entry) : undefined) ?? payload);
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The data version this request's answer is built and kept under (set when the response cache applies to it). */
    dataVersion?: string;
    /**
     * Set by a clock-dependent handler that knows when its answer next changes (milliseconds since the epoch):
     * the answer is then kept until that instant instead of for its second only.
     */
    answerValidUntil?: number;
  }
  interface FastifyInstance {
    /** The kept responses (present when the response cache is on). */
    responseStore?: ResponseStore;
  }
}
