// zod schemas of the engagement service's answers, written once; the types
// the client returns are inferred from them.
import { z } from 'zod';
import { parseEngagementDate } from './dates';

export const engagementDate = z.string().transform((text, ctx) => {
  const date = parseEngagementDate(text);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: `not a date of the form yyyy-MM-ddTHH:mm:ss±hhmm: "${text}"` });
    return z.NEVER;
  }
  return date;
});

const nullableDate = engagementDate.nullable();

export const noteSchema = z.object({ date: z.number().int(), text: z.string(), userName: z.string() });

export const profileSchema = z.looseObject({
  id: z.number().int(),
  source: z.string(),
  ext_id: z.string(),
  name: z.string().optional(),
  user_name: z.string().optional(),
  image_url: z.string().optional(),
  about: z.string().optional(),
  location: z.string().optional(),
  followers: z.number().int().optional(),
  following: z.number().int().optional(),
  gender: z.string().optional(),
  tags: z.array(z.string()).optional(),
  creation_date: nullableDate.optional(),
  update_date: nullableDate.optional(),
  updated_by: z.string().nullable().optional(),
});

/** Loose: dynamic attributes of a contact come back as extra fields. */
export const contactSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  crm_id: z.string().nullable().optional(),
  client_id: z.string().nullable().optional(),
  extended_value: z.string().nullable().optional(),
  cases: z.number().int(),
  profiles: z.array(profileSchema),
  url: z.string(),
  tags: z.array(z.string()),
  notes: z.array(noteSchema),
  creation_date: nullableDate,
  update_date: nullableDate,
  updated_by: z.string().nullable(),
});

export const caseStateSchema = z.enum(['Arrived', 'Open', 'Closed']);

export const campaignRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const caseSchema = z.looseObject({
  id: z.number().int(),
  first_open_date: nullableDate,
  last_open_date: nullableDate,
  inbox_date: nullableDate,
  reopened: z.boolean(),
  campaign: campaignRefSchema,
  source: z.string().nullable(),
  private: z.boolean(),
  subject: z.string().nullable(),
  contact: contactSchema,
  state: caseStateSchema,
  credits: z.number().int(),
  we_did_not_reply_since_date: nullableDate,
  handling_ms: z.number().int(),
  sla_seconds: z.number().int(),
  messages_sent: z.number().int(),
  messages_received: z.number().int(),
  messages: z.number().int(),
  url: z.string(),
  tags: z.array(z.string()),
  notes: z.array(noteSchema).optional(),
  creation_date: nullableDate,
  update_date: nullableDate,
  updated_by: z.string().nullable(),
});

export const authResultSchema = z.object({ success: z.literal(true), access_token: z.string().min(1), expires: engagementDate });
export const meSchema = z.looseObject({ success: z.boolean(), logged_in: z.boolean(), statusMessage: z.string().optional() });

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), total: z.number().int(), items: z.array(item) });

export const createdContactSchema = z.object({ success: z.literal(true), contact_id: z.number().int(), data: contactSchema.optional() });
export const createdCaseSchema = z.object({ success: z.literal(true), case_id: z.number().int(), data: caseSchema.optional() });
export const tagsSchema = z.object({ success: z.literal(true), tags: z.array(z.string()) });
export const profilesSchema = z.object({ success: z.literal(true), profiles: z.array(profileSchema) });
export const messageResultSchema = z.object({ success: z.literal(true), case_id: z.number().int(), UUID: z.string() });

export const campaignSchema = z.looseObject({ id: z.number().int(), name: z.string(), cases: z.number().int().optional(), creation_date: nullableDate.optional() });
export const createdCampaignSchema = z.object({ success: z.literal(true), campaign_id: z.number().int() });

export const campaignStatsSchema = z.object({
  success: z.literal(true),
  created_since: nullableDate,
  items: z.array(
    z.object({
      campaign: campaignRefSchema,
      cases: z.object({ total: z.number().int(), Arrived: z.number().int(), Open: z.number().int(), Closed: z.number().int() }),
      reopened: z.number().int(),
      messages_received: z.number().int(),
      messages_sent: z.number().int(),
      awaiting_reply: z.number().int(),
      answered_cases: z.number().int(),
      average_first_response_seconds: z.number().nullable(),
      average_handling_ms: z.number().nullable(),
    }),
  ),
});

export type Note = z.infer<typeof noteSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type CaseState = z.infer<typeof caseStateSchema>;
export type Case = z.infer<typeof caseSchema>;
export type Campaign = z.infer<typeof campaignSchema>;
export type CampaignStats = z.infer<typeof campaignStatsSchema>['items'][number];
export type MeStatus = z.infer<typeof meSchema>;
