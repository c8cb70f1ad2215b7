/** The parts of an Ajv error this module reads (Fastify hands them over as `error.validation`). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** Present when Ajv runs with `verbose: true`: the schema holding the failed keyword. */
  parentSchema?: unknown;
}

/**
 * Turns schema-validation errors into the array of texts the real services return in a 400
 * (class-validator's default wording: "pageSize must not be greater than 100"). A schema may
 * carry `errorMessage: "<text>"` to replace the wording for its value ("Invalid address format").
 */
export function validationMessages(errors: readonly SchemaError[], context?: string): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const text = describe(e, context);
    if (text !== undefined && !out.includes(text)) out.push(text);
  }
  return out;
}

function describe(e: SchemaError, context: string | undefined): string | undefined {
  // Ajv reports the branches of anyOf/oneOf and then the combinator itself; the branches say more.
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') return undefined;
  const custom = customMessage(e.parentSchema);
  if (custom) return custom;
  const segments = e.instancePath.split('/').slice(1).map(unescapePointer);
  const last = segments[segments.length - 1];
  const isItem = last !== undefined && /^\d+$/.test(last);
  const propertyPath = (isItem ? segments.slice(0, -1) : segments).join('.');
  const p = e.params;
  const name = propertyPath || (context === 'body' ? 'body' : context ?? 'value');
  const subject = isItem ? `each value in ${name}` : name;
  switch (e.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      return `${propertyPath ? `${propertyPath}.` : ''}${missing} should not be empty`;
    }
    case 'additionalProperties':
      return `property ${propertyPath ? `${propertyPath}.` : ''}${String(p.additionalProperty)} should not exist`;
    case 'type':
      return `${subject} must be ${typeText(String(p.type))}`;
    case 'enum':
      return `${subject} must be one of the following values: ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${subject} must be equal to ${String(p.allowedValue)}`;
    case 'maximum':
      return `${subject} must not be greater than ${String(p.limit)}`;
    case 'minimum':
      return `${subject} must not be less than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${subject} must be less than ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${subject} must be greater than ${String(p.limit)}`;
    case 'maxLength':
      return `${subject} must be shorter than or equal to ${String(p.limit)} characters`;
    case 'minLength':
      return `${subject} must be longer than or equal to ${String(p.limit)} characters`;
    case 'maxItems':
      return `${subject} must contain no more than ${String(p.limit)} elements`;
    case 'minItems':
      return `${subject} must contain at least ${String(p.limit)} elements`;
    case 'uniqueItems':
      return `All ${name}'s elements must be unique`;
    case 'pattern':
      return `${subject} must match ${String(p.pattern)} regular expression`;
    case 'format':
      return `${subject} must be a valid ${String(p.format)}`;
    case 'multipleOf':
      return `${subject} must be a multiple of ${String(p.multipleOf)}`;
    default:
      return `${subject} ${e.message ?? 'is invalid'}`;
  }
}

function customMessage(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const m = (schema as { errorMessage?: unknown }).errorMessage;
  return typeof m === 'string' ? m : undefined;
}

function typeText(type: string): string {
  switch (type) {
    case 'integer':
      return 'an integer number';
    case 'number':
      return 'a number conforming to the specified constraints';
    case 'boolean':
      return 'a boolean value';
    case 'string':
      return 'a string';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return `of type ${type}`;
  }
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
