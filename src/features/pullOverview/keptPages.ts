// The last page shown of each pull request (per account): its first messages,
// written into the HTML of a page opened again so that it draws at once (then
// reads again, as any page does), and the page as it drew them (its markup),
// shown at that page's first paint before its script has loaded (~100–200 ms).
// Forgotten on sign-in and sign-out.
import { lru } from 'tiny-lru';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import type { Logger } from '../shared/log/outputLog';

/** How many pull requests' last pages are kept for a page opened again. */
const KEPT_PAGES = 20;
/** And how many of their drawings (up to DRAWN_PAGE_MAX_CHARS each): the most recently drawn. */
const KEPT_DRAWINGS = 8;

export class KeptPages {
  private readonly messages = lru<HostToWebview[]>(KEPT_PAGES);
  private readonly drawings = lru<string>(KEPT_DRAWINGS);

  constructor(
    /** The account in use now (the pages are kept under it). */
    private readonly accountId: () => string | undefined,
    private readonly log: Logger,
  ) {}

  private at(key: string): string {
    return `${this.accountId() ?? ''}\n${key}`;
  }

  /** The first messages of a new page of `key`. */
  firstMessages(key: string): HostToWebview[] | undefined {
    return this.messages.get(this.at(key));
  }

  /** Its drawing: only with its messages, which its script draws over it. */
  firstDrawing(key: string): string | undefined {
    const at = this.at(key);
    return this.messages.has(at) ? this.drawings.get(at) : undefined;
  }

  /** Keeps what `hosted` is posted (a page with its conversation) and the drawings it sends. */
  keep(hosted: HostedPanel<WebviewToHost, HostToWebview>): void {
    const at = this.at(hosted.key);
    let init: HostToWebview | undefined;
    hosted.onDidPost((m) => {
      if (m.type === 'init') init = m;
      // A page with its conversation (as many rows as it shows).
      else if (m.type === 'model' && init && !m.model.conversation.loading) this.messages.set(at, [init, m]);
    });
    hosted.onMessage((m) => {
      if (m.type !== 'drawing') return;
      this.drawings.set(at, m.html);
      this.log.debug(`Pull overview: kept its drawing (${m.html.length} characters)`);
    });
  }

  clear(): void {
    this.messages.clear();
    this.drawings.clear();
  }
}
