// The engagement (v2) client's public surface. The client itself (its
// transport and schemas) is loaded on first use, not with this module:
// `loadEngagementClient`.
export type { EngagementClient } from './client';
export { formatEngagementDate, parseEngagementDate, type EngagementDate } from './dates';
export { EngagementAuthError, EngagementError, EngagementResponseError } from './errors';
export type { Case } from './schemas';
export type { EngagementCredentials, EngagementToken } from './transport';

/** The client's module, loaded on first use (most sessions never ask the engagement service anything). */
export const loadEngagementClient = () => import('./client.js');
