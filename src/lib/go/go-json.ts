/**
 * JSON as Go's encoding/json writes the values health checks return (`map[string]interface{}` details):
 * object keys sorted (Go sorts map keys), bigint as a plain integer, and json.Encoder's default HTML
 * escaping of `<`, `>`, `&` plus U+2028/U+2029 (the health handler and gorilla's codec both use
 * json.NewEncoder). Arrays keep their order; undefined and null are `null`.
 */
export function goJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return goJsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      return `{${keys.map((k) => `${goJsonString(k)}:${goJson(obj[k])}`).join(',')}}`;
    }
    default:
      return 'null';
  }
}

const HTML_UNSAFE = /[<>&\u2028\u2029]/;
const HTML_UNSAFE_ALL = /[<>&\u2028\u2029]/g;

export function goJsonString(s: string): string {
  return goEscapeJson(JSON.stringify(s));
}

/** Applies json.Encoder's HTML escaping to JSON text (struct-ordered output from JSON.stringify). */
export function goEscapeJson(json: string): string {
  return HTML_UNSAFE.test(json) ? json.replace(HTML_UNSAFE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/** Go's %q for plain names (used in registration errors). */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}
