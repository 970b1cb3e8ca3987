import * as z from 'zod/mini';
import type { CallOptions, HostingCore } from './transport';
import { hookDeliveryDetailSchema, hookDeliverySchema, hookSchema, hookServiceSchema } from './schemas/hooks';

// Webhook endpoints as docs/service-api/hosting/webhooks §10 fixes them.
export const HOOKS_ROUTES = {
  listServices: 'GET /hooks',
  list: 'GET /repos/{owner}/{repo}/hooks',
  get: 'GET /repos/{owner}/{repo}/hooks/{id}',
  create: 'POST /repos/{owner}/{repo}/hooks',
  update: 'PATCH /repos/{owner}/{repo}/hooks/{id}',
  delete: 'DELETE /repos/{owner}/{repo}/hooks/{id}',
  test: 'POST /repos/{owner}/{repo}/hooks/{id}/tests',
  ping: 'POST /repos/{owner}/{repo}/hooks/{id}/pings',
  // The emulator's delivery log (the real family's later form; the spec has none).
  listDeliveries: 'GET /repos/{owner}/{repo}/hooks/{id}/deliveries',
  getDelivery: 'GET /repos/{owner}/{repo}/hooks/{id}/deliveries/{delivery_id}',
} as const;

interface HookConfig {
  url?: string;
  content_type?: 'json' | 'form';
  secret?: string;
  insecure_ssl?: string;
  [key: string]: unknown;
}
export interface NewHook {
  name: 'web' | 'irc' | 'email' | string;
  config: HookConfig;
  events?: string[];
  active?: boolean;
}
export interface HookChange {
  config?: HookConfig;
  events?: string[];
  add_events?: string[];
  remove_events?: string[];
  active?: boolean;
}

export class HooksApi {
  constructor(private readonly core: HostingCore) {}

  /** The services a hook can use, with their supported and default events. */
  async listServices(options?: CallOptions) {
    return (await this.core.call(HOOKS_ROUTES.listServices, {}, z.array(hookServiceSchema), options)).data;
  }

  list(owner: string, repo: string, options?: CallOptions) {
    return this.core.paginate(HOOKS_ROUTES.list, { owner, repo, per_page: 100 }, hookSchema, options);
  }

  async get(owner: string, repo: string, id: number, options?: CallOptions) {
    return (await this.core.call(HOOKS_ROUTES.get, { owner, repo, id }, hookSchema, options)).data;
  }

  async create(owner: string, repo: string, input: NewHook, options?: CallOptions) {
    return (await this.core.call(HOOKS_ROUTES.create, { owner, repo, ...input }, hookSchema, options)).data;
  }

  async update(owner: string, repo: string, id: number, change: HookChange, options?: CallOptions) {
    return (await this.core.call(HOOKS_ROUTES.update, { owner, repo, id, ...change }, hookSchema, options)).data;
  }

  delete(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(HOOKS_ROUTES.delete, { owner, repo, id }, options);
  }

  /** Delivers a push test to the hook. */
  test(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(HOOKS_ROUTES.test, { owner, repo, id }, options);
  }

  ping(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.callNoContent(HOOKS_ROUTES.ping, { owner, repo, id }, options);
  }

  /** The hook's recent deliveries, newest first (the emulator's delivery log). */
  listDeliveries(owner: string, repo: string, id: number, options?: CallOptions) {
    return this.core.paginate(HOOKS_ROUTES.listDeliveries, { owner, repo, id, per_page: 30 }, hookDeliverySchema, options);
  }

  /** One delivery with its request (headers, payload) and the receiver's response. */
  async getDelivery(owner: string, repo: string, id: number, deliveryId: number, options?: CallOptions) {
    return (await this.core.call(HOOKS_ROUTES.getDelivery, { owner, repo, id, delivery_id: deliveryId }, hookDeliveryDetailSchema, options)).data;
  }
}
