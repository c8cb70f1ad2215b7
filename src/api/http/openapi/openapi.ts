import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorBodySchema, reasonPhrase } from '../errors/http-errors.js';
import { globalPlugin } from '../server/global-plugin.js';
import { API_KEY_HEADERS } from '../auth/api-keys.js';

export interface OpenApiOptions {
  title: string;
  description?: string;
  version?: string;
  /** Where the service is reached, e.g. [{url: 'http://localhost:8080'}]. */
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  /** Document path (default /api-json, like the real services). */
  jsonPath?: string;
  /** Interactive docs path (default /api). */
  uiPath?: string;
}

/** Every operation may answer these, with the error body (glacier.json declares all eight everywhere). */
export const ERROR_STATUSES = [400, 401, 403, 404, 429, 500, 502, 503] as const;

type Schema = Record<string, unknown>;

/** What the document says of a route beyond its own schema: the error responses and its compute-unit weight. */
export function documentRoute(schema: Schema | undefined, weight: unknown): Schema {
  const s: Schema = { ...(schema ?? {}) };
  const response: Schema = { ...((s.response as Schema | undefined) ?? {}) };
  for (const status of ERROR_STATUSES) {
    if (!(status in response) && !(String(status) in response)) response[status] = { description: reasonPhrase(status), $ref: `${errorBodySchema.$id}#` };
  }
  s.response = response;
  if (weight !== undefined && s['x-execution-weight'] === undefined) s['x-execution-weight'] = weight;
  return s;
}

/**
 * The OpenAPI 3.1 document generated from the route schemas, at /api-json, and Swagger UI at /api
 * (both paths as on the real services). Register before the routes, which it collects as they are
 * declared. Documentation routes are neither documented nor rate limited.
 */
export const openApi = globalPlugin('firn-openapi', async (app: FastifyInstance, options: OpenApiOptions) => {
  const jsonPath = options.jsonPath ?? '/api-json';
  const uiPath = options.uiPath ?? '/api';
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === jsonPath || route.url === uiPath || route.url.startsWith(`${uiPath}/`)) route.config = { ...(route.config ?? {}), rateLimit: false };
  });
  if (!app.getSchema(errorBodySchema.$id)) app.addSchema(errorBodySchema);
  const [primaryHeader, secondaryHeader] = API_KEY_HEADERS;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, description: options.description ?? '', version: options.version ?? '1.0.0' },
      servers: options.servers ?? [],
      ...(options.tags ? { tags: options.tags } : {}),
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: secondaryHeader, description: 'Optional API key: keys raise the rate limit. Also accepted in the x-service-api-key header or the rltoken query parameter.' },
          serviceApiKey: { type: 'apiKey', in: 'header', name: primaryHeader, description: 'Optional API key (same keys as apiKey).' },
        },
      },
      security: [{ apiKey: [] }, { serviceApiKey: [] }, {}],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => ({ schema: documentRoute(schema as Schema | undefined, route.config?.weight) as never, url }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: uiPath, uiConfig: { deepLinking: true, displayRequestDuration: true } });
  app.get(jsonPath, { schema: { hide: true } }, async () => app.swagger());
});
