import { idFromString } from '../../lib/cb58.js';

/** avalanchego's fixed message for any argument that fails to unmarshal (utils/json/codec.go). */
export const PARAMS_ERROR_MESSAGE =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

export class ArgumentError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ArgumentError';
  }
}

/**
 * Typed access to a method's params with Go's json.Unmarshal semantics as avalanchego sees them: keys are
 * case-insensitive, unknown keys are ignored, missing or null leaves the zero value, wrong types fail.
 * Every failure throws ArgumentError, which the dialect turns into the fixed params error.
 */
export class RpcArgs {
  private readonly byLowerKey = new Map<string, unknown>();

  constructor(readonly raw: Record<string, unknown>) {
    for (const [k, v] of Object.entries(raw)) {
      const lower = k.toLowerCase();
      // Go prefers an exact match; with several case variants the last wins in practice. Keep exact first.
      if (!this.byLowerKey.has(lower) || k === lower) this.byLowerKey.set(lower, v);
    }
  }

  /** Value present and not null. */
  has(name: string): boolean {
    const v = this.byLowerKey.get(name.toLowerCase());
    return v !== undefined && v !== null;
  }

  value(name: string): unknown {
    return this.byLowerKey.get(name.toLowerCase());
  }

  /** string; missing/null → '' (Go zero value). */
  string(name: string): string {
    const v = this.value(name);
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') throw new ArgumentError(`${name}: expected string`);
    return v;
  }

  optionalString(name: string): string | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new ArgumentError(`${name}: expected string`);
    return v;
  }

  /** avalanchejson.Uint64: quoted or bare decimal; missing/null → fallback. */
  uint64(name: string, fallback = 0n): bigint {
    const v = this.value(name);
    if (v === undefined || v === null) return fallback;
    let text: string;
    if (typeof v === 'string') text = v;
    else if (typeof v === 'number' && Number.isSafeInteger(v)) text = String(v);
    else if (typeof v === 'bigint') text = v.toString();
    else throw new ArgumentError(`${name}: expected uint64`);
    if (!/^[0-9]+$/.test(text)) throw new ArgumentError(`${name}: expected uint64`);
    const n = BigInt(text);
    if (n > 0xffffffffffffffffn) throw new ArgumentError(`${name}: uint64 overflow`);
    return n;
  }

  boolean(name: string, fallback = false): boolean {
    const v = this.value(name);
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') throw new ArgumentError(`${name}: expected bool`);
    return v;
  }

  /** ids.ID: cb58 string; missing/null → the zero id. */
  id(name: string): Uint8Array {
    const v = this.value(name);
    if (v === undefined || v === null) return new Uint8Array(32);
    if (typeof v !== 'string') throw new ArgumentError('first and last characters should be quotes');
    try {
      return idFromString(v);
    } catch (e) {
      throw new ArgumentError(`couldn't decode ID to bytes: ${(e as Error).message}`);
    }
  }

  stringArray(name: string): string[] | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ArgumentError(`${name}: expected []string`);
    return v as string[];
  }
}
