// A page's drawing for the next page's first paint (features/shared/webview/drawnPage.ts):
// copied on its first tabs, as a new page opens, and sent once the page is idle,
// once for drawings in a row, and not at all when over the size kept; its
// controls disabled until the script draws, and what was typed into its box kept.
import assert from 'node:assert/strict';
import {
  disableControls,
  firstRowsOnly,
  FIRST_ROWS,
  goOnTyping,
  sendDrawing,
  showFirstTabs,
  typedInto,
  type DrawnElement,
  type TypingBox,
} from '../../../../../src/features/shared/webview/drawnPage';
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

  it('its controls say they are disabled, with the role their script gives custom elements; native ones keep theirs', () => {
    const controls = [new Fake('vscode-button'), new Fake('vscode-tab-header'), new Fake('button', [], { type: 'button' }), new Fake('a', [], { href: '#' })];
    disableControls(controls);
    assert.deepEqual(
      controls.map((c) => [c.localName, c.attributes.get('aria-disabled'), c.attributes.has('role') ? c.attributes.get('role') : 'no role']),
      [
        ['vscode-button', 'true', 'button'],
        ['vscode-tab-header', 'true', 'tab'],
        ['button', 'true', 'no role'],
        ['a', 'true', 'no role'],
      ],
    );
  });

  describe('what the reader typed into its box before the script drew goes on in the page', () => {
    /** A text box that records its focus and caret. */
    class Box implements TypingBox {
      focused = false;
      caret: [number, number] | undefined;
      constructor(
        public value = '',
        public selectionStart: number | null = null,
        public selectionEnd: number | null = null,
      ) {}
      focus(): void {
        this.focused = true;
      }
      setSelectionRange(start: number, end: number): void {
        this.caret = [start, end];
      }
    }

    it('text typed into the focused box: the text and the caret, given back in the new box', () => {
      const old = new Box('Checked the table', 3, 7);
      const typing = typedInto(old, old);
      assert.deepEqual(typing, { text: 'Checked the table', caret: { start: 3, end: 7 } });
      const drawn = new Box('Checked the table');
      goOnTyping(drawn, typing);
      assert.equal(drawn.focused, true);
      assert.deepEqual(drawn.caret, [3, 7]);
    });

    it('a focused box whose caret the page cannot read: the caret at the end of its text', () => {
      const old = new Box('Checked');
      assert.deepEqual(typedInto(old, old), { text: 'Checked', caret: { start: 7, end: 7 } });
    });

    it('the focus in an empty box is given back; an empty box without it gives nothing', () => {
      const empty = new Box('', 0, 0);
      assert.deepEqual(typedInto(empty, empty), { text: '', caret: { start: 0, end: 0 } });
      assert.equal(typedInto(empty, new Box()), undefined);
    });

    it('text in a box that no longer has the focus: the text, and the new box left without the focus', () => {
      const typing = typedInto(new Box('Checked', 7, 7), undefined);
      assert.deepEqual(typing, { text: 'Checked', caret: undefined });
      const drawn = new Box('Checked');
      goOnTyping(drawn, typing);
      assert.equal(drawn.focused, false);
      assert.equal(drawn.caret, undefined);
    });

    it('no box, before or after: nothing', () => {
      assert.equal(typedInto(null, null), undefined);
      const drawn = new Box();
      goOnTyping(drawn, undefined);
      assert.equal(drawn.focused, false, 'nothing typed: the box left as drawn');
      assert.doesNotThrow(() => goOnTyping(null, { text: 'x', caret: { start: 0, end: 0 } }));
    });
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
