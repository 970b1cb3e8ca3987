import { z } from 'zod';

export const teamSummarySchema = z.object({ url: z.string(), name: z.string(), id: z.number().int() });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamDetailedSchema = teamSummarySchema.extend({
  permission: z.enum(['pull', 'push', 'admin']),
  members_count: z.number().int(),
  repos_count: z.number().int(),
  organization: z.object({ login: z.string(), id: z.number().int(), url: z.string(), avatar_url: z.string() }),
});
export type TeamDetailed = z.infer<typeof teamDetailedSchema>;
