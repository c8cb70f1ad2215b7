/**
 * JSON text a reply carries as it is: a server writes `text` in place of the value instead of stringifying an
 * object (a stored trace is JSON already). `toJSON` keeps any other writer correct, at the cost of a parse.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
