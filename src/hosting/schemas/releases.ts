import * as z from 'zod/mini';
import { nullableString, timestamp, userSummarySchema } from './common';

export const releaseAssetSchema = z.object({
  url: z.string(),
  browser_download_url: z.string(),
  id: z.int(),
  name: z.string(),
  label: nullableString,
  state: z.string(),
  content_type: z.string(),
  size: z.int(),
  download_count: z.int(),
  created_at: timestamp,
  updated_at: timestamp,
  uploader: userSummarySchema,
});
export type ReleaseAsset = z.infer<typeof releaseAssetSchema>;

export const releaseSchema = z.object({
  url: z.string(),
  html_url: z.string(),
  assets_url: z.string(),
  upload_url: z.string(),
  tarball_url: nullableString,
  zipball_url: nullableString,
  id: z.int(),
  tag_name: z.string(),
  target_commitish: z.string(),
  name: nullableString,
  body: nullableString,
  draft: z.boolean(),
  prerelease: z.boolean(),
  created_at: timestamp,
  published_at: z.nullable(timestamp),
  author: userSummarySchema,
  assets: z.array(releaseAssetSchema),
});
export type Release = z.infer<typeof releaseSchema>;
