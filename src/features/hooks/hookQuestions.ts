// The questions of creating and editing a webhook: the service (web, irc,
// email, from GET /hooks), its configuration fields (from the service's
// schema), the events (from the service's list, its defaults preselected)
// and, for a web hook, a secret generated or typed (never shown again).
import { randomBytes, toHex } from '../../util/bytes';
import * as vscode from 'vscode';
import type { Hook, HookService } from '../../hosting';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

export interface HookAnswers {
  name: string;
  config: Record<string, string>;
  events?: string[];
  active?: boolean;
}

export interface HookEdit {
  config?: Record<string, string>;
  events?: string[];
  add_events?: string[];
  remove_events?: string[];
  active?: boolean;
}

type Field = readonly [type: string, name: string];

/** The configuration fields of a service: its own schema when the service lists one, else those of docs/service-api/hosting/webhooks §11. */
function fieldsOf(service: HookService): Field[] {
  const schema = (service as { schema?: unknown }).schema;
  if (Array.isArray(schema) && schema.every((f) => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'string')) return schema as Field[];
  if (service.name === 'web')
    return [
      ['string', 'url'],
      ['string', 'content_type'],
      ['string', 'secret'],
      ['boolean', 'insecure_ssl'],
    ];
  return [];
}

const REQUIRED: Record<string, readonly string[]> = { web: ['url'], irc: ['server', 'room'], email: ['address'] };

/** A secret as a receiver would want one: 20 random bytes in hex. */
function generateSecret(): string {
  return toHex(randomBytes(20));
}

function httpUrlError(v: string): string | undefined {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : vscode.l10n.t('The URL must start with http:// or https://.');
  } catch {
    return vscode.l10n.t('Type a URL such as https://example.com/hook.');
  }
}

/** A configuration field in a person's words (the API's field names are not). */
function fieldLabel(service: string, name: string): string {
  switch (name) {
    case 'url':
      return vscode.l10n.t('Payload URL');
    case 'content_type':
      return vscode.l10n.t('Content type');
    case 'secret':
      return vscode.l10n.t('Secret');
    case 'insecure_ssl':
      return vscode.l10n.t('Check the receiver’s TLS certificate?');
    case 'server':
      return vscode.l10n.t('Server');
    case 'port':
      return vscode.l10n.t('Port');
    case 'room':
      return vscode.l10n.t('Room');
    case 'nick':
      return vscode.l10n.t('Nickname');
    case 'password':
      return vscode.l10n.t('Password');
    case 'ssl':
      return vscode.l10n.t('Connect with TLS?');
    case 'address':
      return service === 'email' ? vscode.l10n.t('Email address') : vscode.l10n.t('Address');
    case 'send_from_author':
      return vscode.l10n.t('Send as the commit’s author?');
    default: {
      const words = name.replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** Titles a wizard step from its number and what it asks. */
interface StepTitle {
  (index: number, what: string): string;
}

/** Asks one field; undefined when the user cancelled. `current` is the hook's value when editing. */
async function askField(
  steps: StepBoxes,
  service: string,
  [type, name]: Field,
  title: string,
  current: string | undefined,
  secretNote: { generated?: string },
): Promise<string | undefined> {
  const required = REQUIRED[service]?.includes(name) ?? false;
  const label = fieldLabel(service, name);
  if (name === 'insecure_ssl') {
    // The API's field says "skip the check": asked the other way round, as a person thinks of it.
    const skipping = current === '1' || current === 'true';
    const picked = await steps.pick(
      [
        {
          label: vscode.l10n.t('Yes'),
          detail: vscode.l10n.t('Deliver only to a receiver whose certificate is valid (recommended)'),
          value: '0',
          description: skipping ? undefined : vscode.l10n.t('current'),
        },
        {
          label: vscode.l10n.t('No'),
          detail: vscode.l10n.t('Deliver even when the certificate cannot be verified'),
          value: '1',
          description: skipping ? vscode.l10n.t('current') : undefined,
        },
      ],
      { title, ignoreFocusOut: true },
    );
    return picked?.value;
  }
  if (type === 'boolean') {
    const on = current === '1' || current === 'true';
    const picked = await steps.pick(
      [
        { label: vscode.l10n.t('No'), value: '0', description: on ? undefined : vscode.l10n.t('current') },
        { label: vscode.l10n.t('Yes'), value: '1', description: on ? vscode.l10n.t('current') : undefined },
      ],
      { title, ignoreFocusOut: true },
    );
    return picked?.value;
  }
  if (name === 'content_type' && service === 'web') {
    const picked = await steps.pick(
      [
        { label: vscode.l10n.t('JSON'), description: 'application/json', value: 'json' },
        { label: vscode.l10n.t('Form'), description: 'application/x-www-form-urlencoded', value: 'form' },
      ],
      { title, ignoreFocusOut: true, placeHolder: vscode.l10n.t('How the payload is sent') },
    );
    return picked?.value;
  }
  if (name === 'secret' && service === 'web') {
    const keep = current ? [{ label: vscode.l10n.t('Keep the current secret'), value: 'keep' }] : [];
    const picked = await steps.pick(
      [
        ...keep,
        { label: vscode.l10n.t('Generate a secret'), value: 'generate' },
        { label: vscode.l10n.t('Type a secret…'), value: 'type' },
        { label: vscode.l10n.t('No secret (deliveries are not signed)'), value: 'none' },
      ],
      { title, ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    if (picked.value === 'keep') return current;
    if (picked.value === 'none') return '';
    if (picked.value === 'generate') return (secretNote.generated = generateSecret());
    return steps.text({
      title,
      password: true,
      prompt: vscode.l10n.t('Deliveries are signed with it (X-Hub-Signature); it is not shown again.'),
      ignoreFocusOut: true,
    });
  }
  const masked = type === 'password' && current !== undefined;
  const value = await steps.text({
    title,
    password: type === 'password',
    value: masked ? '' : (current ?? ''),
    placeHolder: name === 'url' ? 'https://example.com/hook' : undefined,
    prompt: masked ? vscode.l10n.t('Leave empty to keep the current value.') : required ? undefined : vscode.l10n.t('Optional'),
    validateInput: (v) => {
      if (required && !v.trim()) return vscode.l10n.t('{0} is required.', label);
      if (name === 'url' && v.trim()) return httpUrlError(v.trim());
      return undefined;
    },
    ignoreFocusOut: true,
  });
  if (value === undefined) return undefined;
  return masked && value === '' ? current : value.trim();
}

/** Asks every configuration field of the service, in the schema's order; `step(i, label)` titles the i-th field's step. */
async function askConfig(
  steps: StepBoxes,
  service: HookService,
  step: StepTitle,
  current: Record<string, unknown> = {},
): Promise<{ config: Record<string, string>; generatedSecret?: string } | undefined> {
  const note: { generated?: string } = {};
  const config: Record<string, string> = {};
  const fields = fieldsOf(service);
  for (const [i, field] of fields.entries()) {
    const was = typeof current[field[1]] === 'string' ? (current[field[1]] as string) : undefined;
    const value = await askField(steps, service.name, field, step(i, fieldLabel(service.name, field[1])), was, note);
    if (value === undefined) return undefined;
    if (value !== '' || was !== undefined) config[field[1]] = value;
  }
  return { config, ...(note.generated ? { generatedSecret: note.generated } : {}) };
}

/** The events of the service to pick from, `picked` preselected; `*` stands for all of them. */
async function askEvents(steps: StepBoxes, service: HookService, picked: readonly string[], title: string): Promise<string[] | undefined> {
  const all = picked.includes('*');
  const items = [
    { label: '*', description: vscode.l10n.t('every event, including ones added later'), picked: all },
    ...service.supported_events.map((e) => ({
      label: e,
      description: service.default_events?.includes(e) ? vscode.l10n.t('default') : undefined,
      picked: !all && picked.includes(e),
    })),
  ];
  const chosen = await steps.pickMany(items, {
    title,
    ignoreFocusOut: true,
    placeHolder: vscode.l10n.t('The events that trigger the hook'),
  });
  if (!chosen) return undefined;
  if (chosen.length === 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Choose at least one event.'));
    return undefined;
  }
  return chosen.some((c) => c.label === '*') ? ['*'] : chosen.map((c) => c.label);
}

/** The new hook's service, configuration and events; undefined when cancelled. */
export async function askNewHook(services: readonly HookService[]): Promise<{ answers: HookAnswers; generatedSecret?: string } | undefined> {
  // The questions are steps of one quick input: each box shows in the place of the last.
  return inSteps((steps) => askNewHookSteps(steps, services));
}

async function askNewHookSteps(steps: StepBoxes, services: readonly HookService[]): Promise<{ answers: HookAnswers; generatedSecret?: string } | undefined> {
  // Like the steps after it, numbered: the service is step 1 of its fields plus two (a range when the services' differ).
  const totals = services.length ? services.map((s) => fieldsOf(s).length + 2) : [2];
  const [fewest, most] = [Math.min(...totals), Math.max(...totals)];
  const first =
    fewest === most ? vscode.l10n.t('New Webhook ({0}/{1}): Service', 1, most) : vscode.l10n.t('New Webhook ({0}/{1}–{2}): Service', 1, fewest, most);
  const service = await steps.pick(
    services.map((s) => ({
      label: s.name,
      description: (s as { title?: unknown }).title === undefined ? undefined : String((s as { title?: unknown }).title),
      detail: vscode.l10n.t('Default events: {0}', (s.default_events ?? s.events).join(', ')),
      service: s,
    })),
    { title: first, ignoreFocusOut: true, placeHolder: vscode.l10n.t('Where the events are delivered') },
  );
  if (!service) return undefined;
  // The service is step 1; the number of steps is known once it is chosen (its fields, then the events).
  const total = fieldsOf(service.service).length + 2;
  const stepTitle = (n: number, what: string) => vscode.l10n.t('New Webhook ({0}/{1}): {2}', n, total, what);
  const asked = await askConfig(steps, service.service, (i, what) => stepTitle(i + 2, what));
  if (!asked) return undefined;
  const events = await askEvents(steps, service.service, service.service.default_events ?? service.service.events, stepTitle(total, vscode.l10n.t('Events')));
  if (!events) return undefined;
  return {
    answers: { name: service.service.name, config: asked.config, events, active: true },
    ...(asked.generatedSecret ? { generatedSecret: asked.generatedSecret } : {}),
  };
}

/** What to change on a hook: its events, its configuration, or its active state. */
export async function askHookEdit(hook: Hook, service: HookService): Promise<{ change: HookEdit; generatedSecret?: string } | undefined> {
  return inSteps((steps) => askHookEditSteps(steps, hook, service));
}

async function askHookEditSteps(steps: StepBoxes, hook: Hook, service: HookService): Promise<{ change: HookEdit; generatedSecret?: string } | undefined> {
  const what = await steps.pick(
    [
      { label: vscode.l10n.t('Events…'), description: hook.events.join(', '), value: 'events' },
      { label: vscode.l10n.t('Configuration…'), value: 'config' },
      hook.active
        ? { label: vscode.l10n.t('Deactivate'), description: vscode.l10n.t('keep the hook but deliver nothing'), value: 'off' }
        : { label: vscode.l10n.t('Activate'), value: 'on' },
    ],
    { title: vscode.l10n.t('Edit Webhook {0}', hook.name) },
  );
  if (!what) return undefined;
  if (what.value === 'on' || what.value === 'off') return { change: { active: what.value === 'on' } };
  if (what.value === 'events') {
    const events = await askEvents(steps, service, hook.events, vscode.l10n.t('Events of the webhook'));
    if (!events) return undefined;
    return { change: eventChange(hook.events, events) };
  }
  const fields = fieldsOf(service).length;
  const asked = await askConfig(steps, service, (i, what) => vscode.l10n.t('Edit Webhook ({0}/{1}): {2}', i + 1, fields, what), hook.config);
  return asked ? { change: { config: asked.config }, ...(asked.generatedSecret ? { generatedSecret: asked.generatedSecret } : {}) } : undefined;
}

/** The events added and removed (the spec's add_events / remove_events), or the whole list when `*` comes or goes. */
function eventChange(before: readonly string[], after: readonly string[]): HookEdit {
  if (before.includes('*') || after.includes('*')) return { events: [...after] };
  const add = after.filter((e) => !before.includes(e));
  const remove = before.filter((e) => !after.includes(e));
  return { ...(add.length ? { add_events: add } : {}), ...(remove.length ? { remove_events: remove } : {}) };
}
