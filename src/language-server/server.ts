// The language server of review comments and Markdown: completion of
// `@login` (participants of the pull request first, then collaborators or
// members) and `#number` (the repository's pull requests and issues), hovers
// over both, and a warning on a login or number that does not exist. It
// knows no service: every fact comes from the extension through the custom
// requests of protocol.ts, and is cached here so completion answers at once.
import {
  CompletionItemKind,
  DiagnosticSeverity,
  MarkupKind,
  TextDocumentSyncKind,
  TextDocuments,
  type CompletionItem,
  type Connection,
  type Diagnostic,
  type Hover,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NOTIFICATIONS, REQUESTS, type IssueRef, type Person, type PersonDetail } from './protocol';
import { findReferences, referenceAt, referenceBefore, type Reference } from './references';
import { StaleCache } from './staleCache';
import { escapeMarkdown } from '../util/viewFormat';

export interface ServerOptions {
  /** How old a cached list may get before it is refreshed in the background. */
  maxAgeMs?: number;
  /** Pause after the last keystroke before diagnostics are computed. */
  diagnosticsDelayMs?: number;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const maxAge = options.maxAgeMs ?? 60_000;
  const people = new StaleCache<Person[]>(maxAge);
  const issues = new StaleCache<IssueRef[]>(maxAge);
  const persons = new StaleCache<PersonDetail | null>(maxAge * 10);
  const issueByNumber = new StaleCache<IssueRef | null>(maxAge);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const peopleOf = (uri: string) => people.get(uri, () => connection.sendRequest<Person[]>(REQUESTS.people, { uri }));
  const issuesOf = (uri: string) => issues.get(uri, () => connection.sendRequest<IssueRef[]>(REQUESTS.issues, { uri }));
  const personOf = (uri: string, login: string) =>
    persons.get(login.toLowerCase(), () => connection.sendRequest<PersonDetail | null>(REQUESTS.person, { uri, login }));
  const issueOf = async (uri: string, number: number): Promise<IssueRef | null> => {
    const listed = (await issuesOf(uri)).find((i) => i.number === number);
    if (listed) return listed;
    return issueByNumber.get(`${uri}#${number}`, () => connection.sendRequest<IssueRef | null>(REQUESTS.issue, { uri, number }));
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['@', '#'] },
      hoverProvider: true,
    },
  }));

  connection.onNotification(NOTIFICATIONS.invalidate, () => {
    for (const c of [people, issues, persons, issueByNumber]) c.clear();
    for (const d of documents.all()) scheduleDiagnostics(d);
  });

  connection.onCompletion(async ({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return [];
    const offset = doc.offsetAt(position);
    const ref = referenceBefore(doc.getText(), offset);
    if (!ref) return [];
    const range = { start: doc.positionAt(ref.start), end: position };
    if (ref.kind === '@') {
      const list = await peopleOf(doc.uri);
      return list.map((p): CompletionItem => ({
        label: `@${p.login}`,
        // LSP has no person kind; the client shows these as users.
        kind: CompletionItemKind.Constant,
        detail: p.name ?? undefined,
        filterText: `@${p.login} ${p.name ?? ''}`,
        // Participants first, then everyone else, each by login.
        sortText: `${p.participant ? '0' : '1'}${p.login.toLowerCase()}`,
        textEdit: { range, newText: `@${p.login}` },
        ...(p.avatarUrl
          ? { documentation: { kind: MarkupKind.Markdown, value: `![](${p.avatarUrl}|width=32,height=32) **${escapeMarkdown(p.name ?? p.login)}**` } }
          : {}),
      }));
    }
    const list = await issuesOf(doc.uri);
    const width = String(Math.max(0, ...list.map((i) => i.number))).length;
    return list.map((i): CompletionItem => ({
      label: `#${i.number}`,
      kind: i.kind === 'pull' ? CompletionItemKind.Reference : CompletionItemKind.Event,
      detail: i.title,
      filterText: `#${i.number} ${i.title}`,
      // Newest (highest number) first.
      sortText: String(10 ** width - i.number).padStart(width + 1, '0'),
      textEdit: { range, newText: `#${i.number}` },
      documentation: { kind: MarkupKind.Markdown, value: issueMarkdown(i) },
    }));
  });

  connection.onHover(async ({ textDocument, position }): Promise<Hover | null> => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return null;
    const ref = referenceAt(doc.getText(), doc.offsetAt(position));
    if (!ref) return null;
    const range = { start: doc.positionAt(ref.start), end: doc.positionAt(ref.end) };
    let value: string;
    if (ref.kind === '@') value = personMarkdown(ref.value, await personOf(doc.uri, ref.value));
    else {
      const issue = await issueOf(doc.uri, Number(ref.value));
      value = issue ? issueMarkdown(issue) : `#${ref.value}: neither an issue nor a pull request of this repository.`;
    }
    return { contents: { kind: MarkupKind.Markdown, value }, range };
  });

  const diagnose = async (doc: TextDocument) => {
    const diagnostics: Diagnostic[] = [];
    const refs = findReferences(doc.getText());
    const results = await Promise.all(
      refs.map(async (r): Promise<[Reference, boolean]> => {
        try {
          return [r, r.kind === '@' ? (await personOf(doc.uri, r.value)) !== null : (await issueOf(doc.uri, Number(r.value))) !== null];
        } catch {
          // The extension could not tell (signed out, offline): no warning rather than a wrong one.
          return [r, true];
        }
      }),
    );
    for (const [r, exists] of results) {
      if (exists) continue;
      diagnostics.push({
        range: { start: doc.positionAt(r.start), end: doc.positionAt(r.end) },
        severity: DiagnosticSeverity.Warning,
        source: 'RepoDesk',
        code: r.kind === '@' ? 'unknown-user' : 'unknown-issue',
        message: r.kind === '@' ? `No user is named @${r.value}.` : `#${r.value} is neither an issue nor a pull request of this repository.`,
      });
    }
    // Only if the document is still the one diagnosed.
    if (documents.get(doc.uri)?.version === doc.version) await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };

  const scheduleDiagnostics = (doc: TextDocument) => {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        void diagnose(doc).catch(() => undefined);
      }, options.diagnosticsDelayMs ?? 300),
    );
  };

  documents.onDidChangeContent((e) => scheduleDiagnostics(e.document));
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  documents.listen(connection);
  connection.listen();
}

function personMarkdown(login: string, p: PersonDetail | null): string {
  if (!p) return `@${escapeMarkdown(login)}: no such user.`;
  const lines = [`**${escapeMarkdown(p.name || p.login)}** @${escapeMarkdown(p.login)}`];
  if (p.company) lines.push(escapeMarkdown(p.company));
  if (p.publicRepos !== undefined) lines.push(p.publicRepos === 1 ? '1 public repository' : `${p.publicRepos} public repositories`);
  return lines.join('\n\n');
}

function issueMarkdown(i: IssueRef): string {
  // An issue known only to exist (the service lists no issues) has no title, state or author.
  const facts = [
    i.kind === 'pull' ? 'Pull request' : 'Issue',
    i.state ? escapeMarkdown(i.state) : '',
    i.author ? `by @${escapeMarkdown(i.author)}` : '',
  ].filter(Boolean);
  return `**#${i.number}${i.title ? ` ${escapeMarkdown(i.title)}` : ''}**\n\n${facts.join(' · ')}`;
}
