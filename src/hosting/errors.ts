// Typed errors of the v3 client. Each carries the service's own message and
// the endpoint (`METHOD /route`) it came from; none ever contains a token.

export class HostingError extends Error {
  constructor(
    message: string,
    /** The endpoint as `METHOD /route`, for example `GET /repos/{owner}/{repo}`. */
    readonly endpoint: string,
    /** HTTP status, when the service answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 401 `Bad credentials`. */
export class BadCredentialsError extends HostingError {}

/** 403 `Maximum number of login attempts exceeded...`: even right credentials fail until it lifts. */
export class LoginLockedOutError extends HostingError {}

/** The hourly request budget is spent; `resetAt` says when it refills. */
export class RateLimitedError extends HostingError {
  constructor(
    message: string,
    endpoint: string,
    readonly resetAt: Date,
    status?: number,
  ) {
    super(`${message} The limit resets at ${resetAt.toISOString()}.`, endpoint, status);
  }
}

/** 404; the service also answers 404 for resources the caller may not see. */
export class NotFoundError extends HostingError {}

/** 403 for any other reason (missing scope, not an owner, no User-Agent). */
export class ForbiddenError extends HostingError {}

export interface ValidationErrorItem {
  resource?: string | undefined;
  field?: string | undefined;
  code: string;
  message?: string | undefined;
}

/** 422 `Validation Failed` (or another 4xx about the request body) with the service's `errors`. */
export class ValidationFailedError extends HostingError {
  constructor(
    message: string,
    endpoint: string,
    readonly errors: ValidationErrorItem[],
    status?: number,
  ) {
    const detail = errors.map((e) => [e.resource, e.field, e.code].filter(Boolean).join('.')).join(', ');
    super(detail ? `${message} (${detail})` : message, endpoint, status);
  }
}

/** 5xx. */
export class ServerError extends HostingError {}

/** The service could not be reached (DNS, refused connection, reset, timeout). */
export class NetworkError extends HostingError {}

/**
 * In a browser: the service answered, but not to this page (no CORS headers
 * for its origin). A NetworkError to the page, yet the service is not down.
 */
export class CrossOriginError extends NetworkError {}

/** A response did not have the documented shape; names the endpoint and the field path. */
export class ResponseShapeError extends HostingError {
  constructor(
    endpoint: string,
    readonly fieldPath: string,
    detail: string,
  ) {
    super(`Unexpected response from ${endpoint}: field "${fieldPath || '(root)'}" ${detail}`, endpoint);
  }
}

/** Statistics were still being computed (202) after the last allowed retry. */
export class StatisticsPendingError extends HostingError {}

/** Too many redirects, or a redirect without a Location. */
export class RedirectError extends HostingError {}
