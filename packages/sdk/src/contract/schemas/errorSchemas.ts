import { Type } from '@sinclair/typebox';
import { API_ERROR_CODES } from '../errorCodes';
import { StringEnum } from './primitives';

export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

/**
 * Error body of every 4xx/5xx answer (DESIGN 2): `{ status, code, message, errors? }`. `message` is English for
 * people; `code` is for programs.
 */
export const ApiErrorBodySchema = Type.Object({
  status: Type.Integer(),
  // The closed union of ../errorCodes.ts, documented in docs/reference/http-contract.md.
  code: StringEnum(API_ERROR_CODES),
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
});

/** The error answers every route declares beside its success answer. */
export const ErrorResponses = { '4xx': ApiErrorBodySchema, '5xx': ApiErrorBodySchema } as const;
