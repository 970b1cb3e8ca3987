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

/** A delivery of the emulator's log (`GET .../hooks/:id/deliveries`; the spec has no delivery log). */
export const hookDeliverySchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  event: z.string(),
  action: z.string().nullable().optional(),
  redelivery: z.boolean(),
  state: z.enum(['pending', 'delivered', 'failed']),
  status: nullableString,
  status_code: z.number().int().nullable(),
  duration: z.number().nullable(),
  attempts: z.number().int(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
}).loose();
export type HookDelivery = z.infer<typeof hookDeliverySchema>;

export const hookDeliveryDetailSchema = hookDeliverySchema.extend({
  request: z.object({ headers: z.record(z.string(), z.string()), payload: z.unknown() }),
  response: z.object({ headers: z.record(z.string(), z.string()).nullable(), payload: z.string().nullable() }),
});
export type HookDeliveryDetail = z.infer<typeof hookDeliveryDetailSchema>;
