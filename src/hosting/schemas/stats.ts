// The five statistics shapes of docs/service-api/hosting/statistics §2–§6.
import * as z from 'zod/mini';
import { userSummarySchema } from './common';

export const contributorStatsSchema = z.array(
  z.object({
    author: z.nullable(userSummarySchema),
    total: z.int(),
    // `w` is a string, as the documents say; the real service sends a number
    // (the emulator's `--vendor github` too), so both are read.
    weeks: z.array(z.object({ w: z.union([z.string(), z.number()]), a: z.int(), d: z.int(), c: z.int() })),
  }),
);
export type ContributorStats = z.infer<typeof contributorStatsSchema>;

export const commitActivitySchema = z.array(
  z.object({
    days: z.array(z.int()).check(z.length(7)),
    total: z.int(),
    week: z.int(),
  }),
);
export type CommitActivity = z.infer<typeof commitActivitySchema>;

export const codeFrequencySchema = z.array(z.tuple([z.int(), z.int(), z.int()]));
export type CodeFrequency = z.infer<typeof codeFrequencySchema>;

export const participationSchema = z.object({
  all: z.array(z.int()).check(z.length(52)),
  owner: z.array(z.int()).check(z.length(52)),
});
export type Participation = z.infer<typeof participationSchema>;

export const punchCardSchema = z.array(z.tuple([z.int().check(z.minimum(0), z.maximum(6)), z.int().check(z.minimum(0), z.maximum(23)), z.int()]));
export type PunchCard = z.infer<typeof punchCardSchema>;
