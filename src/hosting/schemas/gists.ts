// Gists as the service family sends them (the documents have only their
// comments): a list leaves out each file's content, one gist has it.
import { z } from 'zod';
import { nullableString, timestamp, userSummarySchema } from './common';

export const gistFileSchema = z.object({
  filename: z.string(),
  type: z.string(),
  language: nullableString,
  raw_url: z.string(),
  size: z.number().int(),
  /** In GET /gists/:id only. */
  content: z.string().optional(),
  truncated: z.boolean().optional(),
});
export type GistFile = z.infer<typeof gistFileSchema>;

export const gistSchema = z.object({
  id: z.string(),
  url: z.string(),
  html_url: z.string(),
  description: nullableString,
  public: z.boolean(),
  /** An anonymous gist has none. */
  owner: userSummarySchema.optional(),
  files: z.record(z.string(), gistFileSchema),
  comments: z.number().int(),
  comments_url: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  truncated: z.boolean().optional(),
});
export type Gist = z.infer<typeof gistSchema>;
