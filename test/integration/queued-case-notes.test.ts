// Case notes written while the engagement service does not answer are queued,
// not lost: ada reads the support cases through a relay in front of the
// emulator's engagement API that can stop answering (connections refused).
// A note added in Insights' Cases tab while it is down is taken from the box,
// drawn in the case's notes marked Queued and counted in the status bar, with
// no error and nothing on the service; once the relay answers again, each
// note is added exactly once, in the order written
// (docs/service-api/engagement/cases §4). A note whose case is gone meanwhile
// (404, docs/service-api/engagement/conventions §6) keeps its text and the
// service's words, to copy or discard.
import * as assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import * as vscode from 'vscode';
import { EngagementClient } from '../../src/engagement/client';
import type { RepoDeskApi } from '../../src/extension';
import type { HostToWebview } from '../../src/features/insights/model/messages';
import { signInAsAdaWithDemoRepository, waitFor } from './views-support';

const OWNER = 'analytical-engines';
const NAME = 'difference-engine';
const KEY = `${OWNER}/${NAME}`;
const REPO_TAG = `repo:${OWNER}/${NAME}`;
const ada = { userName: 'ada', apiKey: 'ada-demo-api-key', password: 'ada-demo-password' };

type Posted<T extends HostToWebview['type']> = Extract<HostToWebview, { type: T }>;
const posted = async () => (await vscode.commands.executeCommand<HostToWebview[]>('repodesk.testing.insights.posted', KEY)) ?? [];
const send = (message: unknown) => vscode.commands.executeCommand('repodesk.testing.insights.send', KEY, message);
const since = async <T extends HostToWebview['type']>(mark: number, type: T) => (await posted()).slice(mark).filter((m): m is Posted<T> => m.type === type);

const queuedStatus = async () => (await vscode.commands.executeCommand<string | undefined>('repodesk.testing.queuedNotesStatus')) ?? '';
const queuedNotes = async () =>
  (await vscode.commands.executeCommand<{ key: string; caseId: number; text: string; error?: string }[]>('repodesk.testing.queuedNotes')) ?? [];

/**
 * An HTTP relay to the emulator that can stop (every connection refused, the
 * open ones cut) and start again on its port; a case in `gone` is answered as
 * the service answers for a case that is not there, or not there for the
 * caller any more (404 with its statusMessage, docs/service-api/engagement/conventions §6, §7).
 */
async function startEngagementRelay(target: URL) {
  const gone = new Set<number>();
  const sockets = new Set<net.Socket>();
  let server: http.Server | undefined;
  let port = 0;
  const relay = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const id = /^\/api\/v2\/case\/(\d+)(?:[/?]|$)/.exec(req.url ?? '')?.[1];
    if (id && gone.has(Number(id))) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, statusMessage: `Case ${id} not found` }));
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  // Already up: nothing to do (a test's clean-up starts it whether or not the test stopped it).
  const up = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      server = http.createServer(relay);
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await up();
  return { url: `http://127.0.0.1:${port}`, up, down, gone };
}

describe('Queued case notes: written while the engagement service does not answer, added once when it does', function () {
  this.timeout(120_000);
  let api: RepoDeskApi;
  let relay: Awaited<ReturnType<typeof startEngagementRelay>>;
  /** The emulator's engagement API straight (another machine's view), not through the relay. */
  const direct = new EngagementClient({ baseUrl: process.env.REPODESK_TEST_EMULATOR_URL!, credentials: ada });
  const config = () => vscode.workspace.getConfiguration('repodesk.engagement');
  let apiUrlBefore: string | undefined;
  const made: number[] = [];
  const errors: string[] = [];
  const originalError = vscode.window.showErrorMessage;
  const originalWarning = vscode.window.showWarningMessage;
  /** The answer to the next modal question (Discard's), else undefined: cancelled. */
  let modalAnswer: string | undefined;
  /** How many modal questions were asked (each answered with modalAnswer). */
  let modalsAsked = 0;

  const notesOnService = async (id: number, text: string) => ((await direct.getCase(id)).notes ?? []).filter((n) => n.text === text);

  /** A case of ada's linked to the demo repository, made on the service, opened in the Cases tab. */
  async function openNewCase(subject: string): Promise<number> {
    const contact = (await direct.searchContacts({ count: 1 })).items[0]!;
    const c = await direct.createCase(contact.id, { subject, tags: [REPO_TAG] });
    made.push(c.id);
    const mark = (await posted()).length;
    await send({ type: 'openCase', id: c.id });
    await waitFor(`case #${c.id} in the Cases tab`, async () => (await since(mark, 'caseDetails')).find((m) => m.details.id === c.id));
    return c.id;
  }

  before(async () => {
    api = await signInAsAdaWithDemoRepository();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    relay = await startEngagementRelay(new URL(process.env.REPODESK_TEST_EMULATOR_URL!));
    apiUrlBefore = config().inspect<string>('apiUrl')?.globalValue;
    await config().update('apiUrl', relay.url, vscode.ConfigurationTarget.Global);
    await api.testing!.engagement.provider.createSessionWith(ada, relay.url);
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      errors.push(m);
      return (originalError as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (m: string, ...rest: unknown[]) => {
      const options = rest[0] as vscode.MessageOptions | undefined;
      if (typeof options === 'object' && options?.modal) {
        modalsAsked++;
        return Promise.resolve(modalAnswer);
      }
      return (originalWarning as (...a: unknown[]) => Thenable<unknown>).call(vscode.window, m, ...rest);
    };
    assert.equal(await vscode.commands.executeCommand('repodesk.insights.show', { owner: OWNER, name: NAME, tab: 'cases' }), KEY);
    await waitFor('the Cases tab read through the relay', async () => (await since(0, 'cases')).length > 0, 60_000);
  });

  // A test that failed while the relay was down leaves it down: the next starts with the service answering.
  afterEach(() => relay.up());

  after(async () => {
    // Nothing left queued for the files after this one (a failed test's notes are discarded as a person would).
    modalAnswer = 'Discard';
    for (const n of await queuedNotes()) await send({ type: 'queuedNote', key: n.key, action: 'discard' });
    await waitFor('the queue empty', async () => (await queuedNotes()).length === 0).catch(() => undefined);
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = originalError;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = originalWarning;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The demo repository's cases as they were: the cases made here are closed and no longer linked to it.
    for (const id of made) {
      await direct.changeCaseTags(id, { remove: [REPO_TAG] });
      await direct.updateCase(id, { state: 'Closed' });
    }
    await api.testing!.engagement.provider.removeSession(`${relay.url}#`);
    await config().update('apiUrl', apiUrlBefore, vscode.ConfigurationTarget.Global);
    await relay.down();
  });

  it('two notes added while it is down are queued, drawn Queued and counted, reach nobody, then are added once each, in order', async () => {
    const stamp = Date.now().toString(36);
    const id = await openNewCase(`Queued notes ${stamp}`);
    const first = `Queued note one ${stamp}`;
    const second = `Queued note two ${stamp}`;

    await relay.down();
    const mark = (await posted()).length;
    await send({ type: 'addNote', id, text: first });
    await waitFor('the first note taken from the box', async () => (await since(mark, 'noteQueued')).some((m) => m.id === id));
    await send({ type: 'addNote', id, text: second });
    const drawn = await waitFor('both drawn in the case’s notes as queued', async () =>
      (await since(mark, 'queuedNotes')).find((m) => m.notes.filter((n) => n.caseId === id).length === 2),
    );
    assert.deepEqual(
      drawn.notes.filter((n) => n.caseId === id).map((n) => [n.text, n.error]),
      [
        [first, undefined],
        [second, undefined],
      ],
      'in the order written, none refused',
    );
    const init = (await posted()).find((m): m is Posted<'init'> => m.type === 'init')!;
    assert.equal(init.strings.queuedNote, 'Queued: posted when the service answers', 'the mark the page draws on them');
    assert.equal(await queuedStatus(), '$(cloud-upload) 2 case notes queued');
    assert.deepEqual(await since(mark, 'actionFailed'), [], 'not a failure to the user');
    assert.deepEqual(errors, [], 'no error notification');
    assert.deepEqual(await notesOnService(id, first), [], 'nothing reached the service');
    assert.deepEqual(await notesOnService(id, second), []);

    // The service answers again: the queue's next try (a backoff of seconds) adds them.
    await relay.up();
    await waitFor('the queue empty', async () => (await queuedStatus()) === '' && (await queuedNotes()).length === 0, 45_000);
    const notes = (await direct.getCase(id)).notes ?? [];
    assert.deepEqual(
      notes.filter((n) => n.text === first || n.text === second).map((n) => n.text),
      [first, second],
      'each added once, in the order written',
    );
    assert.equal(notes.find((n) => n.text === first)!.userName, 'ada');
    // The page reads the case again once its queued notes left: they are the service's now.
    await waitFor('the case drawn with both notes from the service', async () =>
      (await since(mark, 'caseDetails')).some((m) => m.details.id === id && [first, second].every((t) => m.details.notes.some((n) => n.text === t))),
    );
    // Another answer of the service (the list read again) sends nothing more.
    const reread = (await posted()).length;
    await send({ type: 'loadCases', filter: { state: 'all', pull: null }, index: 0 });
    await waitFor('the list read again and drawn', async () => (await since(reread, 'cases')).length > 0);
    assert.equal((await notesOnService(id, first)).length, 1);
    assert.equal((await notesOnService(id, second)).length, 1);
    assert.deepEqual(errors, []);
  });

  it('a note whose case is gone when the service answers keeps its text and the service’s words, to copy or discard', async () => {
    const stamp = Date.now().toString(36);
    const id = await openNewCase(`Gone meanwhile ${stamp}`);
    const text = `Kept though refused ${stamp}`;

    await relay.down();
    const mark = (await posted()).length;
    await send({ type: 'addNote', id, text });
    await waitFor('the note queued', async () => (await queuedNotes()).some((n) => n.text === text));
    assert.equal(await queuedStatus(), '$(cloud-upload) 1 case note queued');
    // Gone for ada on the service meanwhile, as a case deleted elsewhere (or hidden from her) is.
    relay.gone.add(id);

    await relay.up();
    const kept = await waitFor('the refusal kept on the note', async () => (await queuedNotes()).find((n) => n.text === text && n.error), 45_000);
    assert.equal(kept.error, `Case ${id} not found`, 'the service’s own words');
    assert.equal(await queuedStatus(), '$(cloud-upload) 1 case note queued', 'still counted: nothing is dropped');
    const drawn = await waitFor('drawn with the service’s words', async () =>
      (await since(mark, 'queuedNotes')).find((m) => m.notes.some((n) => n.text === text && n.error)),
    );
    assert.equal(drawn.notes.find((n) => n.text === text)!.error, `Case ${id} not found`);
    relay.gone.delete(id);
    assert.deepEqual(await notesOnService(id, text), [], 'nothing added');

    // Copy puts its text on the clipboard; Discard asks, and a No keeps it.
    await vscode.env.clipboard.writeText('');
    await send({ type: 'queuedNote', key: kept.key, action: 'copy' });
    await waitFor('the note’s text on the clipboard', async () => (await vscode.env.clipboard.readText()) === text);
    modalAnswer = undefined;
    const asked = modalsAsked;
    await send({ type: 'queuedNote', key: kept.key, action: 'discard' });
    await waitFor('Discard asked whether to discard', async () => modalsAsked > asked);
    assert.ok(
      (await queuedNotes()).some((n) => n.key === kept.key),
      'kept when Discard is not confirmed',
    );
    modalAnswer = 'Discard';
    await send({ type: 'queuedNote', key: kept.key, action: 'discard' });
    await waitFor('the note discarded once confirmed', async () => (await queuedNotes()).length === 0 && (await queuedStatus()) === '');
    assert.deepEqual(errors, []);
  });
});
