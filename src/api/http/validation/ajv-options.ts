interface KeywordHost {
  addKeyword(keyword: string): unknown;
}

/** Schema keywords route schemas may carry besides JSON Schema's own. */
function schemaKeywords<A extends KeywordHost>(ajv: A): A {
  // A value's own 400 text, e.g. "Invalid address format" (read by errors/validation-messages.ts).
  ajv.addKeyword('errorMessage');
  // OpenAPI's singular example.
  ajv.addKeyword('example');
  return ajv;
}

/**
 * Fastify's `ajv` option for both services. coerceTypes 'array': query strings become numbers and
 * booleans, a single value becomes a one-element array. allErrors: every failed constraint is reported
 * at once, as the real service does (query strings are short; the body limit bounds the rest).
 * verbose: errors carry their schema, so a schema's errorMessage can be found.
 */
export const AJV_OPTIONS = {
  customOptions: { allErrors: true, verbose: true, coerceTypes: 'array' as const, useDefaults: true, removeAdditional: true },
  plugins: [schemaKeywords],
};
