/**
 * JSON-schema fragments shared by the routes. Every string is bounded and free of control characters, so hostile
 * input (100k characters, NUL bytes, terminal escapes) stops at validation with a 400.
 */
const NO_CONTROL = '^[^\\u0000-\\u001F\\u007F]*$';

export const text = (maxLength: number, minLength = 0) =>
  ({ type: 'string', minLength, maxLength, pattern: NO_CONTROL }) as const;

export const companyIdSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

export const guidSchema = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
} as const;

export const aliasSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_.~-]+$',
} as const;

/** A query schema: named properties; extra keys are ignored (caches and trackers append their own). */
export function querySchema(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: true } as const;
}

export function objectSchema(properties: Record<string, object>, required: string[]) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
