// Error bodies of docs/service-api/hosting/conventions §11, §12: every failure
// is an ApiError thrown from a handler or hook; one error handler turns it into
// the spec's body.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ValidationError {
  resource: string;
  field: string;
  /** missing, missing_field, invalid, already_exists, or a custom code (org, not_owned). */
  code: string;
  message?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationError[],
    /** Path under the docs URL, e.g. `/v3` or `/v3/#rate-limiting`; omitted when undefined. */
    readonly documentation?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = () => new ApiError(404, 'Not Found', undefined, '/v3');
/** The row a lookup found, or 404 `Not Found` when it found none. */
export function orNotFound<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}
export const badCredentials = () => new ApiError(401, 'Bad credentials', undefined, '/v3');
export const requiresAuthentication = () => new ApiError(401, 'Requires authentication', undefined, '/v3');
export const forbidden = (message = 'Forbidden') => new ApiError(403, message, undefined, '/v3');
export const problemsParsingJson = () => new ApiError(400, 'Problems parsing JSON', undefined, '/v3');
export const notAJsonHash = () => new ApiError(400, 'Body should be a JSON Hash', undefined, '/v3');
export const validationFailed = (...errors: ValidationError[]) => new ApiError(422, 'Validation Failed', errors, '/v3');
export const missingField = (resource: string, field: string) => validationFailed({ resource, field, code: 'missing_field' });
export const invalidField = (resource: string, field: string) => validationFailed({ resource, field, code: 'invalid' });
export const alreadyExists = (resource: string, field: string) => validationFailed({ resource, field, code: 'already_exists' });

export function errorBody(err: ApiError, docsUrl: string): Record<string, unknown> {
  const body: Record<string, unknown> = { message: err.message };
  if (err.errors) body.errors = err.errors;
  if (err.headers.Location) body.url = err.headers.Location;
  if (err.documentation !== undefined) body.documentation_url = `${docsUrl}${err.documentation}`;
  return body;
}

function sendApiError(reply: FastifyReply, err: ApiError, docsUrl: string): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.status).type('application/json; charset=utf-8').send(errorBody(err, docsUrl));
}

/** Maps Fastify's own errors (body too large, bad content type...) to the spec's shapes. */
function fromFastifyError(err: FastifyError, req: FastifyRequest): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The limit is the emulator's choice (bodyLimitBytes): named, so that a client can tell what to split.
      return new ApiError(413, `Request body too large (maximum is ${req.routeOptions.bodyLimit} bytes)`, undefined, '/v3');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'Unsupported Media Type', undefined, '/v3');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problemsParsingJson();
    default:
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new ApiError(err.statusCode, err.message, undefined, '/v3');
      return new ApiError(500, 'Server Error');
  }
}

export function installErrorHandler(app: FastifyInstance, docsUrl: string, log: (line: string) => void): void {
  app.setErrorHandler((error: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error as FastifyError, req);
    if (apiError.status >= 500) log(`error on ${req.method} ${req.routeOptions.url ?? req.url}: ${error.stack ?? error.message}`);
    return sendApiError(reply, apiError, docsUrl);
  });
  app.setNotFoundHandler((_req, reply) => sendApiError(reply, notFound(), docsUrl));
}
