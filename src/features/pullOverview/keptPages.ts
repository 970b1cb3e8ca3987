// The last page shown of each pull request (per account): its first messages,
// written into the HTML of a page opened again so that it draws at once (then
// reads again, as any page does), and the page as it drew them (its markup),
// shown at that page's first paint before its script has loaded (~100–200 ms).
// The most recent pages with their drawing are also kept on disk (PageFiles),
// so that a page opened in a later window (after a reload or a restart) does
// the same; an account's are deleted when it signs out.
import { lru } from 'tiny-lru';
import type { HostToWebview, WebviewToHost } from './model/messages';
import type { HostedPanel } from '../shared/panels/webviewPanels';
import type { Logger } from '../shared/log/outputLog';
import { DRAWN_PAGE_MAX_CHARS } from '../../util/drawnPageLimit';

/** How many pull requests' last pages are kept for a page opened again. */
const KEPT_PAGES = 20;
/** And how many of their drawings (up to DRAWN_PAGE_MAX_CHARS each), and pages on disk: the most recently drawn. */
export const KEPT_DRAWINGS = 8;

/** One file a page: its name says nothing of it (a hash), its text is a SavedPage's JSON. */
export interface PageFiles {
  /** The files' names, the most recently written first. */
  list(): Promise<string[]>;
  read(name: string): Promise<string | undefined>;
  write(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** A name for the page kept as `at` (the same each time). */
  nameOf(at: string): Promise<string>;
}

interface SavedPage {
  at: string;
  messages: HostToWebview[];
  drawing: string;
}

/** Checks a saved page's messages as the host checks what it posts (the file may be from another version, or damaged). */
export type CheckMessages = (messages: unknown) => messages is HostToWebview[];

export class KeptPages {
  private readonly messages = lru<HostToWebview[]>(KEPT_PAGES);
  private readonly drawings = lru<string>(KEPT_DRAWINGS);
  /** The files written or read, by the page they keep. */
  private readonly names = new Map<string, string>();
  private loading: Promise<void> | undefined;
  private saving = Promise.resolve();

  constructor(
    /** The account in use now (the pages are kept under it). */
    private readonly accountId: () => string | undefined,
    private readonly log: Logger,
    private readonly files?: { store: PageFiles; check: CheckMessages },
  ) {}

  private at(key: string, account = this.accountId()): string {
    return `${account ?? ''}\n${key}`;
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
      const messages = this.messages.get(at);
      if (messages) void this.save({ at, messages, drawing: m.html });
    });
  }

  /** Reads the pages kept on disk into memory (once; again after clear), under what is kept already. */
  load(): Promise<void> {
    this.loading ??= this.readFiles().catch((err: unknown) => this.log.debug(`Pull overview: kept pages not read: ${String(err)}`));
    return this.loading;
  }

  private async readFiles(): Promise<void> {
    const { files } = this;
    if (!files) return;
    // Oldest first, so that the most recent ends up the most recently used.
    const names = (await files.store.list()).slice(0, KEPT_DRAWINGS).reverse();
    let dropped = 0;
    for (const name of names) {
      const page = parsePage(await files.store.read(name), files.check);
      if (!page) {
        dropped++;
        await files.store.remove(name);
        continue;
      }
      this.names.set(page.at, name);
      if (this.messages.has(page.at)) continue;
      this.messages.set(page.at, page.messages);
      this.drawings.set(page.at, page.drawing);
    }
    this.log.debug(`Pull overview: ${names.length - dropped} kept pages read from disk${dropped ? `, ${dropped} damaged deleted` : ''}`);
  }

  /**
   * Reads the one page of `key` from disk, unless it is in memory: a click that comes before the files are read
   * (load, a moment after start-up) has its drawing all the same. A missing or damaged file gives nothing (load
   * deletes a damaged one); a page kept in this window meanwhile stays.
   */
  async read(key: string): Promise<void> {
    const at = this.at(key);
    const { files } = this;
    if (!files || this.messages.has(at)) return;
    const name = await files.store.nameOf(at);
    const page = parsePage(await files.store.read(name), files.check);
    if (!page || page.at !== at || this.messages.has(at)) return;
    this.names.set(at, name);
    this.messages.set(at, page.messages);
    this.drawings.set(at, page.drawing);
  }

  /** Writes a page, then deletes the files beyond the most recent KEPT_DRAWINGS (one save at a time). */
  private save(page: SavedPage): Promise<void> {
    const { files } = this;
    if (!files) return Promise.resolve();
    this.saving = this.saving
      .then(async () => {
        const name = await files.store.nameOf(page.at);
        await files.store.write(name, JSON.stringify(page));
        this.names.set(page.at, name);
        for (const old of (await files.store.list()).slice(KEPT_DRAWINGS)) await files.store.remove(old);
      })
      .catch((err: unknown) => this.log.debug(`Pull overview: kept page not written: ${String(err)}`));
    return this.saving;
  }

  /** Forgets every page in memory (another account, or signed in again); those on disk are read again on load. */
  clear(): void {
    this.messages.clear();
    this.drawings.clear();
    this.loading = undefined;
  }

  /** Forgets `account`'s pages, in memory and on disk (it signed out). */
  async forgetAccount(account: string): Promise<void> {
    // Every file's page known first (read, or written in this window).
    await this.load();
    await this.saving;
    const prefix = this.at('', account);
    for (const [at, name] of [...this.names]) {
      if (!at.startsWith(prefix)) continue;
      this.names.delete(at);
      await this.files?.store.remove(name).catch(() => undefined);
    }
    this.clear();
  }
}

function parsePage(text: string | undefined, check: CheckMessages): SavedPage | undefined {
  try {
    const page = JSON.parse(text ?? '') as Partial<SavedPage>;
    const fits = typeof page.at === 'string' && typeof page.drawing === 'string' && page.drawing.length <= DRAWN_PAGE_MAX_CHARS;
    return fits && check(page.messages) ? (page as SavedPage) : undefined;
  } catch {
    return undefined;
  }
}
