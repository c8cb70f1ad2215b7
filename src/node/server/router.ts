import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** A handler gets the raw request, the response and the whole body (already read, size-limited). */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => void | Promise<void>;

/** Called on upgrade requests (WebSocket) for a registered route. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface Route {
  handler: RouteHandler;
  upgrade?: UpgradeHandler;
}

/**
 * avalanchego's API router (api/server/router.go): handlers are registered as base + endpoint under
 * `/ext/`, paths match exactly (no trailing-slash or prefix matching), and a base can be given aliases
 * — every endpoint of the base, present and future, is then also served under each alias.
 */
export class Router {
  private readonly routes = new Map<string, Route>();
  /** base → its endpoints and their routes. */
  private readonly bases = new Map<string, Map<string, Route>>();
  /** base → aliases registered for it. */
  private readonly aliasesOf = new Map<string, string[]>();
  /** Every name taken as a base or an alias ("reserved"), as avalanchego's `reservedRoutes`. */
  private readonly reserved = new Set<string>();

  /** Registers `/ext/<base><endpoint>` and the same endpoint under every alias of base. */
  addRoute(base: string, endpoint: string, route: Route): void {
    const endpoints = this.bases.get(base) ?? new Map<string, Route>();
    if (endpoints.has(endpoint)) throw new Error(`failed to create endpoint as /ext/${base}${endpoint} already exists`);
    endpoints.set(endpoint, route);
    this.bases.set(base, endpoints);
    this.routes.set(`/ext/${base}${endpoint}`, route);
    for (const alias of this.aliasesOf.get(base) ?? []) this.routes.set(`/ext/${alias}${endpoint}`, route);
  }

  /**
   * AddAliases: each alias is reserved; then every existing endpoint of the base is added under it.
   * Errors as avalanchego words them.
   */
  addAliases(base: string, ...aliases: string[]): void {
    for (const alias of aliases) {
      if (this.reserved.has(alias)) throw new Error(`route is either already aliased or already maps to a handle: /ext/${alias}`);
      this.reserved.add(alias);
      if (this.bases.has(alias) && alias !== base) {
        throw new Error(`failed to create endpoint as /ext/${alias} already exists`);
      }
      const list = this.aliasesOf.get(base) ?? [];
      list.push(alias);
      this.aliasesOf.set(base, list);
      for (const [endpoint, route] of this.bases.get(base) ?? []) {
        const path = `/ext/${alias}${endpoint}`;
        if (this.routes.has(path)) throw new Error(`failed to create endpoint as ${path} already exists`);
        this.routes.set(path, route);
      }
    }
  }

  /** Marks a base name as taken (genesis reservations like `bc/P`). */
  reserve(name: string): void {
    this.reserved.add(name);
  }

  isReserved(name: string): boolean {
    return this.reserved.has(name);
  }

  match(path: string): Route | undefined {
    return this.routes.get(path);
  }

  paths(): string[] {
    return [...this.routes.keys()].sort();
  }
}
