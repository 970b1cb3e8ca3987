// A page's drawing, sent to its host once the page is idle after drawing, so
// that the next page of the same pull request shows it at its first paint
// (webviewHtml.ts), ~100–200 ms before its script has loaded and drawn the same
// again. A new page opens on its first tab: the copy shows that tab, whichever
// one the reader is on, and each list's first rows only (the script draws the
// rest within the same ~200 ms): what a first screen shows, parsed in a few
// milliseconds. Custom elements are copied undefined (their shadow content is
// their script's): the page's stylesheet lays them out until then. Nothing in
// it answers a click until the script draws over it, so its controls say they
// are disabled; what a reader types into its box goes on in the page's own.
import { DRAWN_PAGE_MAX_CHARS } from '../../../util/drawnPageLimit';

/** The rows of each list a drawing keeps: about a screen of the conversation's threads, and of Files and Commits rows. */
export const FIRST_ROWS = 20;

/** What showFirstTabs and firstRowsOnly need of an element (a DOM Element has it). */
export interface DrawnElement {
  readonly localName: string;
  readonly children: ArrayLike<DrawnElement>;
  setAttribute(name: string, value: string): void;
  toggleAttribute(name: string, force: boolean): boolean;
  remove(): void;
}

/** The controls of a drawing: none answers until the page's script has drawn over it. */
const DRAWN_CONTROLS = 'vscode-button, vscode-tab-header, button, a[href]';

/** The roles custom elements take from their script, which a drawing shows before it has run. */
const ROLES: Readonly<Record<string, string>> = { 'vscode-button': 'button', 'vscode-tab-header': 'tab' };

/**
 * Marks each of `controls` disabled (aria-disabled, with the role its script would give it): assistive technology
 * says so, and a click that waits for an enabled control waits for the page's own.
 */
export function disableControls(controls: Iterable<DrawnElement>): void {
  for (const control of controls) {
    control.setAttribute('aria-disabled', 'true');
    const role = ROLES[control.localName];
    if (role) control.setAttribute('role', role);
  }
}

/** Leaves each of `lists` its first `n` children. */
export function firstRowsOnly(lists: Iterable<DrawnElement>, n = FIRST_ROWS): void {
  for (const list of lists) for (const row of Array.from(list.children).slice(n)) row.remove();
}

/** Sets every tab set (vscode-tabs) among `tabSets` on its first tab: its first header active, its other panels hidden. */
export function showFirstTabs(tabSets: Iterable<DrawnElement>): void {
  for (const tabs of tabSets) {
    tabs.setAttribute('selected-index', '0');
    const own = (tag: string) => Array.from(tabs.children).filter((c) => c.localName === tag);
    own('vscode-tab-header').forEach((header, i) => header.toggleAttribute('active', i === 0));
    own('vscode-tab-panel').forEach((panel, i) => panel.toggleAttribute('hidden', i !== 0));
  }
}

/** `root`'s content as markup, on its first tabs, its lists' first rows. */
export function drawingOf(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  showFirstTabs(copy.querySelectorAll('vscode-tabs'));
  firstRowsOnly(copy.querySelectorAll('ol, ul'));
  disableControls(copy.querySelectorAll(DRAWN_CONTROLS));
  return copy.innerHTML;
}

/** A text box as much as typedInto and goOnTyping use (an HTMLTextAreaElement has it). */
export interface TypingBox {
  value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  focus(): void;
  setSelectionRange(start: number, end: number): void;
}

/** Where a reader was in a box: its text, and the caret when it had the focus. */
export interface Typing {
  text: string;
  caret?: { start: number; end: number };
}

/** Where the reader is in `box` (`focused`: the page's focused element), or nothing when it holds no text and has no focus. */
export function typedInto(box: TypingBox | null, focused: unknown): Typing | undefined {
  if (!box) return undefined;
  const caret = box === focused ? { start: box.selectionStart ?? box.value.length, end: box.selectionEnd ?? box.value.length } : undefined;
  return box.value || caret ? { text: box.value, caret } : undefined;
}

/** Gives the focus and the caret back in `box`, the box drawn in place of the one the reader was in. */
export function goOnTyping(box: TypingBox | null, typing: Typing | undefined): void {
  if (!box || !typing?.caret) return;
  box.focus();
  box.setSelectionRange(typing.caret.start, typing.caret.end);
}

/** Runs `task` when the page is idle, or after `waitMs` at the latest. */
const whenIdle = (task: () => void, waitMs: number): void => void requestIdleCallback(task, { timeout: waitMs });

/**
 * Returns `drawn()`, to be called after each drawing: the next time the page is idle (or within `waitMs`), the
 * drawing goes to `send`, unless it is over DRAWN_PAGE_MAX_CHARS. Drawings in a row before then send one.
 */
export function sendDrawing(
  draw: () => string,
  send: (html: string) => void,
  waitMs = 2000,
  idle: (task: () => void, waitMs: number) => void = whenIdle,
): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    idle(() => {
      asked = false;
      const html = draw();
      if (html.length <= DRAWN_PAGE_MAX_CHARS) send(html);
    }, waitMs);
  };
}
