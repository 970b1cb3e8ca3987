// Checks of user text at the input (docs/service-api/hosting/conventions §11: 422 Validation
// Failed naming the resource and the field), for both APIs: the v3 routes
// answer with checkText/checkBodyText, the v2 routes (whose documents leave
// the largest field sizes undescribed, engagement/conventions §9) with
// textProblem in their own envelope. Two rules:
// - Text must be well-formed Unicode: a lone UTF-16 surrogate (possible in
//   JSON as "\ud800") cannot be percent-encoded into a URL or written into a
//   header, so it is refused here rather than failing later with a 500.
// - Names, titles, bodies and descriptions have a maximum length, the real
//   service's where it is known, otherwise a documented one (docs/EMULATOR.md,
//   "Size limits"; the v2 ones in emulator/README.md, "Size limits"): without
//   one a 20,000-character label name came back as a 20 KB Location header
//   that HTTP clients cannot read.
import { validationFailed } from './errors';

/**
 * Maximum length in characters (UTF-16 code units) of a field, by
 * `Resource.field`, then by field, then by `Resource.*` (any other field of
 * the resource: the v2 extra attributes).
 */
const TEXT_LIMITS: Readonly<Record<string, number>> = {
  // v2 (engagement): contacts, their profiles, cases, messages, campaigns.
  'Contact.first_name': 255,
  'Contact.last_name': 255,
  'Contact.crm_id': 255,
  'Contact.client_id': 255,
  'Contact.extended_value': 255,
  'Contact.email': 255,
  'Contact.tag': 255,
  'Contact.add': 255,
  'Contact.remove': 255,
  'Contact.note': 65_536,
  'Contact.*': 1024,
  'Profile.source': 255,
  'Profile.ext_id': 255,
  'Profile.user_name': 255,
  'Profile.location': 255,
  'Profile.gender': 255,
  'Profile.image_url': 2048,
  'Profile.about': 1024,
  'Case.campaign': 255,
  'Case.subject': 256,
  'Case.source': 255,
  'Case.tag': 255,
  'Case.add': 255,
  'Case.remove': 255,
  'Case.note': 65_536,
  'Case.reply': 65_536,
  'Case.*': 1024,
  'Message.campaign': 255,
  'Message.source': 255,
  'Message.fromId': 255,
  'Message.fromName': 255,
  'Message.fromUserName': 255,
  'Message.fromCrmId': 255,
  'Message.UUID': 255,
  'Message.subject': 256,
  'Message.content': 65_536,
  // v3 (hosting).
  'Repository.name': 100,
  'Repository.description': 350,
  'Label.name': 50,
  'Label.new_name': 50,
  'Milestone.title': 256,
  name: 255,
  new_name: 255,
  title: 256,
  tag_name: 255,
  label: 255,
  note: 255,
  description: 1024,
  body: 65_536,
  message: 65_536,
};

/** The limit of `resource.field`, if it has one. */
function textLimit(resource: string, field: string): number | undefined {
  return TEXT_LIMITS[`${resource}.${field}`] ?? TEXT_LIMITS[field] ?? TEXT_LIMITS[`${resource}.*`];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds a lone (unpaired) UTF-16 surrogate (String.prototype.isWellFormed is not in Node 20). */
function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Why one text field is refused (not well-formed Unicode, or longer than its limit), or undefined when it is accepted. */
export function textProblem(resource: string, field: string, value: string): string | undefined {
  if (hasLoneSurrogate(value)) return `${field} is not valid Unicode text (it contains a lone surrogate)`;
  const limit = textLimit(resource, field);
  if (limit !== undefined && value.length > limit) return `${field} is too long (maximum is ${limit} characters)`;
  return undefined;
}

/** Refuses one text field with v3's 422 Validation Failed: not well-formed Unicode, or longer than its limit. */
export function checkText(resource: string, field: string, value: string): void {
  const message = textProblem(resource, field, value);
  if (message !== undefined) throw validationFailed({ resource, field, code: 'invalid', message });
}

/**
 * Checks every string of a JSON body: top-level text fields against their
 * limits, and every string or key, at any depth, for lone surrogates (named
 * by the top-level field that holds it).
 */
export function checkBodyText(resource: string, body: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(body)) {
    if (hasLoneSurrogate(field))
      throw validationFailed({
        resource,
        field: field.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD'),
        code: 'invalid',
        message: 'a field name is not valid Unicode text (it contains a lone surrogate)',
      });
    if (typeof value === 'string') checkText(resource, field, value);
    else if (value !== null && typeof value === 'object' && !deepWellFormed(value)) {
      throw validationFailed({ resource, field, code: 'invalid', message: `${field} is not valid Unicode text (it contains a lone surrogate)` });
    }
  }
}

function deepWellFormed(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !hasLoneSurrogate(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Array.isArray(value)) return value.every((v) => deepWellFormed(v, depth + 1));
  return Object.entries(value).every(([k, v]) => !hasLoneSurrogate(k) && deepWellFormed(v, depth + 1));
}
