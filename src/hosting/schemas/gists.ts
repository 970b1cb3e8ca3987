// Gists as the service family sends them (the documents have only their
// comments): a list leaves out each file's content, one gist has it.
import * as z from 'zod/mini';
import { nullableString, timestamp, userSummarySchema } from './common';

const gistFileSchema = z.object({
  filename: z.string(),
  type: z.string(),
  language: nullableString,
  raw_url: z.string(),
  size: z.int(),
  /** In GET /gists/:id only. */
  content: z.optional(z.string()),
  truncated: z.optional(z.boolean()),
});

export const gistSchema = z.object({
  id: z.string(),
  url: z.string(),
  html_url: z.string(),
  description: nullableString,
  public: z.boolean(),
  /** An anonymous gist has none. */
  owner: z.optional(userSummarySchema),
  files: z.record(z.string(), gistFileSchema),
  comments: z.int(),
  comments_url: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  truncated: z.optional(z.boolean()),
});
export type Gist = z.infer<typeof gistSchema>;
