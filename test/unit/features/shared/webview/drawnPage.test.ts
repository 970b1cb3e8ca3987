// A page's drawing for the next page's first paint (features/shared/webview/drawnPage.ts):
// copied on its first tabs, as a new page opens, and sent once the page is idle,
// once for drawings in a row, and not at all when over the size kept.
import assert from 'node:assert/strict';
import { firstRowsOnly, FIRST_ROWS, sendDrawing, showFirstTabs, type DrawnElement } from '../../../../../src/features/shared/webview/drawnPage';
import { DRAWN_PAGE_MAX_CHARS } from '../../../../../src/util/drawnPageLimit';

/** An element with attributes and children, as much as showFirstTabs reads. */
class Fake implements DrawnElement {
  readonly attributes = new Map<string, string>();
  parent: Fake | undefined;
  constructor(
    readonly localName: string,
    readonly children: Fake[] = [],
    attrs: Record<string, string> = {},
  ) {
    for (const [k, v] of Object.entries(attrs)) this.attributes.set(k, v);
    for (const c of children) c.parent = this;
  }
  remove(): void {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = undefined;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  toggleAttribute(name: string, force: boolean): boolean {
    if (force) this.attributes.set(name, '');
    else this.attributes.delete(name);
    return force;
  }
}

/** Tabs on their third tab (the reader's), as vscode-tabs leaves them: header, panel, header, panel… */
function tabsOnThird(): Fake {
  const header = (on: boolean) => new Fake('vscode-tab-header', [], on ? { active: '' } : {});
  const panel = (on: boolean) => new Fake('vscode-tab-panel', [new Fake('ol')], on ? {} : { hidden: '' });
  return new Fake('vscode-tabs', [header(false), panel(false), header(false), panel(false), header(true), panel(true), new Fake('span')], {
    'selected-index': '2',
  });
}

describe('a page drawing for the next page', () => {
  it('copied on the first tab: selected-index 0, the first header alone active, every panel but the first hidden', () => {
    const tabs = tabsOnThird();
    showFirstTabs([tabs]);
    assert.equal(tabs.attributes.get('selected-index'), '0');
    const of = (tag: string) => tabs.children.filter((c) => c.localName === tag);
    assert.deepEqual(
      of('vscode-tab-header').map((h) => h.attributes.has('active')),
      [true, false, false],
    );
    assert.deepEqual(
      of('vscode-tab-panel').map((p) => p.attributes.has('hidden')),
      [false, true, true],
    );
    assert.deepEqual([...tabs.children.at(-1)!.attributes.keys()], [], 'other children as they were');
    assert.deepEqual([...tabs.children[1]!.children[0]!.attributes.keys()], [], 'a panel’s content as it was');
  });

  it('every tab set among those given', () => {
    const sets = [tabsOnThird(), tabsOnThird()];
    showFirstTabs(sets);
    assert.deepEqual(
      sets.map((t) => t.attributes.get('selected-index')),
      ['0', '0'],
    );
  });

  it('each list keeps its first rows, in order; a shorter list keeps all of them', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => new Fake('li', [], { n: String(i) }));
    const long = new Fake('ol', rows(FIRST_ROWS + 60));
    const short = new Fake('ol', rows(3));
    const exact = new Fake('ol', rows(FIRST_ROWS));
    firstRowsOnly([long, short, exact]);
    assert.deepEqual(
      long.children.map((c) => c.attributes.get('n')),
      Array.from({ length: FIRST_ROWS }, (_, i) => String(i)),
    );
    assert.equal(short.children.length, 3);
    assert.equal(exact.children.length, FIRST_ROWS);
    firstRowsOnly([long], 2);
    assert.deepEqual(
      long.children.map((c) => c.attributes.get('n')),
      ['0', '1'],
    );
  });

  describe('sent once the page is idle', () => {
    /** An idle queue the test runs by hand, and what it was asked to wait at most. */
    function idleQueue() {
      const queue: Array<() => void> = [];
      const waits: number[] = [];
      return {
        idle: (task: () => void, waitMs: number) => {
          queue.push(task);
          waits.push(waitMs);
        },
        runAll: () => queue.splice(0).forEach((t) => t()),
        queue,
        waits,
      };
    }

    it('three drawings in a row: drawn and sent once, when idle, with the latest markup', () => {
      const q = idleQueue();
      const sent: string[] = [];
      let markup = 'first';
      let draws = 0;
      const drawn = sendDrawing(
        () => {
          draws++;
          return markup;
        },
        (html) => sent.push(html),
        1500,
        q.idle,
      );
      drawn();
      drawn();
      markup = 'third';
      drawn();
      assert.deepEqual(sent, [], 'nothing before the page is idle');
      assert.equal(q.queue.length, 1);
      assert.deepEqual(q.waits, [1500]);
      q.runAll();
      assert.deepEqual(sent, ['third']);
      assert.equal(draws, 1);
    });

    it('a drawing after one was sent is sent too', () => {
      const q = idleQueue();
      const sent: string[] = [];
      let n = 0;
      const drawn = sendDrawing(
        () => `page ${++n}`,
        (html) => sent.push(html),
        2000,
        q.idle,
      );
      drawn();
      q.runAll();
      drawn();
      q.runAll();
      assert.deepEqual(sent, ['page 1', 'page 2']);
    });

    it('a drawing over the size kept is not sent; one at the size is', () => {
      const q = idleQueue();
      const sent: number[] = [];
      let size = DRAWN_PAGE_MAX_CHARS + 1;
      const drawn = sendDrawing(
        () => 'x'.repeat(size),
        (html) => sent.push(html.length),
        2000,
        q.idle,
      );
      drawn();
      q.runAll();
      assert.deepEqual(sent, []);
      size = DRAWN_PAGE_MAX_CHARS;
      drawn();
      q.runAll();
      assert.deepEqual(sent, [DRAWN_PAGE_MAX_CHARS]);
    });
  });
});
