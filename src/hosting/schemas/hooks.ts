// Webhooks, as docs/service-api/hosting/webhooks §6, §9–§11 decide.
import * as z from 'zod/mini';
import { nullableString, timestamp } from './common';

export const hookSchema = z.object({
  id: z.int(),
  url: z.string(),
  name: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
  test_url: z.optional(z.string()),
  ping_url: z.optional(z.string()),
  last_response: z.optional(z.object({ code: z.nullable(z.number()), status: nullableString, message: nullableString })),
});
export type Hook = z.infer<typeof hookSchema>;

export const hookServiceSchema = z.looseObject({
  name: z.string(),
  events: z.array(z.string()),
  supported_events: z.array(z.string()),
  default_events: z.optional(z.array(z.string())),
});
export type HookService = z.infer<typeof hookServiceSchema>;

/** A delivery of the emulator's log (`GET .../hooks/:id/deliveries`; the spec has no delivery log). */
export const hookDeliverySchema = z.looseObject({
  id: z.int(),
  guid: z.string(),
  event: z.string(),
  action: z.optional(z.nullable(z.string())),
  redelivery: z.boolean(),
  state: z.enum(['pending', 'delivered', 'failed']),
  status: nullableString,
  status_code: z.nullable(z.int()),
  duration: z.nullable(z.number()),
  attempts: z.int(),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type HookDelivery = z.infer<typeof hookDeliverySchema>;

export const hookDeliveryDetailSchema = z.extend(hookDeliverySchema, {
  request: z.object({ headers: z.record(z.string(), z.string()), payload: z.unknown() }),
  response: z.object({ headers: z.nullable(z.record(z.string(), z.string())), payload: z.nullable(z.string()) }),
});
