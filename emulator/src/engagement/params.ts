// Plain HTTP parameters of the v2 API: from the query string and from a form
// (or JSON) body, with a repeated name giving several values.
import type { FastifyRequest } from 'fastify';
import { textProblem } from '../hosting/conventions/text-input';
import { DATE_SHAPE, parseDate } from './dates';

/** A failure answered with the v2 envelope: `{ success: false, statusMessage }`. */
export class EngagementError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 400: the request itself is wrong (missing or malformed parameter). */
export const badRequest = (message: string) => new EngagementError(400, message);
/** 404: the record does not exist or is hidden from the caller. */
export const notFound = (message: string) => new EngagementError(404, message);
/**
 * 422: a text parameter beyond its size limit or not well-formed Unicode,
 * the message naming the parameter and the limit. The documents leave the
 * largest field sizes undescribed (engagement/conventions §9); the limits are
 * the emulator's (emulator/README.md, "Size limits"), and 422 is the v3
 * answer to the same fault, kept for both APIs.
 */
const unprocessable = (message: string) => new EngagementError(422, message);
/** 200 with success false: the request was processed but the operation failed. */
export const failed = (message: string) => new EngagementError(200, message);

/** Deepest nesting of objects and arrays a JSON body may have; deeper ones get 400 before parsing. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests objects/arrays deeper than `max` (a linear scan; strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

export class Params {
  private constructor(private readonly values: Map<string, string[]>) {}

  static of(req: FastifyRequest): Params {
    const values = new Map<string, string[]>();
    const add = (name: string, value: unknown) => {
      if (value === undefined || value === null) return;
      const list = values.get(name) ?? [];
      if (Array.isArray(value)) list.push(...value.map((v) => String(v)));
      else if (typeof value === 'object') list.push(JSON.stringify(value));
      else list.push(String(value));
      values.set(name, list);
    };
    // Parsed here rather than by the server so that a server-wide query parser can't change the shape.
    const query = req.url.indexOf('?');
    if (query >= 0) for (const [k, v] of new URLSearchParams(req.url.slice(query + 1))) add(k, v);
    const body = req.body;
    if (body instanceof URLSearchParams) for (const [k, v] of body) add(k, v);
    // JSON objects are read too; any other body (raw bytes of an unknown content type) carries no parameters.
    else if (isPlainObject(body)) for (const [k, v] of Object.entries(body)) add(k, v);
    return new Params(values);
  }

  names(): string[] {
    return [...this.values.keys()];
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The last value of a parameter (a repeated single-valued parameter: the last one wins). */
  get(name: string): string | undefined {
    const list = this.values.get(name);
    return list?.[list.length - 1];
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  required(name: string): string {
    const value = this.get(name)?.trim();
    if (!value) throw badRequest(`Missing required parameter: ${name}`);
    return value;
  }

  int(name: string, range?: { min: number; max: number }): number | undefined {
    const text = this.get(name);
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d+$/.test(text)) throw badRequest(`Parameter ${name} must be an integer, got "${text}"`);
    const n = Number(text);
    if (range && (n < range.min || n > range.max)) throw badRequest(`Parameter ${name} must be between ${range.min} and ${range.max}, got ${n}`);
    return n;
  }

  bool(name: string): boolean | undefined {
    const text = this.get(name)?.toLowerCase();
    if (text === undefined || text === '') return undefined;
    if (['true', '1', 'yes'].includes(text)) return true;
    if (['false', '0', 'no'].includes(text)) return false;
    throw badRequest(`Parameter ${name} must be true or false, got "${this.get(name)}"`);
  }

  date(name: string): number | undefined {
    const text = this.get(name);
    if (text === undefined || text === '') return undefined;
    const ms = parseDate(text);
    if (ms === undefined) throw badRequest(`Parameter ${name} is not a date of the form ${DATE_SHAPE}: "${text}"`);
    return ms;
  }

  /** Non-empty trimmed values of a repeatable parameter. */
  texts(name: string): string[] {
    return this.all(name)
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }
}

/** Refuses (422) any parameter of a write whose text is beyond the limit of `resource.name` or not well-formed Unicode. */
export function checkTexts(params: Params, resource: string): void {
  for (const name of params.names()) {
    if (name === 'access_token') continue;
    for (const value of params.all(name)) {
      const problem = textProblem(resource, name, value);
      if (problem !== undefined) throw unprocessable(problem);
    }
  }
}

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Parameters that are not known fields become dynamic attributes. Read-only
 * fields (computed by the service) can't be set.
 */
export function dynamicAttributes(params: Params, known: ReadonlySet<string>, readOnly: ReadonlySet<string>): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const name of params.names()) {
    if (known.has(name)) continue;
    if (readOnly.has(name)) throw badRequest(`Field ${name} is read-only`);
    if (!ATTRIBUTE_NAME.test(name)) throw badRequest(`Attribute name "${name}" must start with a letter and hold only letters, digits and _`);
    extra[name] = params.get(name) ?? '';
  }
  return extra;
}

/** The numeric `:id` of the URL; anything else is the record's 404. */
export function idParam(req: FastifyRequest, what: string): number {
  const raw = (req.params as { id: string }).id;
  if (!/^\d{1,15}$/.test(raw)) throw notFound(`${what} ${raw} not found`);
  return Number(raw);
}

export interface Paging {
  count: number;
  index: number;
  orderBy: string;
  desc: boolean;
}

export const MAX_COUNT = 100;
export const DEFAULT_COUNT = 20;

/** count/index/order_by/order_dir, with order_by checked against the attributes one may sort on. */
export function paging(params: Params, orderable: readonly string[], defaultOrder: string): Paging {
  const count = params.int('count', { min: 1, max: MAX_COUNT }) ?? DEFAULT_COUNT;
  const index = params.int('index', { min: 0, max: Number.MAX_SAFE_INTEGER }) ?? 0;
  const orderBy = params.get('order_by') || defaultOrder;
  if (!orderable.includes(orderBy)) throw badRequest(`order_by: unknown attribute "${orderBy}"; one of ${orderable.join(', ')}`);
  const dir = (params.get('order_dir') || 'ASC').toUpperCase();
  if (dir !== 'ASC' && dir !== 'DESC') throw badRequest(`order_dir must be ASC or DESC, got "${params.get('order_dir')}"`);
  return { count, index, orderBy, desc: dir === 'DESC' };
}
