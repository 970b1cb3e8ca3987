// Tuning of webhook delivery, an optional part of the emulator's options so
// that tests can run retries in milliseconds.
import type { EmulatorOptions } from '../../options';

export interface DeliveryOptions {
  /** Attempts in all, the first included, before a delivery is marked failed. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  baseDelayMs: number;
  /** Upper bound of one wait between attempts. */
  maxDelayMs: number;
  /** A receiver that has not answered within this time counts as a failure. */
  timeoutMs: number;
  /** Deliveries sent at the same time. */
  concurrency: number;
  /** The vendor word of the delivery headers (option `vendor`; `service` when absent). */
  vendor?: string | undefined;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  maxAttempts: 5,
  baseDelayMs: 10_000,
  maxDelayMs: 10 * 60_000,
  timeoutMs: 10_000,
  concurrency: 4,
};

declare module '../../options' {
  interface EmulatorOptions {
    /** Webhook delivery tuning (tests); defaults in DEFAULT_DELIVERY_OPTIONS. */
    webhookDelivery?: Partial<DeliveryOptions> | undefined;
  }
}

export function deliveryOptions(options: EmulatorOptions): DeliveryOptions {
  return { ...DEFAULT_DELIVERY_OPTIONS, vendor: options.vendor, ...options.webhookDelivery };
}
