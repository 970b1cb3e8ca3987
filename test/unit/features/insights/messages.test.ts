// The messages between the Insights host and its webview: one union each
// way; anything else is refused (and so logged and ignored by both sides).
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { hostToWebview, webviewToHost } from '../../../../src/features/insights/model/messages';

/** The message if the schema takes it, else the first field it refuses (as the channel logs it). */
function parseMessage<S extends z.ZodMiniType>(schema: S, value: unknown): { ok: true; message: z.infer<S> } | { ok: false; error: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, message: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: `${issue?.path.map(String).join('.') || '(message)'}: ${issue?.message ?? 'invalid'}` };
}

describe('insights: messages between host and webview', () => {
  it('accepts each request of the webview it knows', () => {
    for (const m of [
      { type: 'ready' },
      { type: 'retryStats' },
      { type: 'signIn' },
      { type: 'loadCases', filter: { state: 'Open', pull: 1 }, index: 25 },
      { type: 'openCase', id: 3 },
      { type: 'createCase', subject: 'S', contact: { id: 2 }, campaign: 'Support', pull: null },
      { type: 'createCase', subject: 'S', contact: { name: 'New person', email: 'n@example.com' }, campaign: 'Support', note: 'first', pull: 1 },
      { type: 'addNote', id: 3, text: 'hello' },
      { type: 'setState', id: 3, state: 'Closed' },
      { type: 'changeTags', id: 3, add: ['pr:2'], remove: ['bug'] },
    ])
      assert.ok(parseMessage(webviewToHost, m).ok, JSON.stringify(m));
  });

  it('refuses unknown types and malformed fields, naming the field', () => {
    assert.deepEqual(parseMessage(webviewToHost, { type: 'deleteEverything' }).ok, false);
    assert.equal(parseMessage(webviewToHost, 'ready').ok, false);
    const badState = parseMessage(webviewToHost, { type: 'setState', id: 3, state: 'Arrived' });
    assert.ok(!badState.ok && badState.error.startsWith('state'));
    const badId = parseMessage(webviewToHost, { type: 'openCase', id: -1 });
    assert.ok(!badId.ok && badId.error.startsWith('id'));
    assert.equal(parseMessage(webviewToHost, { type: 'addNote', id: 3, text: '   ' }).ok, false, 'a blank note');
    assert.equal(
      parseMessage(webviewToHost, { type: 'createCase', subject: 'S', contact: { name: 'N', email: 'not-an-address' }, campaign: 'Support', pull: null }).ok,
      false,
    );
  });

  it('trims what the user typed', () => {
    const r = parseMessage(webviewToHost, { type: 'addNote', id: 3, text: '  note  ' });
    assert.ok(r.ok && r.message.type === 'addNote' && r.message.text === 'note');
  });

  it('accepts the host messages the panel draws from, and refuses a chart of another shape', () => {
    assert.ok(parseMessage(hostToWebview, { type: 'chart', data: { chart: 'participation', weeks: [1_733_616_000], owner: [1], all: [2], others: [1] } }).ok);
    assert.ok(parseMessage(hostToWebview, { type: 'statsPending', chart: 'punchCard', attempt: 1, maxAttempts: 8, nextDelayMs: 500 }).ok);
    assert.ok(parseMessage(hostToWebview, { type: 'init', repo: { owner: 'a', name: 'b' }, strings: {}, locale: 'en' }).ok);
    assert.equal(parseMessage(hostToWebview, { type: 'chart', data: { chart: 'participation', owner: 'many' } }).ok, false);
    assert.equal(parseMessage(hostToWebview, { type: 'chart', data: { chart: 'pie' } }).ok, false);
  });

  it('carries the queued case notes to draw, the box emptied, and a queued note’s Copy or Discard', () => {
    const notes = [
      { key: 'k1', caseId: 3, text: 'later' },
      { key: 'k2', caseId: 3, text: 'gone', error: 'Case 3 not found' },
    ];
    assert.ok(parseMessage(hostToWebview, { type: 'queuedNotes', notes }).ok);
    assert.ok(parseMessage(hostToWebview, { type: 'noteQueued', id: 3 }).ok);
    assert.equal(parseMessage(hostToWebview, { type: 'queuedNotes', notes: [{ key: 'k1', caseId: 0, text: 'x' }] }).ok, false);
    assert.ok(parseMessage(webviewToHost, { type: 'queuedNote', key: 'k1', action: 'copy' }).ok);
    assert.ok(parseMessage(webviewToHost, { type: 'queuedNote', key: 'k1', action: 'discard' }).ok);
    assert.equal(parseMessage(webviewToHost, { type: 'queuedNote', key: 'k1', action: 'send' }).ok, false);
    assert.equal(parseMessage(webviewToHost, { type: 'queuedNote', key: 'k'.repeat(101), action: 'copy' }).ok, false);
  });
});
