// Labels, deploy keys and (deprecated) downloads.
import * as z from 'zod/mini';
import { nullableString } from './common';

export const labelSchema = z.object({
  url: z.string(),
  name: z.string(),
  color: z.string().check(z.regex(/^[0-9a-fA-F]{6}$/, 'is not a 6-character hex colour')),
});
export type Label = z.infer<typeof labelSchema>;

export const deployKeySchema = z.object({ id: z.int(), key: z.string(), url: z.string(), title: nullableString });
export type DeployKey = z.infer<typeof deployKeySchema>;

export const downloadSchema = z.object({
  url: z.string(),
  html_url: z.string(),
  id: z.int(),
  name: z.string(),
  description: nullableString,
  size: z.int(),
  download_count: z.int(),
  content_type: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;
