// Shapes shared by every resource: timestamps
// (docs/service-api/hosting/conventions §3), the user summary of
// docs/service-api/hosting/users §1, and the error bodies
// (docs/service-api/hosting/conventions §11).
import * as z from 'zod/mini';

/** `YYYY-MM-DDTHH:MM:SSZ` (docs/service-api/hosting/conventions §3). */
export const timestamp = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'is not a YYYY-MM-DDTHH:MM:SSZ timestamp'));
/** Fields without a value are null, never omitted (convention 1). */
export const nullableString = z.nullable(z.string());
export const href = z.object({ href: z.string() });

export const userSummarySchema = z.object({
  login: z.string(),
  id: z.int(),
  avatar_url: z.string(),
  gravatar_id: nullableString,
  url: z.string(),
  html_url: z.string(),
  followers_url: z.string(),
  following_url: z.string(),
  gists_url: z.string(),
  starred_url: z.string(),
  subscriptions_url: z.string(),
  organizations_url: z.string(),
  repos_url: z.string(),
  events_url: z.string(),
  received_events_url: z.string(),
  type: z.enum(['User', 'Organization']),
  site_admin: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Organization (user-shaped with type Organization, docs/service-api/hosting/users §2). */
export const organizationSchema = z.extend(userSummarySchema, { type: z.literal('Organization') });

export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ resource: z.optional(z.string()), field: z.optional(z.string()), code: z.string() }))),
  documentation_url: z.optional(z.string()),
});
