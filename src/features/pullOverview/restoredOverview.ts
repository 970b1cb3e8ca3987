// An overview tab VS Code restored after a window reload but has not started:
// VS Code restores a hidden webview tab without its page, and hands it to the
// extension (the serializer of WebviewPanels, which starts it under the key
// its page saved) only once the tab is shown. Until then nothing says which
// pull request that tab is, and opening the pull request's page anew would
// make a second tab of it. So before a page is opened anew, a restored tab
// that may be it (its title names the pull request's number) is shown: VS
// Code hands it over, it starts (its page read again) under its key, and the
// command reveals it. Loaded only when a tab is left unstarted.
import * as vscode from 'vscode';

/** How long a shown tab is waited for: VS Code hands it over at once; one that is not (a started page of another repository's same number) is let be. */
const HANDED_OVER_MS = 5_000;

const isOverview = (tab: vscode.Tab, viewType: string): boolean => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType);

/** The tabs that may be this pull request's restored, unstarted page: its title, more such tabs in their group than started pages. */
function candidates(viewType: string, number: number, unreadTitle: string, started: readonly vscode.WebviewPanel[]): vscode.Tab[] {
  const titled = (label: string) => label === unreadTitle || label.startsWith(`#${number} `);
  return vscode.window.tabGroups.all.flatMap((group) => {
    const tabs = group.tabs.filter((t) => isOverview(t, viewType) && titled(t.label));
    return tabs.filter(
      (t) => tabs.filter((o) => o.label === t.label).length > started.filter((p) => p.title === t.label && p.viewColumn === group.viewColumn).length,
    );
  });
}

const GROUP_FOCUS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];

/**
 * Shows the restored tabs that may be the page of pull request `number` (of `viewType`; `unreadTitle`: a page's
 * title before its pull request is read), one by one, until it is open (`isOpen`: its panel, once one is handed
 * over under its key); the focus then goes back to the Pull Requests view if it is to stay there
 * (`preserveFocus`). `started`: the panels started, whose tabs are not restored ones. `onStarted` sets what is
 * told a panel's key when one starts (opened anew or handed over), or unsets it.
 */
export async function showRestored(
  viewType: string,
  number: number,
  unreadTitle: string,
  preserveFocus: boolean,
  started: ReadonlySet<vscode.WebviewPanel>,
  isOpen: () => unknown,
  onStarted: (listener: ((key: string) => void) | undefined) => void,
  frontAtClick: vscode.Tab | undefined,
  log: (line: string) => void,
): Promise<'none' | 'shown' | 'leftBehind'> {
  // Why a click left the page behind, in RepoDesk's log: nothing on screen says it.
  const leftBehind = (when: string) => {
    log(`#${number}: its restored tab is left behind ${when}: “${vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? 'no tab'}” is in front`);
    return 'leftBehind' as const;
  };
  // Called only with more overview tabs than pages started (registerPullOverview.ts): some restored tab is unstarted.
  const panels = [...started];
  let shown = false;
  for (const tab of candidates(viewType, number, unreadTitle, panels)) {
    if (isOpen()) break;
    // The tab API has no reveal: its group made the active one, then its tab opened by its place in it.
    const focusGroup = GROUP_FOCUS[tab.group.viewColumn - 1];
    const index = tab.group.tabs.indexOf(tab);
    if (index < 0 || (!tab.group.isActive && !focusGroup)) continue;
    // The person went on to another tab since the click (the click's handling waited for this code): their tab stays.
    if (!sameTab(vscode.window.tabGroups.activeTabGroup.activeTab, frontAtClick) && !inFront(tab, viewType))
      return leftBehind(`before it was shown (“${frontAtClick?.label ?? 'no tab'}” was in front at the click)`);
    const handedOver = new Promise<void>((resolve) => {
      const done = (key?: string) => {
        clearTimeout(timer);
        onStarted(undefined);
        if (key === undefined) log(`#${number}: the restored tab “${tab.label}” was shown, and not handed over within ${HANDED_OVER_MS} ms`);
        resolve();
      };
      onStarted(done);
      const timer = setTimeout(done, HANDED_OVER_MS);
    });
    if (!tab.group.isActive) await vscode.commands.executeCommand(`workbench.action.focus${focusGroup}EditorGroup`);
    await vscode.commands.executeCommand('workbench.action.openEditorAtIndex', index);
    shown = true;
    await handedOver;
    // The person went on to another tab while VS Code handed this one over: it is not brought to the front again.
    if (!inFront(tab, viewType)) return leftBehind('once handed over');
  }
  // Opening a tab by its place gives it the focus; a click in the view keeps it there.
  if (shown && preserveFocus) await vscode.commands.executeCommand('repodesk.pullRequests.focus');
  return shown ? 'shown' : 'none';
}

/** The active tab is still `tab` (an overview tab of its title in its group). */
function inFront(tab: vscode.Tab, viewType: string): boolean {
  const front = vscode.window.tabGroups.activeTabGroup.activeTab;
  return !!front && isOverview(front, viewType) && front.label === tab.label && front.group.viewColumn === tab.group.viewColumn;
}

/** The same tab: its label in the same group (a tab's object can be replaced as VS Code updates it). */
function sameTab(a: vscode.Tab | undefined, b: vscode.Tab | undefined): boolean {
  return a === b || (!!a && !!b && a.label === b.label && a.group.viewColumn === b.group.viewColumn);
}
