import { JsonBytes } from './json-bytes.js';

/**
 * JSON a reply carries as it is: a server has it written straight into the reply's bytes (`write`) instead of
 * stringifying an object, e.g. a stored trace (JSON already) or a block rendered field by field. `toJSON` keeps any
 * other writer correct, at the cost of a parse.
 */
export class RawJson {
  /** `write` renders the value into `out`; it is synchronous, and may be called more than once. */
  constructor(readonly write: (out: JsonBytes) => void) {}

  /** JSON text as it is. */
  static text(json: string): RawJson {
    return new RawJson((out) => out.utf8(json));
  }

  get text(): string {
    const out = new JsonBytes(1024);
    this.write(out);
    return out.toBuffer().toString('utf8');
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
