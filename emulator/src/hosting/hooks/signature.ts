// Webhook request bodies and their X-Hub-Signature
// (docs/service-api/hosting/webhooks §9: `sha1=` and the lowercase hex
// HMAC-SHA1 of the exact bytes delivered, keyed with the hook's secret).
import { createHmac } from 'node:crypto';

export type HookContentType = 'json' | 'form';

export const CONTENT_TYPE_HEADER: Record<HookContentType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** `sha1=<hex>` over the exact bytes of `body`. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}

/** The body as delivered: the JSON itself, or `payload=<url-encoded json>`. */
export function encodeBody(payload: unknown, contentType: HookContentType): string {
  const json = JSON.stringify(payload);
  return contentType === 'form' ? new URLSearchParams({ payload: json }).toString() : json;
}
