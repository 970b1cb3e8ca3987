// zod schemas of the engagement service's answers, written once; the types
// the client returns are inferred from them.
import * as z from 'zod/mini';
import { parseEngagementDate } from './dates';

const engagementDate = z.pipe(
  z.string(),
  z.transform((text: string, ctx) => {
    const date = parseEngagementDate(text);
    if (!date) {
      ctx.issues.push({ code: 'custom', message: `not a date of the form yyyy-MM-ddTHH:mm:ss±hhmm: "${text}"`, input: text });
      return z.NEVER;
    }
    return date;
  }),
);

const nullableDate = z.nullable(engagementDate);

const noteSchema = z.object({ date: z.int(), text: z.string(), userName: z.string() });

const profileSchema = z.looseObject({
  id: z.int(),
  source: z.string(),
  ext_id: z.string(),
  name: z.optional(z.string()),
  user_name: z.optional(z.string()),
  image_url: z.optional(z.string()),
  about: z.optional(z.string()),
  location: z.optional(z.string()),
  followers: z.optional(z.int()),
  following: z.optional(z.int()),
  gender: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  creation_date: z.optional(nullableDate),
  update_date: z.optional(nullableDate),
  updated_by: z.optional(z.nullable(z.string())),
});

/** Loose: dynamic attributes of a contact come back as extra fields. */
export const contactSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  crm_id: z.optional(z.nullable(z.string())),
  client_id: z.optional(z.nullable(z.string())),
  extended_value: z.optional(z.nullable(z.string())),
  cases: z.int(),
  profiles: z.array(profileSchema),
  url: z.string(),
  tags: z.array(z.string()),
  notes: z.array(noteSchema),
  creation_date: nullableDate,
  update_date: nullableDate,
  updated_by: z.nullable(z.string()),
});

const caseStateSchema = z.enum(['Arrived', 'Open', 'Closed']);

const campaignRefSchema = z.object({ id: z.int(), name: z.string() });

export const caseSchema = z.looseObject({
  id: z.int(),
  first_open_date: nullableDate,
  last_open_date: nullableDate,
  inbox_date: nullableDate,
  reopened: z.boolean(),
  campaign: campaignRefSchema,
  source: z.nullable(z.string()),
  private: z.boolean(),
  subject: z.nullable(z.string()),
  contact: contactSchema,
  state: caseStateSchema,
  credits: z.int(),
  we_did_not_reply_since_date: nullableDate,
  handling_ms: z.int(),
  sla_seconds: z.int(),
  messages_sent: z.int(),
  messages_received: z.int(),
  messages: z.int(),
  url: z.string(),
  tags: z.array(z.string()),
  notes: z.optional(z.array(noteSchema)),
  creation_date: nullableDate,
  update_date: nullableDate,
  updated_by: z.nullable(z.string()),
});

export const authResultSchema = z.object({ success: z.literal(true), access_token: z.string().check(z.minLength(1)), expires: engagementDate });
export const meSchema = z.looseObject({ success: z.boolean(), logged_in: z.boolean(), statusMessage: z.optional(z.string()) });

export const pageSchema = <T extends z.ZodMiniType>(item: T) => z.object({ success: z.literal(true), total: z.int(), items: z.array(item) });

export const createdContactSchema = z.object({ success: z.literal(true), contact_id: z.int(), data: z.optional(contactSchema) });
export const createdCaseSchema = z.object({ success: z.literal(true), case_id: z.int(), data: z.optional(caseSchema) });
export const tagsSchema = z.object({ success: z.literal(true), tags: z.array(z.string()) });
export const profilesSchema = z.object({ success: z.literal(true), profiles: z.array(profileSchema) });
export const messageResultSchema = z.object({ success: z.literal(true), case_id: z.int(), UUID: z.string() });

export const campaignSchema = z.looseObject({ id: z.int(), name: z.string(), cases: z.optional(z.int()), creation_date: z.optional(nullableDate) });
export const createdCampaignSchema = z.object({ success: z.literal(true), campaign_id: z.int() });

export const campaignStatsSchema = z.object({
  success: z.literal(true),
  created_since: nullableDate,
  items: z.array(
    z.object({
      campaign: campaignRefSchema,
      cases: z.object({ total: z.int(), Arrived: z.int(), Open: z.int(), Closed: z.int() }),
      reopened: z.int(),
      messages_received: z.int(),
      messages_sent: z.int(),
      awaiting_reply: z.int(),
      answered_cases: z.int(),
      average_first_response_seconds: z.nullable(z.number()),
      average_handling_ms: z.nullable(z.number()),
    }),
  ),
});

export type Profile = z.infer<typeof profileSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type CaseState = z.infer<typeof caseStateSchema>;
export type Case = z.infer<typeof caseSchema>;
export type Campaign = z.infer<typeof campaignSchema>;
export type CampaignStats = z.infer<typeof campaignStatsSchema>['items'][number];
export type MeStatus = z.infer<typeof meSchema>;
