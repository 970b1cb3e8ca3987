import * as z from 'zod/mini';

export const teamSummarySchema = z.object({ url: z.string(), name: z.string(), id: z.int() });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamDetailedSchema = z.extend(teamSummarySchema, {
  permission: z.enum(['pull', 'push', 'admin']),
  members_count: z.int(),
  repos_count: z.int(),
  organization: z.object({ login: z.string(), id: z.int(), url: z.string(), avatar_url: z.string() }),
});
