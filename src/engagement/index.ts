// The engagement (v2) client's public surface.
export { EngagementClient, MAX_PAGE_SIZE } from './client';
export { formatEngagementDate, parseEngagementDate, type EngagementDate } from './dates';
export { EngagementAuthError, EngagementError, EngagementResponseError } from './errors';
export type { Case } from './schemas';
export { RENEW_TEXT, encodeParams, type EngagementCredentials, type EngagementToken } from './transport';
