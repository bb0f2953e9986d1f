import type { ApiErrorCode } from '@lp/sdk/contract';
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './ApiError';
import { redactUrl } from './redactUrl';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** 'body/addData/0/count' -> 'addData.0.count'; a missing property names the property itself; '' for the root. */
function pathOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    path.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    path.push(issue.params.additionalProperty);
  }
  return path.join('.');
}

const fieldOf = (issue: ValidationIssue): string => pathOf(issue) || 'body';

/**
 * Ajv's message, except for the contract's "no control characters" patterns (NO_CONTROL, the single-line rule of
 * session 22 and the attribute values' variant, which allows line breaks), whose regex tells a caller less than the
 * rule does.
 */
function messageOf(issue: ValidationIssue): string {
  const { pattern } = issue.params;
  if (issue.keyword === 'pattern' && typeof pattern === 'string' && pattern.startsWith('^[^\\u0000-')) {
    return pattern.includes('\\u2028')
      ? 'must not contain control characters (a NUL byte, an escape, NEL), a line or paragraph separator (U+2028, U+2029), a bidi control (U+202A-U+202E, U+2066-U+2069) or a lone UTF-16 surrogate'
      : 'must not contain control characters (a NUL byte, an escape) or a lone UTF-16 surrogate';
  }
  return issue.message ?? 'is invalid';
}

function validationError(error: FastifyError): ApiError {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const errors = issues.map((issue) => ({ field: fieldOf(issue), message: messageOf(issue) }));
  const first = issues[0];
  const part = error.validationContext ?? 'body';
  if (first?.keyword === 'required' && typeof first.params.missingProperty === 'string') {
    return new ApiError(400, 'parameter-missing', `The parameter ${fieldOf(first)} cannot be null.`, errors);
  }
  // 'Invalid body quantity: ...'; a body that is no object at all is 'Invalid body: must be object.'.
  const path = first ? pathOf(first) : '';
  const where = path ? `${part} ${path}` : part;
  return new ApiError(
    400,
    'validation',
    `Invalid ${where}: ${first ? messageOf(first) : 'invalid value'}.`,
    errors,
  );
}

/**
 * The account links of migration 019 (`orders.customer_id`, `carts.user_id`): a save or cart attach through a
 * session whose account `lp-api customer delete` erased meanwhile fails on the key (PostgreSQL, SQLSTATE 23503).
 * For the caller that is a login that has ended, as its next request would find anyway.
 */
const ACCOUNT_LINKS = new Set(['orders_customer_fkey', 'carts_user_fkey']);
const accountGone = (error: { code?: unknown; constraint?: unknown }) =>
  error.code === '23503' && typeof error.constraint === 'string' && ACCOUNT_LINKS.has(error.constraint);

/** Any error as the contract's error: ours as thrown, Fastify's and plugins' 4xx with a code, the rest a 500. */
function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return validationError(error);
  if (accountGone(error))
    return new ApiError(401, 'unauthorized', 'Not logged in: the account no longer exists.');
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const [code, message] = clientError(error, status);
    return new ApiError(status, code, message);
  }
  // The URL says where to look; order guids in it are cut as in the request lines (redactUrl.ts).
  request.log.error({ err: error, method: request.method, url: redactUrl(request.url) }, 'unhandled error');
  return new ApiError(500, 'internal', 'Internal Server Error');
}

/**
 * DESIGN 2: every 4xx/5xx answers `{ status, code, message, errors? }` in English. Bad input is a 4xx with a clear
 * message; only a real fault is a 500, and its details stay in the log.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request);
    void reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
  });

  // Node answers an `Expect` other than 100-continue itself, with an empty 417, unless someone listens.
  app.server.on('checkExpectation', expectationFailed);
  // Node closes a CONNECT's connection without a word unless someone listens (the API is no proxy).
  app.server.on('connect', refuseConnect);
  app.addHook('onRequest', requireHost);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    const body = new ApiError(404, 'route-not-found', `No endpoint ${request.method} ${path}.`).toBody();
    void reply.status(404).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors found while routing, before any handler or hook runs (a URL whose
 * percent-encoding is broken, an over-long path parameter). Without it Fastify answers them in its own shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError = toApiError(error, request);
  void reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request (broken request line or headers,
 * headers over the size limit, a request that never finished). There is no request object; the answer is written
 * to the socket directly, in the contract's shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The HTTP request is malformed.'];
  const body = JSON.stringify(new ApiError(status, 'bad-request', message).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * HTTP/1.1 requires `Host` (RFC 9112 3.2); the API builds upload URLs and the payment redirect from it. Node lets
 * such a request through only because the server asks it to (serverTimeouts.ts `requireHostHeader`), so that the
 * refusal is the contract's 400. HTTP/1.0 has no Host and stays allowed.
 */
async function requireHost(request: FastifyRequest): Promise<void> {
  if (request.headers.host === undefined && request.raw.httpVersion !== '1.0') {
    throw new ApiError(400, 'bad-request', 'The Host header is missing (HTTP/1.1 requires it).');
  }
}

/** A CONNECT request (a client taking the API for a proxy): 400 in the contract's shape, then the connection closes. */
function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => undefined);
  const body = JSON.stringify(
    new ApiError(400, 'bad-request', 'CONNECT is not supported: this is no proxy.').toBody(),
  );
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** An `Expect` header the API cannot meet (anything but 100-continue): 417 in the contract's shape. */
function expectationFailed(_request: IncomingMessage, response: ServerResponse): void {
  const message = 'Only "Expect: 100-continue" is supported.';
  const body = JSON.stringify(new ApiError(417, 'bad-request', message).toBody());
  response.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/** Fastify's and plugins' own 4xx: English and safe; the common ones get a code and friendlier wording. */
function clientError(error: FastifyError, status: number): [ApiErrorCode, string] {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ['body-too-large', 'The request body is too large.'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ['unsupported-media-type', 'Unsupported content type; send application/json.'];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ['invalid-json', 'The JSON body is empty.'];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return ['invalid-json', 'The body is not valid JSON.'];
    case 'FST_REQ_FILE_TOO_LARGE':
      return ['upload-too-large', 'The image is larger than 10 MB.'];
  }
  const code: ApiErrorCode =
    status === 404
      ? 'not-found'
      : status === 413
        ? 'body-too-large'
        : status === 415
          ? 'unsupported-media-type'
          : status === 429
            ? 'rate-limited'
            : 'bad-request';
  return [code, error.message.slice(0, 300)];
}
