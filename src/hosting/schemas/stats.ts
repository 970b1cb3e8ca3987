// The five statistics shapes of document 2.
import { z } from 'zod';
import { userSummarySchema } from './common';

export const contributorStatsSchema = z.array(z.object({
  author: userSummarySchema.nullable(),
  total: z.number().int(),
  // `w` is a string, as the documents say; the real service sends a number
  // (the emulator's `--vendor github` too), so both are read.
  weeks: z.array(z.object({ w: z.union([z.string(), z.number()]), a: z.number().int(), d: z.number().int(), c: z.number().int() })),
}));
export type ContributorStats = z.infer<typeof contributorStatsSchema>;

export const commitActivitySchema = z.array(z.object({
  days: z.array(z.number().int()).length(7),
  total: z.number().int(),
  week: z.number().int(),
}));
export type CommitActivity = z.infer<typeof commitActivitySchema>;

export const codeFrequencySchema = z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()]));
export type CodeFrequency = z.infer<typeof codeFrequencySchema>;

export const participationSchema = z.object({
  all: z.array(z.number().int()).length(52),
  owner: z.array(z.number().int()).length(52),
});
export type Participation = z.infer<typeof participationSchema>;

export const punchCardSchema = z.array(z.tuple([z.number().int().min(0).max(6), z.number().int().min(0).max(23), z.number().int()]));
export type PunchCard = z.infer<typeof punchCardSchema>;
