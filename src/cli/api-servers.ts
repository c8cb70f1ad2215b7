import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config/api-config.js';
import type { Log } from '../lib/log.js';
import type { Queryable } from '../store/database/database.js';
import { createDataApi, dataApiConfigFromApiConfig } from '../api/data/create-data-api.js';
import { createMetricsServer, metricsServerConfigFromApiConfig } from '../api/metrics/create-metrics-server.js';

export interface ApiServersOptions {
  api: ApiConfig;
  /** undefined = do not serve that API. */
  dataApiPort?: number;
  metricsApiPort?: number;
  /** Extra network names, e.g. {fuji: 'local'}: a devnet answers as Fuji too. */
  networkAliases?: Record<string, string>;
  /** Nodes the signature aggregator asks (overrides api.nodeUrls), e.g. the devnet of `firn start`. */
  nodeUrls?: string[];
  log: Log;
}

export interface RunningApis {
  urls: { dataApi?: string; metricsApi?: string };
  stop(): Promise<void>;
}

/** Parse `fuji=local,testnet=local` into a map. */
export function parseNetworkAliases(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [alias, network] = pair.split('=').map((s) => s.trim());
    if (!alias || !network) throw new Error(`"${pair}" is not alias=network`);
    out[alias] = network;
  }
  return out;
}

/** The Data API and the Metrics API over one store, each on its own port. */
export async function startApiServers(db: Queryable, options: ApiServersOptions): Promise<RunningApis> {
  const servers: FastifyInstance[] = [];
  const urls: RunningApis['urls'] = {};
  const host = options.api.host;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host;
  try {
    if (options.dataApiPort !== undefined) {
      const app = await createDataApi(db, dataApiConfigFromApiConfig(options.api, { log: options.log, ...(options.networkAliases ? { networkAliases: options.networkAliases } : {}), ...(options.nodeUrls ? { nodeUrls: options.nodeUrls } : {}) }));
      servers.push(app);
      await app.listen({ host, port: options.dataApiPort });
      urls.dataApi = `http://${shown}:${(app.server.address() as { port: number }).port}`;
    }
    if (options.metricsApiPort !== undefined) {
      const app = await createMetricsServer(db, metricsServerConfigFromApiConfig(options.api, { log: options.log }));
      servers.push(app);
      await app.listen({ host, port: options.metricsApiPort });
      urls.metricsApi = `http://${shown}:${(app.server.address() as { port: number }).port}`;
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  return {
    urls,
    async stop() {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
