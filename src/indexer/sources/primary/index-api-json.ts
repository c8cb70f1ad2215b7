/** The index API's container as sent on the wire (seed 001; AvalancheGo's indexer/service.go). */
export interface ContainerJson {
  id?: string;
  bytes: string;
  timestamp?: string;
  encoding?: string;
  index?: string;
}

/**
 * `index.getContainerRange`'s result: AvalancheGo answers `{containers: [...]}`, the seed a bare array
 * (and `null` for zero containers).
 */
export function parseContainerRange(result: unknown): ContainerJson[] {
  if (result === null || result === undefined) return [];
  const list = Array.isArray(result) ? result : (result as { containers?: unknown }).containers;
  if (!Array.isArray(list)) throw new Error('getContainerRange: neither an array nor {containers}');
  return list.map((c: unknown) => {
    if (typeof c !== 'object' || c === null || typeof (c as ContainerJson).bytes !== 'string') throw new Error('getContainerRange: a container without bytes');
    return c as ContainerJson;
  });
}

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Unix seconds of an RFC 3339 time (any zone, any number of fraction digits), as the node writes acceptance times. */
export function parseNodeTime(text: string): bigint | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}${m[3]}`);
  return Number.isFinite(ms) ? BigInt(Math.floor(ms / 1000)) : undefined;
}
