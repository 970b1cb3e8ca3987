import * as z from 'zod/mini';
import { nullableString, timestamp, userSummarySchema } from './common';

export const authorizationSchema = z.object({
  id: z.int(),
  url: z.string(),
  scopes: z.array(z.string()),
  // The token value is shown in full only when created or reset.
  token: z.string(),
  app: z.object({ url: nullableString, name: nullableString, client_id: z.string() }),
  note: nullableString,
  note_url: nullableString,
  updated_at: timestamp,
  created_at: timestamp,
  // Only in the answers of the check and reset operations.
  user: z.optional(userSummarySchema),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const accessTokenResultSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  scope: z.string(),
  token_type: z.string(),
});

export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.optional(z.string()), error_uri: z.optional(z.string()) });
