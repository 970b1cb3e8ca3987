// Public surface of the v3 client (no vscode import anywhere under src/hosting).
export { HostingClient, collect } from './client';
export type { CallOptions, Credentials, HostingClientOptions, Priority, StatisticsProgress } from './core';
export * from './errors';
export type { RateLimitState } from './rateLimit';
export { parseScopes } from './scopes';
export { resolveAddresses, mediaTypes } from './urls';
export type * from './schemas/common';
export type * from './schemas/repos';
export type * from './schemas/pulls';
export type * from './schemas/comments';
export type * from './schemas/teams';
export type * from './schemas/releases';
export type * from './schemas/git';
export type * from './schemas/stats';
export type * from './schemas/misc';
export type * from './schemas/search';
export type * from './schemas/authorizations';
export type * from './schemas/hooks';
