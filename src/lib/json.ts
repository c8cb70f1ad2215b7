/**
 * JSON.stringify that also writes bigint values as exact JSON numbers (Go writes uint64 fields of any
 * size as bare numbers; JSON.stringify throws on bigint and loses precision above 2^53 on numbers).
 * Plain data only: objects, arrays, strings, numbers, booleans, null; undefined properties are skipped.
 */
export function stringifyJson(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stringifyJson(v))).join(',')}]`;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return stringifyJson((value as { toJSON(): unknown }).toJSON());
      const parts: string[] = [];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || typeof v === 'function') continue;
        parts.push(`${JSON.stringify(k)}:${stringifyJson(v)}`);
      }
      return `{${parts.join(',')}}`;
    }
    case 'undefined':
      return 'null';
    default:
      return JSON.stringify(value);
  }
}
