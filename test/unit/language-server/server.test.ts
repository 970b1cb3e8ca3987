// The review comment language server in Node, through an in-memory
// connection, with a fake extension answering its custom requests:
// completions at @ and #, hovers, and warnings on what does not exist.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createConnection } from 'vscode-languageserver/node';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type CompletionItem,
  type Hover,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { startServer } from '../../../src/language-server/server';
import { NOTIFICATIONS, REQUESTS, type IssueRef, type Person, type PersonDetail } from '../../../src/language-server/protocol';
import { Arrivals } from '../../support/arrivals';

const URI = 'comment://client/repodesk.reviewThreads/1';
const PEOPLE: Person[] = [
  { login: 'mary', name: 'Mary Somerville' },
  { login: 'charles', name: 'Charles Babbage', participant: true, avatarUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
  { login: 'ada', name: 'Ada Lovelace' },
];
const ISSUES: IssueRef[] = [
  { number: 1, title: 'Tabulate polynomials', state: 'open', author: 'charles', kind: 'pull' },
  { number: 4, title: 'Table stops at x = 39', state: 'open', author: 'grace', kind: 'issue' },
];
const DETAILS: Record<string, PersonDetail> = { charles: { login: 'charles', name: 'Charles Babbage', company: 'Analytical Engines', publicRepos: 2 } };

describe('language server: @ and # in review comments (in-memory connection, fake extension)', () => {
  let client: ProtocolConnection;
  const asked: string[] = [];
  const diagnostics = new Arrivals<PublishDiagnosticsParams>();
  let version = 0;

  before(async () => {
    const up = new PassThrough();
    const down = new PassThrough();
    startServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)), { diagnosticsDelayMs: 10 });
    client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
    client.onRequest(REQUESTS.people, () => (asked.push('people'), PEOPLE));
    client.onRequest(REQUESTS.issues, () => (asked.push('issues'), ISSUES));
    client.onRequest(
      REQUESTS.person,
      ({ login }: { login: string }) => (asked.push(`person ${login}`), DETAILS[login] ?? (PEOPLE.some((p) => p.login === login) ? { login } : null)),
    );
    client.onRequest(
      REQUESTS.issue,
      ({ number }: { number: number }) => (
        asked.push(`issue ${number}`),
        number === 7 ? { number: 7, title: 'Old issue', state: 'closed', author: 'ada', kind: 'issue' } : null
      ),
    );
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => diagnostics.push(p));
    client.listen();
    const init = (await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} })) as {
      capabilities: { completionProvider: { triggerCharacters: string[] }; hoverProvider: boolean };
    };
    assert.deepEqual(init.capabilities.completionProvider.triggerCharacters, ['@', '#']);
    assert.equal(init.capabilities.hoverProvider, true);
    await client.sendNotification('initialized', {});
  });

  after(() => client.dispose());

  const open = async (text: string) => {
    version++;
    await client.sendNotification(
      version === 1 ? 'textDocument/didOpen' : 'textDocument/didChange',
      version === 1
        ? { textDocument: { uri: URI, languageId: 'markdown', version, text } }
        : { textDocument: { uri: URI, version }, contentChanges: [{ text }] },
    );
  };
  const complete = async (line: number, character: number) =>
    (await client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position: { line, character } })) as CompletionItem[];
  const hover = async (line: number, character: number) =>
    (await client.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } })) as Hover | null;
  /** The diagnostics of the document's current version, once the server has published them. */
  const latestDiagnostics = (): Promise<PublishDiagnosticsParams> => diagnostics.when((all) => all.filter((d) => d.version === version).at(-1));

  it('@ offers people, participants first, each with name (and avatar when known), inserting the exact @login over what was typed', async () => {
    await open('Thanks @ch');
    const items = await complete(0, 10);
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.deepEqual(
      sorted.map((i) => i.label),
      ['@charles', '@ada', '@mary'],
    );
    const charles = sorted[0]!;
    assert.equal(charles.detail, 'Charles Babbage');
    assert.match((charles.documentation as { value: string }).value, /^!\[\]\(data:image\/svg\+xml;base64,PHN2Zy8\+\|width=32,height=32\)/);
    assert.deepEqual(charles.textEdit, { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 10 } }, newText: '@charles' });
  });

  it('# offers the repository’s pull requests and issues by number and title, newest first', async () => {
    await open('See #');
    const items = await complete(0, 5);
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.deepEqual(
      sorted.map((i) => [i.label, i.detail]),
      [
        ['#4', 'Table stops at x = 39'],
        ['#1', 'Tabulate polynomials'],
      ],
    );
    assert.deepEqual(sorted[1]!.textEdit, { range: { start: { line: 0, character: 4 }, end: { line: 0, character: 5 } }, newText: '#1' });
  });

  it('offers nothing inside code, in an e-mail address or after a # followed by letters', async () => {
    await open('`@ch` mail ada@ex #ab');
    assert.deepEqual(await complete(0, 4), []);
    assert.deepEqual(await complete(0, 17), []);
    assert.deepEqual(await complete(0, 21), []);
  });

  it('answers from its cache: the lists are asked for once however often the user types', async () => {
    const before = asked.filter((a) => a === 'people' || a === 'issues').length;
    await open('@a #');
    await complete(0, 2);
    await complete(0, 4);
    assert.equal(asked.filter((a) => a === 'people' || a === 'issues').length, before);
  });

  it('hovers: a person’s name, company and public repositories; an issue’s title, state and author', async () => {
    await open('Ask @charles about #4');
    const person = await hover(0, 7);
    assert.deepEqual(person?.range, { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } });
    assert.equal((person!.contents as { value: string }).value, '**Charles Babbage** @charles\n\nAnalytical Engines\n\n2 public repositories');
    const issue = await hover(0, 20);
    assert.equal((issue!.contents as { value: string }).value, '**#4 Table stops at x = 39**\n\nIssue · open · by @grace');
    assert.equal(await hover(0, 1), null);
  });

  it('warns on an @login that does not exist and a #number that is neither an issue nor a pull request; an issue outside the list is asked for', async () => {
    await open('Thanks @charles and @nobody-here, see #1, #7 and #99.\n```\n@ghost #123\n```');
    const { diagnostics: found } = await latestDiagnostics();
    assert.deepEqual(
      found.map((d) => [d.message, d.range.start.character, d.range.end.character, d.severity]),
      [
        ['No user is named @nobody-here.', 20, 32, 2],
        ['#99 is neither an issue nor a pull request of this repository.', 49, 52, 2],
      ],
    );
    assert.ok(asked.includes('issue 7') && asked.includes('issue 99'));
    assert.ok(!asked.includes('person ghost'), 'code is not checked');
    await open('All good, @charles.');
    assert.deepEqual((await latestDiagnostics()).diagnostics, []);
  });

  it('invalidate (a new sign-in or pull request) makes it ask again', async () => {
    const before = asked.filter((a) => a === 'people').length;
    await client.sendNotification(NOTIFICATIONS.invalidate);
    await open('@');
    await complete(0, 1);
    assert.equal(asked.filter((a) => a === 'people').length, before + 1);
  });
});
