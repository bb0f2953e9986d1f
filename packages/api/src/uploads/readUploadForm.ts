import { MAX_UPLOAD_BYTES } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/ApiError';

/** spec 7 sends one file (`Image`) and one short field (`CompanyId`); a little room, no more. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1_000,
  parts: 8,
  headerPairs: 50,
};

/** What the form carried; the route decides what is missing. */
export interface UploadForm {
  image?: Buffer;
  companyId?: string;
}

const invalid = (message: string, field?: string) =>
  new ApiError(400, 'upload-invalid', message, field ? [{ field, message: 'is invalid' }] : undefined);
const tooLarge = () => new ApiError(413, 'upload-too-large', 'The image is larger than 10 MB.');

/**
 * Reads the multipart upload. The body is the request's only input, so anything that goes wrong while reading it
 * (truncated, wrong or missing boundary, too many parts, a text field where the file belongs) is the caller's
 * fault: 400 with what to fix, never 500 (DESIGN 6). Only an image over the limit answers 413.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = {};
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts++;
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'Image') form.image = bytes;
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) {
        throw invalid(
          `The form field ${part.fieldname.slice(0, 50)} is longer than ${UPLOAD_LIMITS.fieldSize} bytes.`,
          part.fieldname.slice(0, 50),
        );
      }
      if (part.fieldname === 'Image') {
        throw invalid('Image must be sent as a file part (with a filename), not as a text field.', 'Image');
      }
      if (part.fieldname === 'CompanyId') form.companyId = String(part.value);
    }
  } catch (error) {
    throw asUploadError(error);
  }
  // An empty body, one cut inside its first part header, or one whose boundary differs from the header's.
  if (parts === 0) {
    throw invalid(
      'The multipart body has no complete part: it is empty, truncated, or its boundary differs from the Content-Type.',
    );
  }
  return form;
}

/** Errors of @fastify/multipart (codes FST_*) and of its parser busboy (plain English messages) as 4xx. */
function asUploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalid('Send one file only, in the field Image.', 'Image');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid('The form has too many fields; send only Image and CompanyId.');
    case 'FST_PROTO_VIOLATION':
      return invalid('The form has a field name that is not allowed; send only Image and CompanyId.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('A form field declared as JSON is not valid JSON; send CompanyId as plain text.');
  }
  // The file stream closes early, or busboy says so in English: 'Unexpected end of form', 'Part terminated
  // early', 'Multipart: Boundary not found', 'Malformed part header'.
  const reason = String(message ?? 'unreadable').slice(0, 100);
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || /end of form|terminated early/i.test(reason)) {
    return invalid('The multipart body ended early (truncated upload); send the whole form again.');
  }
  if (/boundary/i.test(reason)) {
    return invalid('The multipart Content-Type has no boundary; let the client library set the header.');
  }
  return invalid(`The multipart body is malformed (${reason}).`);
}
