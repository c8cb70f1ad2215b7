import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as applying to the instance it is registered on rather than to a child context
 * (Fastify's documented `skip-override` property, which is all fastify-plugin sets), so the hooks a
 * cross-cutting unit adds reach every route of the server.
 */
export function globalPlugin<Options>(name: string, plugin: (app: FastifyInstance, options: Options) => Promise<void>): FastifyPluginAsync<Options & Record<never, never>> {
  const fn = plugin as FastifyPluginAsync<Options & Record<never, never>> & Record<symbol, unknown>;
  fn[Symbol.for('skip-override')] = true;
  fn[Symbol.for('fastify.display-name')] = name;
  return fn;
}
