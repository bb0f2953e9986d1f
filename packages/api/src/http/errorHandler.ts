import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './ApiError';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** 'body/addData/0/count' -> 'addData.0.count'; a missing property names the property itself. */
function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    path.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    path.push(issue.params.additionalProperty);
  }
  return path.join('.') || 'body';
}

function validationError(error: FastifyError): ApiError {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const errors = issues.map((issue) => ({ field: fieldOf(issue), message: issue.message ?? 'is invalid' }));
  const first = issues[0];
  const part = error.validationContext ?? 'body';
  if (first?.keyword === 'required' && typeof first.params.missingProperty === 'string') {
    return new ApiError(400, `The parameter ${fieldOf(first)} cannot be null.`, errors);
  }
  const where = first ? `${part} ${fieldOf(first)}` : part;
  return new ApiError(400, `Invalid ${where}: ${first?.message ?? 'invalid value'}.`, errors);
}

/**
 * DESIGN 2: every 4xx/5xx answers `{ status, message, errors? }` in English. Bad input is a 4xx with a clear
 * message; only a real fault is a 500, and its details stay in the log.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else if (error.validation) apiError = validationError(error);
    else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError(error.statusCode, clientMessage(error));
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(500, 'Internal Server Error');
    }
    void reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    void reply.status(404).send({ status: 404, message: `No endpoint ${request.method} ${path}.` });
  });
}

/** Fastify's own 4xx messages are English and safe; a few get friendlier wording. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The JSON body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The body is not valid JSON.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The image is larger than 10 MB.';
    default:
      return error.message.slice(0, 300);
  }
}
