// The hook services of docs/service-api/hosting/webhooks §3, §4: their
// supported and default events and their configuration, and the validation of a
// hook's settings.
import type { ValidationError } from '../conventions/errors';

/**
 * Every event a hook can subscribe to (the `*` wildcard aside): the table of
 * docs/service-api/hosting/webhooks §2, plus `repository` (a repository
 * created), which the real family delivers to organization hooks.
 */
const EVENT_NAMES = [
  'commit_comment',
  'create',
  'delete',
  'deployment',
  'deployment_status',
  'fork',
  'gollum',
  'issue_comment',
  'issues',
  'member',
  'page_build',
  'public',
  'pull_request_review_comment',
  'pull_request',
  'push',
  'release',
  'repository',
  'status',
  'team_add',
  'watch',
] as const;

export interface HookService {
  name: 'web' | 'irc' | 'email';
  title: string;
  supported_events: readonly string[];
  default_events: readonly string[];
  /** Configuration fields as [type, name] pairs, like the service listing of the real family. */
  schema: ReadonlyArray<readonly [string, string]>;
}

export const SERVICES: readonly HookService[] = [
  {
    name: 'web',
    title: 'Web',
    supported_events: EVENT_NAMES,
    default_events: ['push'],
    schema: [
      ['string', 'url'],
      ['string', 'content_type'],
      ['string', 'secret'],
      ['boolean', 'insecure_ssl'],
    ],
  },
  {
    name: 'irc',
    title: 'IRC',
    supported_events: ['push', 'issues', 'pull_request', 'commit_comment', 'pull_request_review_comment', 'issue_comment'],
    default_events: ['push', 'pull_request'],
    schema: [
      ['string', 'server'],
      ['string', 'port'],
      ['string', 'room'],
      ['string', 'nick'],
      ['password', 'password'],
      ['boolean', 'ssl'],
    ],
  },
  {
    name: 'email',
    title: 'Email',
    supported_events: ['push', 'public'],
    default_events: ['push'],
    schema: [
      ['string', 'address'],
      ['password', 'secret'],
      ['boolean', 'send_from_author'],
    ],
  },
];

export function findService(name: string): HookService | undefined {
  return SERVICES.find((s) => s.name === name);
}

/** Whether a hook with these events, of this service, fires for `event` (docs/service-api/hosting/webhooks §3 and the wildcard, §5). */
export function hookFires(service: HookService, events: readonly string[], event: string): boolean {
  if (!service.supported_events.includes(event)) return false;
  return events.includes('*') || events.includes(event);
}

const RESOURCE = 'Hook';
const invalid = (field: string, message?: string): ValidationError => ({ resource: RESOURCE, field, code: 'invalid', ...(message ? { message } : {}) });
const missing = (field: string): ValidationError => ({ resource: RESOURCE, field, code: 'missing_field' });

/** `*` replaces every other event (docs/service-api/hosting/webhooks §5); otherwise duplicates go. */
export function normalizeEvents(events: readonly string[]): string[] {
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

/** Checks an events list against the service; returns the errors (empty when valid). */
export function eventErrors(service: HookService, field: string, events: unknown): ValidationError[] {
  if (!Array.isArray(events) || events.some((e) => typeof e !== 'string')) return [invalid(field)];
  const unsupported = (events as string[]).filter((e) => e !== '*' && !service.supported_events.includes(e));
  return unsupported.length ? [invalid(field, `The ${service.name} service does not support: ${unsupported.join(', ')}`)] : [];
}

export type HookConfig = Record<string, string>;

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** Validates and normalizes a service's configuration (all values as strings, like the real family). */
export function checkConfig(service: HookService, raw: unknown): { config: HookConfig; errors: ValidationError[] } {
  if (raw === undefined || raw === null) return { config: {}, errors: [missing('config')] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { config: {}, errors: [invalid('config')] };
  const known = new Set(service.schema.map(([, name]) => name));
  const config: HookConfig = {};
  const errors: ValidationError[] = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.has(key)) continue;
    if (typeof value === 'string') config[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') config[key] = String(value === true ? 1 : value === false ? 0 : value);
    else errors.push(invalid(key));
  }
  if (service.name === 'web') {
    if (!config.url) errors.push(missing('url'));
    else if (!isHttpUrl(config.url)) errors.push(invalid('url'));
    config.content_type ??= 'json';
    if (!['json', 'form'].includes(config.content_type)) errors.push(invalid('content_type'));
    config.insecure_ssl ??= '0';
    if (!['0', '1'].includes(config.insecure_ssl)) errors.push(invalid('insecure_ssl'));
  } else if (service.name === 'irc') {
    if (!config.server) errors.push(missing('server'));
    if (!config.room) errors.push(missing('room'));
  } else {
    const addresses = (config.address ?? '').split(/[\s,]+/).filter(Boolean);
    if (addresses.length === 0) errors.push(missing('address'));
    else if (addresses.length > 2) errors.push(invalid('address', 'At most two addresses'));
    else if (!addresses.every((a) => EMAIL.test(a))) errors.push(invalid('address'));
    else config.address = addresses.join(' ');
  }
  return { config, errors };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
