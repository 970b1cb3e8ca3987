// The last page shown of each pull request (features/pullOverview/keptPages.ts):
// its first messages once it was posted a model with its conversation, its
// drawing only beside them, both under the account in use, both forgotten at once.
import assert from 'node:assert/strict';
import { KEPT_DRAWINGS, KeptPages, type PageFiles } from '../../../../src/features/pullOverview/keptPages';
import { DRAWN_PAGE_MAX_CHARS } from '../../../../src/util/drawnPageLimit';
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

/** Files in memory: the most recently written listed first. */
function memoryFiles() {
  const files = new Map<string, { text: string; at: number }>();
  let clock = 0;
  const store: PageFiles = {
    list: async () => [...files].sort((a, b) => b[1].at - a[1].at).map(([name]) => name),
    read: async (name) => files.get(name)?.text,
    write: async (name, text) => void files.set(name, { text, at: ++clock }),
    remove: async (name) => void files.delete(name),
    nameOf: async (at) => `page ${at.replace('\n', ' ')}`,
  };
  return { store, files };
}

/** Messages as the host posts them: an init and a model (the test's stand-in for the schema's check). */
const check = (m: unknown): m is HostToWebview[] => Array.isArray(m) && m.length === 2 && (m[0] as HostToWebview).type === 'init';

function setUp(files?: PageFiles) {
  let account: string | undefined = 'ada';
  const logged: string[] = [];
  const log = { debug: (m: string) => logged.push(m) } as unknown as Logger;
  const kept = new KeptPages(() => account, log, files ? { store: files, check } : undefined);
  return { kept, logged, switchTo: (a: string | undefined) => (account = a) };
}

/** A page of `key` drawn whole in `kept`: its model posted, its drawing sent (`<h1>title</h1>`). */
function drawPage(kept: KeptPages, key: string, title: string) {
  const p = panel(key);
  kept.keep(p.hosted);
  p.post(init);
  p.post(model(title));
  p.send({ type: 'drawing', html: `<h1>${title}</h1>` });
  return p;
}

/** Lets the saves a drawing queued finish: the memory files answer at once, so every await of theirs runs before the next macrotask. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    drawPage(kept, KEY, 'Tables');
    switchTo('grace');
    assert.equal(kept.firstMessages(KEY), undefined);
    assert.equal(kept.firstDrawing(KEY), undefined);
    switchTo('ada');
    assert.equal(kept.firstDrawing(KEY), '<h1>Tables</h1>');
    assert.equal(kept.firstMessages('analytical-engines/difference-engine#2'), undefined, 'another pull request has none');
  });

  it('clear forgets the messages and the drawings', () => {
    const { kept } = setUp();
    const p = drawPage(kept, KEY, 'Tables');
    kept.clear();
    assert.equal(kept.firstMessages(KEY), undefined);
    p.post(model('whole again'));
    assert.equal(kept.firstDrawing(KEY), undefined, 'the drawing is gone with them');
  });

  describe('on disk, for a later window', () => {
    it('a page drawn is written with its messages and drawing; a later window reads it and gives both for its key', async () => {
      const disk = memoryFiles();
      const first = setUp(disk.store).kept;
      drawPage(first, KEY, 'Tables');
      await settled();
      assert.equal(disk.files.size, 1);
      const later = setUp(disk.store).kept;
      assert.equal(later.firstDrawing(KEY), undefined, 'nothing before it is read');
      await later.load();
      assert.equal(later.firstDrawing(KEY), '<h1>Tables</h1>');
      assert.equal(titleOf(later.firstMessages(KEY)), 'Tables');
    });

    it('read(key) before the files are read: that page alone read from disk, given at once; no file, nothing', async () => {
      const disk = memoryFiles();
      const first = setUp(disk.store).kept;
      drawPage(first, KEY, 'Tables');
      drawPage(first, 'o/r#2', 'other');
      await settled();
      const later = setUp(disk.store).kept;
      const reads: string[] = [];
      const read = disk.store.read;
      disk.store.read = async (name) => (reads.push(name), read(name));
      await later.read(KEY);
      assert.deepEqual(reads, [`page ada ${KEY}`], "only the key's file read");
      assert.equal(later.firstDrawing(KEY), '<h1>Tables</h1>');
      assert.equal(titleOf(later.firstMessages(KEY)), 'Tables');
      assert.equal(later.firstDrawing('o/r#2'), undefined, 'another page waits for load');
      await later.read('o/r#3');
      assert.equal(later.firstMessages('o/r#3'), undefined, 'a page never kept: nothing');
      await later.read(KEY);
      assert.equal(reads.length, 2, 'a page in memory is not read again');
    });

    it("read(key): a page kept in this window stays; a damaged file, another account's page or no files give nothing", async () => {
      const disk = memoryFiles();
      const old = setUp(disk.store).kept;
      drawPage(old, KEY, 'on disk');
      await settled();
      const { kept } = setUp(disk.store);
      drawPage(kept, KEY, 'this window');
      await kept.read(KEY);
      assert.equal(kept.firstDrawing(KEY), '<h1>this window</h1>');
      // Kept while the file was being read: the file does not replace it.
      const racing = setUp(disk.store).kept;
      const reading = racing.read(KEY);
      drawPage(racing, KEY, 'meanwhile');
      await reading;
      assert.equal(racing.firstDrawing(KEY), '<h1>meanwhile</h1>');

      await disk.store.write(`page ada o/r#2`, '{"at": ');
      await disk.store.write(`page ada o/r#3`, JSON.stringify({ at: 'grace\no/r#3', messages: [init, model('grace’s')], drawing: '<h1>grace’s</h1>' }));
      const fresh = setUp(disk.store).kept;
      await fresh.read('o/r#2');
      await fresh.read('o/r#3');
      assert.equal(fresh.firstMessages('o/r#2'), undefined, 'damaged');
      assert.equal(fresh.firstMessages('o/r#3'), undefined, "a file holding another account's page");
      const none = setUp().kept;
      await none.read(KEY);
      assert.equal(none.firstMessages(KEY), undefined, 'no files');
    });

    it('a page without its drawing is not written (its messages alone stay in memory)', async () => {
      const disk = memoryFiles();
      const { kept } = setUp(disk.store);
      const p = panel();
      kept.keep(p.hosted);
      p.post(init);
      p.post(model('whole'));
      await settled();
      assert.equal(disk.files.size, 0);
    });

    it(`at most ${KEPT_DRAWINGS} pages on disk: the oldest file goes when one more is written`, async () => {
      const disk = memoryFiles();
      const { kept } = setUp(disk.store);
      for (let n = 1; n <= KEPT_DRAWINGS + 2; n++) {
        drawPage(kept, `o/r#${n}`, `page ${n}`);
        await settled();
      }
      assert.equal(disk.files.size, KEPT_DRAWINGS);
      const later = setUp(disk.store).kept;
      await later.load();
      assert.equal(later.firstDrawing('o/r#1'), undefined);
      assert.equal(later.firstDrawing('o/r#2'), undefined);
      assert.equal(later.firstDrawing('o/r#3'), '<h1>page 3</h1>');
      assert.equal(later.firstDrawing(`o/r#${KEPT_DRAWINGS + 2}`), `<h1>page ${KEPT_DRAWINGS + 2}</h1>`);
    });

    it('a damaged file, messages that fail the check, or a drawing over the size kept: deleted when read, nothing given', async () => {
      const disk = memoryFiles();
      const good = { at: `ada\n${KEY}`, messages: [init, model('ok')], drawing: '<h1>ok</h1>' };
      await disk.store.write('not json', '{"at": ');
      await disk.store.write('bad messages', JSON.stringify({ ...good, at: 'ada\no/r#2', messages: [model('no init')] }));
      await disk.store.write('too big', JSON.stringify({ ...good, at: 'ada\no/r#3', drawing: 'x'.repeat(DRAWN_PAGE_MAX_CHARS + 1) }));
      await disk.store.write('no drawing', JSON.stringify({ ...good, at: 'ada\no/r#4', drawing: undefined }));
      await disk.store.write('good', JSON.stringify(good));
      const { kept } = setUp(disk.store);
      await kept.load();
      assert.deepEqual([...disk.files.keys()], ['good']);
      assert.equal(kept.firstDrawing(KEY), '<h1>ok</h1>');
      for (const n of [2, 3, 4]) assert.equal(kept.firstMessages(`o/r#${n}`), undefined);
    });

    it('read under a page drawn in this window already: the newer one stays', async () => {
      const disk = memoryFiles();
      const old = setUp(disk.store).kept;
      drawPage(old, KEY, 'on disk');
      await settled();
      const { kept } = setUp(disk.store);
      const p = panel();
      kept.keep(p.hosted);
      p.post(init);
      p.post(model('this window'));
      await kept.load();
      assert.equal(titleOf(kept.firstMessages(KEY)), 'this window');
    });

    it('an account signed out: its pages deleted from disk and memory, another account’s kept', async () => {
      const disk = memoryFiles();
      const { kept, switchTo } = setUp(disk.store);
      drawPage(kept, KEY, 'ada’s');
      switchTo('grace');
      drawPage(kept, KEY, 'grace’s');
      await settled();
      assert.equal(disk.files.size, 2);
      await kept.forgetAccount('ada');
      assert.deepEqual([...disk.files.keys()], [`page grace ${KEY}`]);
      await kept.load();
      assert.equal(kept.firstDrawing(KEY), '<h1>grace’s</h1>', 'grace’s read again');
      switchTo('ada');
      assert.equal(kept.firstDrawing(KEY), undefined);
    });

    it('clear forgets memory only: load reads the pages on disk again', async () => {
      const disk = memoryFiles();
      const { kept } = setUp(disk.store);
      drawPage(kept, KEY, 'Tables');
      await settled();
      kept.clear();
      assert.equal(kept.firstDrawing(KEY), undefined);
      await kept.load();
      assert.equal(kept.firstDrawing(KEY), '<h1>Tables</h1>');
    });
    it('a message after init that is no model (a failure) keeps nothing and breaks nothing', () => {
      const { kept } = setUp();
      const p = panel();
      kept.keep(p.hosted);
      p.post(init);
      p.post({ type: 'failed', message: 'Not Found' });
      p.post({ type: 'loading' });
      assert.equal(kept.firstMessages(KEY), undefined);
    });

    it('a drawing before any model is not written to disk', async () => {
      const disk = memoryFiles();
      const { kept } = setUp(disk.store);
      const p = panel();
      kept.keep(p.hosted);
      p.send({ type: 'drawing', html: '<h1>early</h1>' });
      await settled();
      assert.equal(disk.files.size, 0);
    });

    it('without files: loads nothing, writes nothing, logs no failure', async () => {
      const { kept, logged } = setUp();
      await kept.load();
      drawPage(kept, KEY, 'Tables');
      await settled();
      assert.deepEqual(logged, ['Pull overview: kept its drawing (15 characters)']);
    });

    it('logs what it read (and deleted), and a read or a write that failed, with the reason', async () => {
      const disk = memoryFiles();
      await disk.store.write('damaged', 'not json');
      const { kept, logged } = setUp(disk.store);
      drawPage(kept, 'o/r#2', 'two');
      await settled();
      await kept.load();
      assert.ok(logged.includes('Pull overview: 1 kept pages read from disk, 1 damaged deleted'), logged.join(' | '));
      kept.clear();
      await kept.load();
      assert.equal(logged.at(-1), 'Pull overview: 1 kept pages read from disk');
      const failing = { ...disk.store, list: async () => Promise.reject(new Error('EACCES')), write: async () => Promise.reject(new Error('ENOSPC')) };
      const other = setUp(failing);
      await other.kept.load();
      drawPage(other.kept, KEY, 'Tables');
      await settled();
      assert.ok(other.logged.includes('Pull overview: kept pages not read: Error: EACCES'), other.logged.join(' | '));
      assert.ok(other.logged.includes('Pull overview: kept page not written: Error: ENOSPC'), other.logged.join(' | '));
    });

    it(`reads the ${KEPT_DRAWINGS} most recent files only`, async () => {
      const disk = memoryFiles();
      for (let n = 1; n <= KEPT_DRAWINGS + 2; n++)
        await disk.store.write(`f${n}`, JSON.stringify({ at: `ada\no/r#${n}`, messages: [init, model(`page ${n}`)], drawing: `<h1>${n}</h1>` }));
      const { kept } = setUp(disk.store);
      await kept.load();
      assert.equal(kept.firstDrawing('o/r#1'), undefined);
      assert.equal(kept.firstDrawing('o/r#2'), undefined);
      assert.equal(kept.firstDrawing('o/r#3'), '<h1>3</h1>');
      assert.equal(kept.firstDrawing(`o/r#${KEPT_DRAWINGS + 2}`), `<h1>${KEPT_DRAWINGS + 2}</h1>`);
    });

    it('a file whose page names no key, or whose drawing is not text, is deleted; a drawing at the size kept is read', async () => {
      const disk = memoryFiles();
      const page = (at: unknown, drawing: unknown) => JSON.stringify({ at, messages: [init, model('t')], drawing });
      await disk.store.write('no key', page(5, '<h1>x</h1>'));
      await disk.store.write('no text', page('ada\no/r#2', 7));
      await disk.store.write('at the size', page(`ada\n${KEY}`, 'x'.repeat(DRAWN_PAGE_MAX_CHARS)));
      const { kept } = setUp(disk.store);
      await kept.load();
      assert.deepEqual([...disk.files.keys()], ['at the size']);
      assert.equal(kept.firstDrawing(KEY)?.length, DRAWN_PAGE_MAX_CHARS);
    });
  });
});
