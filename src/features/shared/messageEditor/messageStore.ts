// What is written in the message editor, kept in the extension's workspace
// state so that it outlives a window reload: VS Code restores the editor's
// tab after one and reads and writes its file again, and the file must still
// be there (a missing one made VS Code say "Unable to write file …
// (NoPermissions)"). Pure: no vscode import, tested without VS Code.

/** The part of a vscode.Memento the store uses. */
export interface StateLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** How to start again the flow a message was written for (a command and its arguments, plain JSON). */
export interface MessageResume {
  command: string;
  args?: unknown[];
  /** The action's words ("Commit Again…"). */
  title: string;
}

/** A message being written: its file's text, and what it is for. */
export interface OpenMessage {
  /** What the message is for (`commit:owner/repo`): a text kept for the next try is kept under it. */
  key: string;
  /** The tab's title ("Commit message: main"). */
  title: string;
  text: string;
  resume?: MessageResume;
}

/**
 * The path of a message's file: the key as one segment, the title as the file's name (the tab's label). The
 * editor's breadcrumbs show the segment, so it reads as words ("merge:o∕r#3"), not as escapes: only ":", "#"
 * and " " are left as they are, and a "/" is a division slash; anything else stays escaped, so it parses back.
 */
export function messagePath(key: string, title: string): string {
  const segment = encodeURIComponent(key).replace(/%3A/g, ':').replace(/%23/g, '#').replace(/%20/g, ' ').replace(/%2F/g, '\u2215');
  // A "/" in a title (a branch's name) would make folders of it.
  return `/${segment}/${title.replace(/\//g, '\u2215')}`;
}

/** The key and title of a message's path; undefined for a path that is not a message's file (the root, a folder). */
export function parseMessagePath(path: string): { key: string; title: string } | undefined {
  const match = /^\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(match[1]!.replace(/\u2215/g, '%2F'));
  } catch {
    // Not written by messagePath (a path of an earlier version): its segment as it is.
    key = match[1]!;
  }
  return { key, title: match[2]!.replace(/\u2215/g, '/') };
}

const OPEN = 'repodesk.messageEditor.open';
const KEPT = 'repodesk.messageEditor.kept';

/** The texts being written (by path) and the texts kept for the next try (by key), saved on every change. */
export class MessageStore {
  private readonly open: Map<string, OpenMessage>;
  private readonly kept: Map<string, string>;

  constructor(private readonly state: StateLike) {
    this.open = new Map(Object.entries(state.get<Record<string, OpenMessage>>(OPEN) ?? {}));
    this.kept = new Map(Object.entries(state.get<Record<string, string>>(KEPT) ?? {}));
  }

  /** The message at `path`, if one is being written there. */
  message(path: string): OpenMessage | undefined {
    return this.open.get(path);
  }

  paths(): string[] {
    return [...this.open.keys()];
  }

  /** Starts (or takes over) the message at `path`. */
  start(path: string, message: OpenMessage): void {
    this.open.set(path, { ...message });
    this.saveOpen();
  }

  /**
   * The file at `path` written: kept whatever the path (a tab restored after
   * a reload writes a file nothing started; its text is not lost either).
   */
  write(path: string, text: string): void {
    const message = this.open.get(path);
    if (message) {
      if (message.text === text) return;
      message.text = text;
    } else {
      const parsed = parseMessagePath(path);
      if (!parsed) return;
      this.open.set(path, { ...parsed, text });
    }
    this.saveOpen();
  }

  /** The message at `path` is done with (used, kept for the next try, or discarded). */
  end(path: string): OpenMessage | undefined {
    const message = this.open.get(path);
    if (!message) return undefined;
    this.open.delete(path);
    this.saveOpen();
    return message;
  }

  /** The text kept for the next message of `key`. */
  keptText(key: string): string | undefined {
    return this.kept.get(key);
  }

  /** Keeps `text` for the next message of `key`; an empty text drops what was kept (emptied on purpose). */
  keep(key: string, text: string): void {
    if (text.trim()) this.kept.set(key, text);
    else this.kept.delete(key);
    void this.state.update(KEPT, Object.fromEntries(this.kept));
  }

  forget(key: string): void {
    if (!this.kept.delete(key)) return;
    void this.state.update(KEPT, Object.fromEntries(this.kept));
  }

  private saveOpen(): void {
    void this.state.update(OPEN, Object.fromEntries(this.open));
  }
}
