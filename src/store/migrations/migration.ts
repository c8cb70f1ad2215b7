/** A forward-only schema change. `id`s are applied in increasing order, each once, in its own transaction. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}
