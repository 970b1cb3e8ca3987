// The engagement (v2) client's public surface.
export { EngagementClient, MAX_PAGE_SIZE } from './client';
export type { CaseInput, CaseQuery, CaseUpdate, ContactInput, ContactQuery, EngagementClientOptions, MessageInput, Page, PageQuery } from './client';
export { formatEngagementDate, parseEngagementDate, type EngagementDate } from './dates';
export { EngagementAuthError, EngagementError, EngagementResponseError } from './errors';
export type { Campaign, CampaignStats, Case, CaseState, Contact, MeStatus, Note, Profile } from './schemas';
export { RENEW_TEXT, encodeParams, type EngagementCredentials, type EngagementToken } from './transport';
