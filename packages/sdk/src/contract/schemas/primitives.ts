import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { SINGLE_LINE_PATTERN } from '../../validation/plainText';

/**
 * Building blocks of the contract's schemas. Every request string is bounded and free of control characters and of
 * lone UTF-16 surrogates, so hostile input (100k characters, NUL bytes, terminal escapes, `"\ud800"`, which
 * PostgreSQL's jsonb refuses) stops at validation with a 400 instead of reaching the database. Ajv compiles
 * patterns with the `u` flag, so a well-formed surrogate pair (an emoji) is one code point and passes.
 */
export const NO_CONTROL = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/**
 * A bounded single-line text: NO_CONTROL and, since session 22, no C1 control, line or paragraph separator
 * (U+2028/U+2029) or bidi control (U+202A-U+202E, U+2066-U+2069): the rule `isSingleLineText` of
 * `@lp/sdk/validation`, so a form and the API refuse the same text.
 */
export const Text = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: SINGLE_LINE_PATTERN });

/**
 * A password as typed: NO_CONTROL only. A password is never shown or printed, and one set before session 22 may hold
 * a bidi control or a line separator (`isValidPassword` allows them): its owner must still log in.
 */
export const Secret = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: NO_CONTROL });

export const CompanyId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const Guid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

export const Alias = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.~-]+$' });

/** A string out of a closed list, as one JSON-schema `enum` (clear Ajv messages, fast serialisation). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

/**
 * `T | null` as `type: [T, 'null']` rather than `anyOf`: the serialiser writes it without trying each branch. For
 * object and array schemas the keywords of `T` stay as they are.
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** Euro amounts leave the API as numbers with two decimals (never `integer`: the serialiser would round them). */
export const Euro = Type.Number();

/** Attribute map of a product or of a stored cart or order line, as the API answers it: an open map. */
export const AttributesSchema = Type.Record(Type.String(), Type.String());
