// One overview page's state and its reads: what was read and posted, the
// rows shown, and the account it was opened under. The messages of the page
// are answered in overviewMessages.ts; the panel's wiring is overviewPanel.ts.
import * as vscode from 'vscode';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { HostingClient } from '../../hosting';
import { errorText } from '../shared/failure';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import type { PullKey } from '../review/stores/pullReviewComments';
import { loadPage, OVERVIEW_PAGE, type LoadedPage, type PullKeyParts, type Shown } from './overviewLoader';
import { withPending } from './model/pendingItems';
import type { OverviewDeps } from './overviewPanel';

type Model = Extract<HostToWebview, { type: 'model' }>['model'];

export class PullOverviewPage {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  /** The account the page was opened under (see clientNow). */
  readonly accountId: string | undefined;
  /** Its pending review is that account's too: drafts written here stay under it after a switch. */
  readonly pendingKey: PullKey & { accountId: string | undefined };
  /** What the page was given in its HTML (the last page shown of this pull request): drawn already, so posted again only once it changed. */
  readonly given: { model: Model } | undefined;
  disposed = false;
  loaded: LoadedPage | undefined;
  postedJson = '';
  ready = false;
  readAt = 0;
  /** The page's first read, started with the panel while the webview boots; the 'ready' message takes it. */
  firstRead: Promise<void> | undefined;
  // The rows of the Commits and Files tabs and of the conversation shown: a page at first, one more a Load more.
  readonly shown: Shown = { commits: OVERVIEW_PAGE, files: OVERVIEW_PAGE, conversation: OVERVIEW_PAGE };
  // When each step of the page's opening happened (epoch ms), logged once at debug for
  // the overview benchmark (test/bench/pull-overview.mjs), which reads it.
  readonly opening: Record<'panel' | 'started' | 'read' | 'ready' | 'posted', number | undefined> = {
    panel: undefined,
    started: Date.now(),
    read: undefined,
    ready: undefined,
    posted: undefined,
  };
  private loading: Promise<void> | undefined;

  constructor(
    readonly hosted: HostedPanel<WebviewToHost, HostToWebview>,
    readonly deps: OverviewDeps,
    readonly key: PullKeyParts,
  ) {
    const { owner, repo, number } = key;
    const { session } = deps;
    this.opening.panel = hosted.madeAt;
    this.owner = owner;
    this.repo = repo;
    this.number = number;
    // The page reads and writes with the account it was opened under, also after a switch of the one in use;
    // so do the diffs it opens and their threads (with one account there is no other: their URIs name none).
    this.accountId = session.account?.id;
    this.pendingKey = { owner, repo, number, accountId: session.accounts.length > 1 ? this.accountId : undefined };
    // A page opened from its row is titled with the row's title already; a restored one may carry an older title.
    if (!hosted.panel.title.startsWith(`#${number} `)) hosted.panel.title = vscode.l10n.t('Pull Request #{0}', number);
    const given = hosted.given.find((m) => m.type === 'model');
    this.given = given;
    if (given) {
      this.postedJson = JSON.stringify(given.model);
      hosted.panel.title = `#${number} ${given.model.title}`;
      // As many rows as it showed (the user's Load mores): what is read now is that page again.
      for (const list of ['commits', 'files', 'conversation'] as const) this.shown[list] = Math.max(OVERVIEW_PAGE, given.model[list].rows.length);
    }
  }

  clientNow(): HostingClient | undefined {
    const { session } = this.deps;
    return this.accountId === undefined ? session.client : session.clientFor(this.accountId);
  }

  loginNow(): string | undefined {
    const { session } = this.deps;
    return session.accounts.find((a) => a.id === this.accountId)?.login ?? session.login;
  }

  /** Whether a change told for `changed` is this page's pull request. */
  isThis(changed: PullKey): boolean {
    return changed.owner === this.owner && changed.repo === this.repo && changed.number === this.number;
  }

  openingLogged(): void {
    const { opening } = this;
    if (opening.posted !== undefined) return;
    opening.posted = Date.now();
    this.deps.log.debug(
      `Pull overview #${this.number} opening (epoch ms): ${Object.entries(opening)
        .map(([k, v]) => `${k}=${v ?? '-'}`)
        .join(' ')}`,
    );
  }

  post(m: HostToWebview): void {
    if (!this.disposed) void this.hosted.post(m).catch((err: unknown) => this.deps.log.debug(`Pull overview post: ${String(err)}`));
  }

  /** The page model with the pending review's drafts. */
  modelNow(): Model | undefined {
    const { loaded, deps, pendingKey } = this;
    if (!loaded) return undefined;
    const all = deps.pending?.drafts(pendingKey) ?? [];
    const review = all.filter((d) => !d.queued);
    return withPending(
      loaded.model,
      loaded.pull.head.sha,
      deps.pending?.isActive(pendingKey) ? review : undefined,
      all.filter((d) => d.queued),
    );
  }

  /** The page model, posted only when it changed. */
  postModel(): void {
    const model = this.modelNow();
    if (!model) return;
    const json = JSON.stringify(model);
    if (json === this.postedJson) return;
    this.postedJson = json;
    this.post({ type: 'model', model });
  }

  /** One load at a time; a reload asked meanwhile waits for it and runs after. */
  async reload(background: boolean): Promise<void> {
    while (this.loading) await this.loading;
    this.loading = this.load(background).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(background: boolean): Promise<void> {
    const client = this.clientNow();
    if (!client) return this.post({ type: 'failed', message: vscode.l10n.t('Sign in to RepoDesk first.') });
    const { deps, key, hosted, number } = this;
    try {
      const page = await loadPage(
        client,
        deps.store,
        key,
        this.loginNow(),
        deps.avatars,
        background,
        { viewed: deps.viewed?.get(key), suggestionLabel: vscode.l10n.t('Suggested change') },
        { ...this.shown },
        // The first read only: a page drawn already (read before, or given in its HTML) is not drawn again
        // without its conversation.
        this.loaded || this.given
          ? undefined
          : (early) => {
              if (this.disposed || this.loaded) return;
              this.loaded = early;
              hosted.panel.title = `#${number} ${early.model.title}`;
              if (this.ready) this.postModel();
            },
      );
      if (this.disposed) return;
      this.loaded = page;
      this.opening.read ??= Date.now();
      this.readAt = Date.now();
      hosted.panel.title = `#${number} ${page.model.title}`;
      // Before the webview is ready it would not get the message: 'ready' posts it.
      if (!this.ready) return;
      this.postModel();
    } catch (err) {
      if (this.ready) this.post({ type: 'failed', message: errorText(err) });
    }
  }
}
