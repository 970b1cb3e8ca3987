// The Cases tab's side in the host: the cases linked to the repository (and
// a pull request), paged by count/index, through the engagement sign-in; and
// the actions on them. Every request is made here; the webview only asks.
import * as vscode from 'vscode';
import { EngagementError, type EngagementClient } from '../../engagement';
import { caseDetails, caseRow } from './model/caseRows';
import { pullTag, repoTag } from '../../util/caseLinks';
import type { HostToWebview, WebviewToHost } from './model/messages';
import { errorText } from '../shared/failure';
import type { Logger } from '../shared/log/outputLog';
import type { EngagementSession } from '../shared/session/engagementSession';
import type { CasesSource } from '../shared/session/casesSource';
import type { NoteDrafts } from './noteDrafts';

/** Where a note whose adding got no answer waits (queuedNotes/), and what hears that the service answered a read. */
export interface NoteQueue {
  /** Queues the note when `failure` is no answer at all (not an answer with an error status); whether it did. */
  take(note: { service: string; caseId: number; text: string; repo: string }, failure: unknown): Promise<boolean>;
  answered(service: string): void;
}

type Post = (message: HostToWebview) => unknown;
type Msg<T extends WebviewToHost['type']> = Extract<WebviewToHost, { type: T }>;

const CASES_PAGE_SIZE = 25;

export class CasesController {
  constructor(
    private readonly owner: string,
    private readonly name: string,
    private readonly engagement: EngagementSession,
    private readonly post: Post,
    private readonly log: Logger,
    private readonly drafts: NoteDrafts,
    /** Asked at each read: the settings may name another engagement service meanwhile. */
    private readonly source: () => CasesSource,
    private readonly queue: NoteQueue,
  ) {}

  private get tag(): string {
    return repoTag(this.owner, this.name);
  }

  /** The client of the repository's engagement service; `write` (what failed, worded for the user) when a change asks: it is told why it cannot be done. */
  private async client(write?: string): Promise<EngagementClient | undefined> {
    const source = this.source();
    if ('unavailable' in source) {
      this.post({ type: 'casesUnavailable', message: source.unavailable });
      if (write) this.post({ type: 'actionFailed', message: `${write}: ${source.unavailable}` });
      return undefined;
    }
    const client = await this.engagement.client(source.serviceUrl).catch((err: unknown) => {
      this.log.warn(`Engagement client: ${errorText(err)}`);
      return undefined;
    });
    if (!client) {
      this.post({ type: 'casesSignedOut' });
      if (write) this.post({ type: 'actionFailed', message: `${write}: ${vscode.l10n.t('You are not signed in to {0}.', source.serviceUrl)}` });
    }
    return client;
  }

  /** The header's counts: the repository's open and arrived cases, as the service counts them. */
  private async counts(client: EngagementClient): Promise<{ Open: number; Arrived: number }> {
    const [open, arrived] = await Promise.all([
      client.searchCases({ with_tag: this.tag, state: 'Open', count: 1 }),
      client.searchCases({ with_tag: this.tag, state: 'Arrived', count: 1 }),
    ]);
    return { Open: open.total, Arrived: arrived.total };
  }

  /** A page of the list (index 0: the list anew, with the header's counts and the create form's choices). */
  async load(m: Msg<'loadCases'>): Promise<void> {
    const client = await this.client();
    if (!client) return;
    try {
      const with_tag = [this.tag, ...(m.filter.pull === null ? [] : [pullTag(m.filter.pull)])];
      const state = m.filter.state === 'all' ? undefined : m.filter.state;
      const page = client.searchCases({ with_tag, state, count: CASES_PAGE_SIZE, index: m.index, order_by: 'update_date', order_dir: 'DESC' });
      const extras =
        m.index === 0
          ? Promise.all([this.counts(client), client.searchContacts({ count: 100, order_by: 'name', order_dir: 'ASC' }), client.listCampaigns()])
          : undefined;
      const [p, more] = await Promise.all([page, extras]);
      // The service answers: notes that waited for it go now.
      const source = this.source();
      if ('serviceUrl' in source) this.queue.answered(source.serviceUrl);
      this.post({
        type: 'cases',
        rows: p.items.map(caseRow),
        index: m.index,
        total: p.total,
        counts: more?.[0] ?? { Open: -1, Arrived: -1 },
        contacts: (more?.[1].items ?? []).map((c) => ({ id: c.id, name: c.name })),
        campaigns: (more?.[2] ?? []).map((c) => c.name),
      });
    } catch (err) {
      this.log.warn(`Cases of ${this.owner}/${this.name}: ${errorText(err)}`);
      this.post({ type: 'casesFailed', message: errorText(err) });
    }
  }

  async open(id: number): Promise<void> {
    await this.act(id, (client) => client.getCase(id), false);
  }

  async addNote(m: Msg<'addNote'>): Promise<void> {
    await this.act(m.id, async (client) => {
      try {
        await client.updateCase(m.id, { notes: [m.text] });
      } catch (err) {
        // An answer (the case gone, a refusal) is the service's words, the draft kept; no answer queues the note.
        const source = this.source();
        if (!('serviceUrl' in source)) throw err;
        if (!(await this.queue.take({ service: source.serviceUrl, caseId: m.id, text: m.text, repo: `${this.owner}/${this.name}` }, err))) throw err;
        await this.drafts.set(m.id, '');
        this.post({ type: 'noteQueued', id: m.id });
        return undefined;
      }
      // Added: the box's draft goes (a failure above keeps it).
      await this.drafts.set(m.id, '');
      return client.getCase(m.id);
    });
  }

  async setState(m: Msg<'setState'>): Promise<void> {
    const client = await this.act(m.id, async (c) => {
      await c.updateCase(m.id, { state: m.state });
      return c.getCase(m.id);
    });
    // The header counts the open and arrived cases: read again from the service, which the case left or joined.
    if (client) {
      await this.counts(client).then(
        (counts) => this.post({ type: 'caseCounts', counts }),
        (err: unknown) => this.log.warn(`Case counts of ${this.owner}/${this.name}: ${errorText(err)}`),
      );
    }
  }

  async changeTags(m: Msg<'changeTags'>): Promise<void> {
    // The repository's own tag is what links the case here: the panel never removes it.
    const remove = m.remove.filter((t) => t !== this.tag);
    await this.act(m.id, async (client) => {
      await client.changeCaseTags(m.id, { add: m.add, remove });
      return client.getCase(m.id);
    });
  }

  /** Creates the case (and its contact, when new) tagged with the repository and the pull request. */
  async create(m: Msg<'createCase'>): Promise<number | undefined> {
    const client = await this.client(vscode.l10n.t('Could not create the case'));
    if (!client) return undefined;
    try {
      const contactId =
        'id' in m.contact
          ? m.contact.id
          : (await client.createContact({ name: m.contact.name, attributes: m.contact.email ? { email: m.contact.email } : {} })).id;
      const tags = [this.tag, ...(m.pull === null ? [] : [pullTag(m.pull)])];
      const created = await client.createCase(contactId, { subject: m.subject, campaign: m.campaign, tags, notes: m.note?.trim() ? [m.note.trim()] : [] });
      this.log.info(`Created case ${created.id} for ${this.owner}/${this.name}`);
      this.post({ type: 'caseCreated', id: created.id });
      this.post({ type: 'caseDetails', details: caseDetails(await client.getCase(created.id)) });
      return created.id;
    } catch (err) {
      this.failed(vscode.l10n.t('Could not create the case'), err);
      return undefined;
    }
  }

  /**
   * Runs an action on a case (`write`: a change, told why when it cannot be
   * made) and shows the case as it is afterwards; a case deleted elsewhere is
   * said so. The client when the action was done.
   */
  private async act(
    id: number,
    action: (client: EngagementClient) => Promise<Parameters<typeof caseDetails>[0] | undefined>,
    write = true,
  ): Promise<EngagementClient | undefined> {
    const client = await this.client(write ? vscode.l10n.t('Could not update case #{0}', id) : undefined);
    if (!client) return undefined;
    try {
      // Nothing read back (a note queued): the case stays as shown.
      const read = await action(client);
      if (read) this.post({ type: 'caseDetails', details: caseDetails(read), ...this.draftOf(id) });
      return client;
    } catch (err) {
      if (err instanceof EngagementError && err.status === 404) {
        this.post({
          type: 'caseGone',
          id,
          message: vscode.l10n.t('Case #{0} no longer exists; it may have been deleted elsewhere. The list is refreshed.', id),
        });
        return undefined;
      }
      this.failed(vscode.l10n.t('Could not update case #{0}', id), err);
      return undefined;
    }
  }

  /** The case's unsent note, when there is one. */
  private draftOf(id: number): { noteDraft?: string } {
    const text = this.drafts.get(id);
    return text ? { noteDraft: text } : {};
  }

  private failed(what: string, err: unknown): void {
    this.log.warn(`${what}: ${errorText(err)}`);
    this.post({ type: 'actionFailed', message: `${what}: ${errorText(err)}` });
  }
}
