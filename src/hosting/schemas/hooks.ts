// Webhooks, as the spec README decides where document 1 is silent.
import { z } from 'zod';
import { nullableString, timestamp } from './common';

export const hookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
  test_url: z.string().optional(),
  ping_url: z.string().optional(),
  last_response: z.object({ code: z.number().nullable(), status: nullableString, message: nullableString }).optional(),
});
export type Hook = z.infer<typeof hookSchema>;

export const hookServiceSchema = z.object({
  name: z.string(),
  events: z.array(z.string()),
  supported_events: z.array(z.string()),
  default_events: z.array(z.string()).optional(),
}).loose();
export type HookService = z.infer<typeof hookServiceSchema>;
