// The last page shown of each pull request (features/pullOverview/keptPages.ts):
// its first messages once it was posted a model with its conversation, its
// drawing only beside them, both under the account in use, both forgotten at once.
import assert from 'node:assert/strict';
import { KeptPages } from '../../../../src/features/pullOverview/keptPages';
import type { HostToWebview, PageModel, WebviewToHost } from '../../../../src/features/pullOverview/model/messages';
import type { HostedPanel } from '../../../../src/features/shared/panels/webviewPanels';
import type { Logger } from '../../../../src/features/shared/log/outputLog';

const KEY = 'analytical-engines/difference-engine#1';

/** A panel whose posts and messages the test makes. */
function panel(key = KEY) {
  const posts: Array<(m: HostToWebview) => void> = [];
  const messages: Array<(m: WebviewToHost) => void> = [];
  const hosted = {
    key,
    onDidPost: (l: (m: HostToWebview) => void) => posts.push(l),
    onMessage: (l: (m: WebviewToHost) => void) => messages.push(l),
  } as unknown as HostedPanel<WebviewToHost, HostToWebview>;
  return {
    hosted,
    post: (m: HostToWebview) => posts.forEach((l) => l(m)),
    send: (m: WebviewToHost) => messages.forEach((l) => l(m)),
  };
}

const init: HostToWebview = { type: 'init', strings: {}, locale: 'en', localFiles: true };
const model = (title: string, loading?: boolean): HostToWebview =>
  ({ type: 'model', model: { title, conversation: { rows: [], ...(loading ? { loading } : {}) } } }) as unknown as HostToWebview;
const titleOf = (m: HostToWebview[] | undefined) => (m?.[1] as { model: PageModel } | undefined)?.model.title;

function setUp() {
  let account: string | undefined = 'ada';
  const logged: string[] = [];
  const log = { debug: (m: string) => logged.push(m) } as unknown as Logger;
  const kept = new KeptPages(() => account, log);
  return { kept, logged, switchTo: (a: string | undefined) => (account = a) };
}

describe('overview pages kept for a page opened again', () => {
  it('a page posted init then a model with its conversation: both kept, the latest model', () => {
    const { kept } = setUp();
    const p = panel();
    kept.keep(p.hosted);
    p.post(init);
    p.post(model('first'));
    p.post(model('second'));
    assert.deepEqual(kept.firstMessages(KEY)?.[0], init);
    assert.equal(titleOf(kept.firstMessages(KEY)), 'second');
  });

  it('a model drawn before its conversation was read, or posted before init, is not kept', () => {
    const { kept } = setUp();
    const p = panel();
    kept.keep(p.hosted);
    p.post(model('before init'));
    assert.equal(kept.firstMessages(KEY), undefined);
    p.post(init);
    p.post(model('loading', true));
    assert.equal(kept.firstMessages(KEY), undefined);
    p.post(model('whole'));
    assert.equal(titleOf(kept.firstMessages(KEY)), 'whole');
  });

  it('a drawing the page sends is kept and given with the messages (logged with its size); without messages, none', () => {
    const { kept, logged } = setUp();
    const p = panel();
    kept.keep(p.hosted);
    p.send({ type: 'drawing', html: '<h1>Tables</h1>' });
    assert.deepEqual(logged, ['Pull overview: kept its drawing (15 characters)']);
    assert.equal(kept.firstDrawing(KEY), undefined, 'no messages to draw over it');
    p.post(init);
    p.post(model('whole'));
    assert.equal(kept.firstDrawing(KEY), '<h1>Tables</h1>');
    p.send({ type: 'refresh' });
    p.send({ type: 'drawing', html: '<h1>Tables, again</h1>' });
    assert.equal(kept.firstDrawing(KEY), '<h1>Tables, again</h1>');
  });

  it('kept under the account in use: another account has none of them', () => {
    const { kept, switchTo } = setUp();
    const p = panel();
    kept.keep(p.hosted);
    p.post(init);
    p.post(model('whole'));
    p.send({ type: 'drawing', html: '<h1>Tables</h1>' });
    switchTo('grace');
    assert.equal(kept.firstMessages(KEY), undefined);
    assert.equal(kept.firstDrawing(KEY), undefined);
    switchTo('ada');
    assert.equal(kept.firstDrawing(KEY), '<h1>Tables</h1>');
    assert.equal(kept.firstMessages('analytical-engines/difference-engine#2'), undefined, 'another pull request has none');
  });

  it('clear forgets the messages and the drawings', () => {
    const { kept } = setUp();
    const p = panel();
    kept.keep(p.hosted);
    p.post(init);
    p.post(model('whole'));
    p.send({ type: 'drawing', html: '<h1>Tables</h1>' });
    kept.clear();
    assert.equal(kept.firstMessages(KEY), undefined);
    p.post(model('whole again'));
    assert.equal(kept.firstDrawing(KEY), undefined, 'the drawing is gone with them');
  });
});
