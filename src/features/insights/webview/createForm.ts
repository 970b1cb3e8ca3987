// The form that creates a case linked to the repository (and a pull request):
// subject, an existing contact or a new one (name, e-mail), campaign, a first
// note. The host creates the contact when it is new.
import type { WebviewToHost } from '../model/messages';
import { webviewToHost } from '../model/messages';
import { h } from '../../shared/webview/dom';
import type { Text } from './text';

export function createForm(
  text: Text,
  choices: { contacts: Array<{ id: number; name: string }>; campaigns: string[]; pull: number | null },
  post: (m: WebviewToHost) => void,
  close: () => void,
): HTMLElement {
  const { t } = text;
  const field = (label: string, control: HTMLElement) => h('label', { class: 'field' }, h('span', {}, label), control);
  const subject = h('input', { type: 'text', required: true, maxlength: 300, 'aria-required': 'true' });
  const contact = h('select', {}, h('option', { value: 'new' }, t('newContact')), ...choices.contacts.map((c) => h('option', { value: c.id }, c.name)));
  const name = h('input', { type: 'text', maxlength: 200 });
  const email = h('input', { type: 'email' });
  const newContact = h('div', { class: 'new-contact' }, field(t('contactName'), name), field(t('contactEmail'), email));
  contact.addEventListener('change', () => (newContact.hidden = contact.value !== 'new'));
  const campaigns = choices.campaigns.length ? choices.campaigns : ['Support'];
  const campaign = h('select', {}, ...campaigns.map((c) => h('option', { value: c, selected: c === 'Support' }, c)));
  const pull = h('input', { type: 'number', min: 1, class: 'pull', value: choices.pull ?? '' });
  const note = h('textarea', { rows: 3 });
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('vscode-button', {}, t('createCase'));
  const cancel = h('vscode-button', { secondary: true }, t('cancel'));
  cancel.addEventListener('click', close);
  submit.addEventListener('click', () => {
    const n = Number(pull.value);
    const message = {
      type: 'createCase' as const,
      subject: subject.value,
      contact: contact.value === 'new' ? { name: name.value, ...(email.value.trim() ? { email: email.value.trim() } : {}) } : { id: Number(contact.value) },
      campaign: campaign.value,
      note: note.value || undefined,
      pull: pull.value && Number.isInteger(n) && n > 0 ? n : null,
    };
    // The host checks it again; here it only says what to fix before sending.
    const checked = webviewToHost.safeParse(message);
    if (!checked.success) {
      const path = checked.error.issues[0]?.path.join('.') ?? '';
      error.textContent = path.startsWith('contact') ? t('contactRequired') : path === 'subject' ? t('subjectRequired') : t('formInvalid', path);
      return;
    }
    error.textContent = '';
    post(checked.data);
  });
  const form = h(
    'form',
    { class: 'create-form', 'aria-label': t('newCase') },
    h('h2', {}, t('newCaseTitle')),
    field(t('subject'), subject),
    field(t('contact'), contact),
    newContact,
    field(t('campaign'), campaign),
    field(t('pullOptional'), pull),
    field(t('firstNote'), note),
    error,
    h('div', { class: 'row' }, submit, cancel),
  );
  form.addEventListener('submit', (e) => e.preventDefault());
  return form;
}
