// One way to host a webview panel, for every panel RepoDesk shows: one panel
// per key (a repository, a pull request), revealed when asked for again,
// restored after a window reload (registerWebviewPanelSerializer), with the
// page of webviewHtml.ts. Messages both ways are checked against zod schemas
// (loaded with the first panel):
// an unknown or malformed message is logged and ignored, never acted on. The
// host makes every request; nothing secret is ever posted.
import * as vscode from 'vscode';
import { errorText } from '../failure';
import type { Logger } from '../log/outputLog';
import type { PageHeading } from './webviewHtml';

/** A schema that checks a message (a zod or zod/mini schema is one). */
interface MessageSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export interface PanelSpec<In, Out> {
  viewType: string;
  /** The bundle's script and stylesheets, in dist/webview/. */
  script: string;
  /** Linked after the page's first content (see webviewHtml.ts): the icon font's, whose font the page asks for by URL. */
  styles: readonly string[];
  /** Written into the page: what its first paint needs (read once, with the first panel). */
  inlineStyles?: readonly string[];
  icon?: vscode.Uri | { readonly light: vscode.Uri; readonly dark: vscode.Uri };
  /** Keeps a hidden panel's page alive (see the feature's reason). */
  retainContextWhenHidden?: boolean;
  /**
   * The schemas of the messages, loaded with the first panel (a feature's
   * schemas and zod's code for them are not read at activation).
   */
  messages: () => MessageSchemas<In, Out> | Promise<MessageSchemas<In, Out>>;
  /**
   * Messages a new page of this key gets in its HTML, drawn before it says
   * 'ready' (what it showed when it was last open: messages posted then, so
   * checked then).
   */
  firstMessages?: (key: string) => readonly Out[] | undefined;
  /**
   * The page of this key as it was last drawn (markup its script sent), shown by a new page at its first paint in
   * place of its heading, until its script draws it again from its first messages.
   */
  firstDrawing?: (key: string) => string | undefined;
}

interface MessageSchemas<In, Out> {
  /** Messages the webview may send. */
  incoming: MessageSchema<In>;
  /** Messages the host may post (checked too: a host bug is logged, not shown as a broken page). */
  outgoing: MessageSchema<Out>;
}

/** One open panel, as a feature drives it. */
export interface HostedPanel<In, Out> {
  readonly key: string;
  readonly panel: vscode.WebviewPanel;
  /** When the host made the panel, or was handed a restored one (epoch ms): the overview benchmark's first mark. */
  readonly madeAt: number;
  /** Posts a message (dropped with a log line if it does not match the schema). */
  post(message: Out): Promise<boolean>;
  readonly onMessage: vscode.Event<In>;
  /** Every message posted, for tests that check what the host sends. */
  readonly onDidPost: vscode.Event<Out>;
  /** What the page was given in its HTML (spec.firstMessages), before any post. */
  readonly given: readonly Out[];
  /** Handles a message as if the webview had sent it (validated the same way); tests drive the panel with it. */
  receive(message: unknown): void;
}

/**
 * What a feature does with a panel: start it (new or restored after a
 * reload). A feature whose code loads on first use returns a promise; the
 * webview's messages wait for it.
 */
/** What a new page shows before its script has run, and the messages it draws first. */
export interface FirstContent<Out> {
  given?: readonly Out[];
  heading?: PageHeading | undefined;
  /** The page as last drawn (PanelSpec.firstDrawing): shown in place of the heading. */
  drawing?: string | undefined;
}

/** Writes a page of this kind for a panel: its key and what it shows first. */
export type PageWriter = (panel: vscode.WebviewPanel, panelKey: string, first: FirstContent<unknown>) => string;

export type PanelStarter<In, Out> = (hosted: HostedPanel<In, Out>) => vscode.Disposable | Promise<vscode.Disposable>;

export class WebviewPanels<In, Out> implements vscode.Disposable {
  private readonly open = new Map<string, HostedPanel<In, Out>>();
  private readonly root: vscode.Uri;
  private readonly registration: vscode.Disposable;
  /** What writes this kind's pages, once loaded (prepare): a panel made then is written at once, as it is made. */
  private writePage: PageWriter | undefined;
  private writing: Promise<PageWriter> | undefined;

  constructor(
    context: vscode.ExtensionContext,
    private readonly log: Logger,
    private readonly spec: PanelSpec<In, Out>,
    private readonly start: PanelStarter<In, Out>,
  ) {
    this.root = vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview');
    this.registration = vscode.window.registerWebviewPanelSerializer(spec.viewType, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const key = typeof state === 'object' && state !== null ? (state as { panelKey?: unknown }).panelKey : undefined;
        if (typeof key !== 'string' || this.open.has(key)) {
          panel.dispose();
          return;
        }
        this.adopt(panel, key);
      },
    });
  }

  /** The panel of a key, if open. */
  get(key: string): HostedPanel<In, Out> | undefined {
    return this.open.get(key);
  }

  /**
   * Reveals the panel of `key`, or opens it; `created` tells which. `preserveFocus` leaves the focus where it is (a
   * click in a view); `heading`, what a new page shows before its script has run (see webviewHtml.ts).
   */
  show(
    key: string,
    title: string,
    column = vscode.ViewColumn.Active,
    preserveFocus = false,
    heading?: PageHeading,
  ): { hosted: HostedPanel<In, Out>; created: boolean } {
    const existing = this.open.get(key);
    if (existing) {
      existing.panel.reveal(column, preserveFocus);
      return { hosted: existing, created: false };
    }
    const panel = vscode.window.createWebviewPanel(this.spec.viewType, title, { viewColumn: column, preserveFocus }, this.options());
    const first = { given: this.spec.firstMessages?.(key) ?? [], heading, drawing: this.spec.firstDrawing?.(key) };
    return { hosted: this.adopt(panel, key, first, true), created: true };
  }

  dispose(): void {
    this.registration.dispose();
    for (const p of [...this.open.values()]) p.panel.dispose();
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      localResourceRoots: [this.root],
      enableFindWidget: true,
      retainContextWhenHidden: this.spec.retainContextWhenHidden ?? false,
    };
  }

  /**
   * Loads what writes this kind's pages (a chunk, and the page's own stylesheets read), so that a panel made later
   * has its page at once, as VS Code makes its frame. The first panel loads it too.
   */
  prepare(): Promise<PageWriter> {
    const { spec, log, root } = this;
    this.writing ??= import('./pageWriter.js')
      .then((m) => m.pageWriter(root, spec, (text) => log.warn(`${spec.viewType}: ${text}`)))
      .then(
        (writer) => (this.writePage = writer),
        (err: unknown) => {
          // Tried again by the next panel.
          this.writing = undefined;
          throw err;
        },
      );
    return this.writing;
  }

  private adopt(panel: vscode.WebviewPanel, key: string, first: FirstContent<Out> = {}, made = false): HostedPanel<In, Out> {
    const { spec, log } = this;
    const given = first.given ?? [];
    // A restored panel gets this version's options; a panel made here has them already.
    if (!made) panel.webview.options = this.options();
    if (spec.icon) panel.iconPath = spec.icon;
    const messages = new vscode.EventEmitter<In>();
    const posted = new vscode.EventEmitter<Out>();
    // Messages that arrive while the feature's code is still loading wait here.
    let waiting: In[] | undefined;
    // What the host posts before its page has said 'ready' (the page would
    // not get it: the host starts reading while the page boots) waits here,
    // and follows what the host answers to 'ready'.
    let early: Array<{ message: Out; delivered: (ok: boolean) => void }> | undefined = [];
    const deliver = (message: Out): Thenable<boolean> => {
      posted.fire(message);
      return panel.webview.postMessage(message);
    };
    const dispatch = (message: In) => {
      const saysReady = early !== undefined && (message as { type?: unknown }).type === 'ready';
      const held = saysReady ? early! : [];
      if (saysReady) early = undefined;
      messages.fire(message);
      for (const e of held) deliver(e.message).then(e.delivered, () => e.delivered(false));
    };
    // Messages in either direction wait, in order, for the schemas that check them (loaded after the panel is sent).
    let schemas: MessageSchemas<In, Out> | undefined;
    const schemasLoaded = afterSent()
      .then(() => spec.messages())
      .then((loaded) => (schemas = loaded));
    schemasLoaded.catch((err: unknown) => log.error(`${spec.viewType}: its message schemas did not load: ${errorText(err)}`));
    const receive = (raw: unknown) => {
      if (!schemas) {
        void schemasLoaded.then(() => receive(raw));
        return;
      }
      const parsed = schemas.incoming.safeParse(raw);
      if (!parsed.success) {
        log.warn(`${spec.viewType}: ignored a message from the webview: ${issueText(parsed.error)}`);
        return;
      }
      if (waiting) waiting.push(parsed.data);
      else dispatch(parsed.data);
    };
    const hosted: HostedPanel<In, Out> = {
      key,
      panel,
      madeAt: Date.now(),
      onMessage: messages.event,
      onDidPost: posted.event,
      given,
      receive,
      post: async (message) => {
        // Once the schemas are here, checked at once: a post answering 'ready' goes before what was held.
        const parsed = (schemas ?? (await schemasLoaded)).outgoing.safeParse(message);
        if (!parsed.success) {
          log.error(`${spec.viewType}: did not post a malformed message: ${issueText(parsed.error)}`);
          return false;
        }
        if (early) {
          const held = early;
          return new Promise<boolean>((delivered) => held.push({ message, delivered }));
        }
        return deliver(message);
      },
    };
    this.open.set(key, hosted);
    let disposed = false;
    const subscriptions: vscode.Disposable[] = [panel.webview.onDidReceiveMessage(receive), messages, posted];
    panel.onDidDispose(() => {
      disposed = true;
      if (this.open.get(key) === hosted) this.open.delete(key);
      for (const s of subscriptions) s.dispose();
    });
    const write = (writePage: PageWriter) => {
      if (!disposed) panel.webview.html = writePage(panel, key, first);
    };
    // The page itself is written by a chunk loaded with the first panel (or by prepare), not at activation.
    const written = this.writePage
      ? Promise.resolve(write(this.writePage))
      : this.prepare().then(write, (err: unknown) => log.error(`${spec.viewType}: its page could not be written`, err));
    // The feature starts once its page is written and sent: the page's frame is VS Code's longest wait, and the
    // feature's code (a chunk the first panel loads) would otherwise be read and compiled before the page goes to
    // VS Code. The page's messages cannot come before it is written; they wait here until the feature has started.
    waiting = [];
    written
      .then(afterSent)
      .then(() => this.start(hosted))
      .then(
        (d) => {
          if (disposed) d.dispose();
          else subscriptions.push(d);
          const queued = waiting ?? [];
          waiting = undefined;
          for (const m of queued) dispatch(m);
        },
        (err: unknown) => {
          waiting = undefined;
          log.error(`${spec.viewType}: the panel could not start: ${errorText(err)}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('The panel could not start: {0}', errorText(err)));
        },
      );
    return hosted;
  }
}

/**
 * Resolves after what this turn sent to VS Code has gone. The extension host sends its calls (a new panel, its page)
 * on a timer once the current turn ends, and a promise's callbacks are part of that turn: a chunk imported there is
 * compiled first (the overview's took ~25 ms of a click, before its panel and page were sent). A timer set now fires
 * after that one.
 */
function afterSent(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

function issueText(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join('.') || '(message)'}: ${issue?.message ?? 'invalid'}`;
}
