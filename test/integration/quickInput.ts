// Answers RepoDesk's questions as a person would: waits until the quick input
// is on screen (the runner reads the workbench's page, test/harness/screen.mjs),
// then presses Enter on what it offers first.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** What the person sees of one question. */
export interface ShownQuickInput {
  hides: number;
  title: string;
  placeholder: string;
  rows: string[];
}

async function nextQuickInput(since: number, timeoutMs: number): Promise<ShownQuickInput | undefined> {
  const screen = process.env.REPODESK_TEST_SCREEN_URL;
  assert.ok(screen, 'REPODESK_TEST_SCREEN_URL is not set: these tests read the workbench through the code-server runner (npm run test:integration)');
  const res = await fetch(`${screen}/quick-input?since=${since}&timeoutMs=${timeoutMs}`);
  if (res.status === 204) return undefined;
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as ShownQuickInput;
}

const describe = (q: ShownQuickInput) => `"${q.title || q.placeholder}" [${q.rows.join(' | ')}]`;

/**
 * Presses Enter on each quick input as it comes on screen, until `done()` holds
 * (the browser opened, the command ended…). Fails naming `awaited` and the
 * questions answered so far when nothing more comes within `timeoutMs`.
 */
export async function pressEnterOnEachQuestion(awaited: string, done: () => boolean, timeoutMs = 20_000): Promise<ShownQuickInput[]> {
  const answered: ShownQuickInput[] = [];
  const end = Date.now() + timeoutMs;
  let since = -1;
  while (!done()) {
    if (Date.now() > end) {
      const after = answered.length ? `after Enter on ${answered.map(describe).join(', then ')}` : 'no quick input came on screen';
      assert.fail(`timed out waiting for ${awaited}: ${after}`);
    }
    const shown = await nextQuickInput(since, 500);
    if (!shown || done()) continue;
    answered.push(shown);
    since = shown.hides;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  return answered;
}
