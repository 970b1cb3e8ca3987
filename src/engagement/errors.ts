// Errors of the engagement client. They carry the service's statusMessage,
// never a token or a password.

export class EngagementError extends Error {
  override readonly name = 'EngagementError';
  constructor(
    message: string,
    /** HTTP status; 200 when the service processed the request and answered success false. */
    readonly status: number,
    /** The service's own statusMessage, when it sent one. */
    readonly statusMessage?: string,
  ) {
    super(message);
  }
}

/** The service refused the credentials (authenticate answered success false). */
export class EngagementAuthError extends EngagementError {}

/** The answer did not match the expected shape; the message names the field. */
export class EngagementResponseError extends EngagementError {}
