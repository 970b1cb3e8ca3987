// "Your gists" in the Repositories view: the signed-in user's gists (GET
// /gists, the service family's list the emulator adds) with their comments
// (docs/service-api/hosting/comments §3, §4), read through the view's nodes as
// a user sees them and changed through their commands (answers given as
// arguments, so no editor is needed). Writing needs the gist scope, which the
// default sign-in does not ask for: the first comment goes through the
// refusal's offer to sign in again for it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HostingClient, collect } from '../../src/hosting';
import { approveInBrowser } from './oauthBrowser';
import { child, children, chooseFirstSignInMethod, description, hover, label, signInAsAdaWithDemoRepository, type TestNode, waitFor } from './views-support';

const VIEW = 'repodesk.repositories';
const NOTE_G = 'Note G, for the translators';
const item = (node: TestNode) => node.toTreeItem();
/** The hover's text as the user reads it (Markdown's escapes and non-breaking spaces undone). */
const tooltip = async (node: TestNode) => {
  const t = await hover(VIEW, node);
  const markdown = typeof t === 'string' ? t : (t?.value ?? '');
  return markdown.replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
};

const yourGists = () => child(VIEW, undefined, 'Your gists');
const noteG = async () => child(VIEW, await yourGists(), NOTE_G);
const comments = async () => children(VIEW, await noteG());

/** ada with her password: what the service holds, whatever the view shows. */
function owner(): HostingClient {
  const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
  return new HostingClient({ apiUrl, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
}

async function serviceComments(): Promise<{ id: number; body?: string; user: { login: string }; created_at: string }[]> {
  const gist = (await collect(owner().gists.list())).find((g) => g.description === NOTE_G)!;
  return collect(owner().gistComments.list(gist.id));
}

/** Runs `task` with the error messages it shows recorded (and answered with `answer` when it is one of the offered items). */
async function recordingErrors<T>(task: () => Thenable<T> | Promise<T>, answer?: string): Promise<{ result: T; shown: string[] }> {
  const shown: string[] = [];
  const original = vscode.window.showErrorMessage;
  (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...items: unknown[]) => {
    shown.push(m);
    return Promise.resolve(answer !== undefined && items.includes(answer) ? answer : undefined);
  };
  try {
    return { result: await task(), shown };
  } finally {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
  }
}

describe('Views: your gists and their comments', function () {
  this.timeout(90_000);

  before(() => signInAsAdaWithDemoRepository());

  it('GET /gists, GET /gists/:id/comments: Your gists follows the organizations (collapsed) and lists Note G as public with its update time and two comments; its comments show author and age, the body and exact date on hover, and are marked as someone else’s', async () => {
    const roots = (await children(VIEW)).map(label);
    const at = roots.indexOf('Your gists');
    assert.ok(at > roots.findIndex((l) => l.startsWith('analytical-engines')) && at < roots.indexOf('All public repositories'), roots.join(' | '));
    assert.equal(item(await yourGists()).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);

    const gist = await noteG();
    assert.match(description(gist), /^public · .+ · 2 comments$/);
    assert.equal(item(gist).contextValue, 'gist:public');
    assert.match(await tooltip(gist), /note-g\.md/);

    const rows = await comments();
    assert.deepEqual(rows.map(label), ['luigi: The operation cards for B7 look right to me.', 'mary: Could you add the table of variables?']);
    assert.deepEqual(
      rows.map((r) => item(r).contextValue),
      ['gistComment:other', 'gistComment:other'],
    );
    const luigi = (await serviceComments()).find((c) => c.user.login === 'luigi')!;
    const first = await tooltip(rows[0]!);
    assert.ok(first.includes(new Date(luigi.created_at).toLocaleString()), first);
    assert.ok(first.includes('The operation cards for B7 look right to me.'));
    assert.ok(!description(rows[0]!).includes('you'));
  });

  it('POST /gists/:id/comments without the gist scope: refused with the service’s message and an offer to sign in again for it; taking the offer sends the kept comment, which shows as the user’s own', async () => {
    const api = await signInAsAdaWithDemoRepository();
    assert.ok(!api.testing!.session.scopes.includes('gist'), 'the default sign-in has no gist scope');
    const body = 'The table of variables is now below the diagram.';
    let opened = false;
    api.testing!.setBrowserOpener(async (url) => {
      opened = true;
      void approveInBrowser(url, 'ada', 'ada-demo-password');
    });
    try {
      const methodsShown = api.testing!.provider.methodsShown;
      const { result, shown } = await recordingErrors(async () => {
        const refused = await vscode.commands.executeCommand('repodesk.gists.addComment', await noteG(), { body });
        // The offer was taken: the sign-in asks how to sign in (the browser), then the comment is sent again.
        await chooseFirstSignInMethod(api, methodsShown);
        await waitFor('the authorize page opened', async () => opened);
        await waitFor('the comment sent after signing in with gist', async () => (await serviceComments()).some((c) => c.body === body));
        return refused;
      }, 'Sign In with gist');
      assert.equal(result, undefined);
      assert.deepEqual(shown, [`Could not comment on ${NOTE_G}: Missing the gist scope. Writing gist comments needs the gist scope.`]);
    } finally {
      api.testing!.setBrowserOpener(undefined);
    }
    assert.ok(api.testing!.session.scopes.includes('gist'), api.testing!.session.scopes.join(', '));

    const mine = await waitFor('the new comment in the view', async () => (await comments()).find((c) => label(c) === `ada: ${body}`));
    assert.equal(item(mine).contextValue, 'gistComment:mine');
    assert.match(description(mine), / · you$/);
    assert.match(description(await noteG()), / · 3 comments$/);
  });

  it('POST /gists/:id/comments with the gist scope: Add Comment… adds a comment at the end; an empty one is refused and sends nothing', async () => {
    const added = await vscode.commands.executeCommand<{ body?: string }[]>('repodesk.gists.addComment', await noteG(), {
      body: 'Also: B8 is on the next card.\n\nSecond paragraph.',
    });
    assert.equal(added?.at(-1)?.body, 'Also: B8 is on the next card.\n\nSecond paragraph.');
    assert.equal((await vscode.commands.executeCommand<string[]>('repodesk.testing.confirmations')).at(-1), `Comment added to ${NOTE_G}.`);
    assert.equal(label((await comments()).at(-1)!), 'ada: Also: B8 is on the next card.');
    assert.match(await tooltip((await comments()).at(-1)!), /Second paragraph\./);

    const { result, shown } = await recordingErrors(async () => vscode.commands.executeCommand('repodesk.gists.addComment', await noteG(), { body: '  \n' }));
    assert.equal(result, undefined);
    assert.deepEqual(shown, ['A comment needs some text; nothing was sent.']);
    assert.equal((await serviceComments()).length, 4);
  });

  it('PATCH /gists/:id/comments/:id: Edit Comment… changes one’s own comment, which then reads “edited”', async () => {
    const mine = (await comments()).find((c) => label(c).startsWith('ada: Also: B8'))!;
    const id = Number(String(item(mine).id).split('comment:').pop());
    await vscode.commands.executeCommand('repodesk.gists.editComment', mine, { body: 'Also: B8 is on card 25.' });
    const edited = (await comments()).find((c) => label(c) === 'ada: Also: B8 is on card 25.');
    assert.ok(edited, (await comments()).map(label).join(' | '));
    assert.equal((await serviceComments()).find((c) => c.id === id)?.body, 'Also: B8 is on card 25.');
    await waitFor('the edit to be a second later than the comment', async () => {
      await vscode.commands.executeCommand(
        'repodesk.gists.editComment',
        (await comments()).find((c) => label(c).startsWith('ada: Also: B8'))!,
        { body: 'Also: B8 is on card 25 (checked).' },
      );
      return / · edited · you$/.test(description((await comments()).find((c) => label(c).startsWith('ada: Also: B8'))!));
    });
  });

  it('PATCH, DELETE on another user’s comment: Edit Comment… and Delete Comment are refused with a message, and luigi’s comment is unchanged', async () => {
    const luigi = (await comments()).find((c) => label(c).startsWith('luigi:'))!;
    assert.equal(item(luigi).contextValue, 'gistComment:other');
    const edit = await recordingErrors(() => vscode.commands.executeCommand('repodesk.gists.editComment', luigi, { body: 'Hijacked.' }));
    assert.equal(edit.result, undefined);
    assert.deepEqual(edit.shown, ['Edit Comment: this comment is by luigi; you can change only your own comments.']);
    const remove = await recordingErrors(() => vscode.commands.executeCommand('repodesk.gists.deleteComment', luigi, { confirmed: true }));
    assert.equal(remove.result, undefined);
    assert.deepEqual(remove.shown, ['Delete Comment: this comment is by luigi; you can change only your own comments.']);
    const onService = (await serviceComments()).find((c) => c.user.login === 'luigi');
    assert.equal(onService?.body, 'The operation cards for B7 look right to me.');
    assert.equal(label((await comments())[0]!), 'luigi: The operation cards for B7 look right to me.');
  });

  it('DELETE /gists/:id/comments/:id: Delete Comment removes one’s own comments; the gist is back to its two comments', async () => {
    for (const mine of (await comments()).filter((c) => item(c).contextValue === 'gistComment:mine')) {
      await vscode.commands.executeCommand(
        'repodesk.gists.deleteComment',
        (await comments()).find((c) => item(c).id === item(mine).id),
        { confirmed: true },
      );
    }
    assert.deepEqual(
      (await comments()).map((c) => label(c).split(':')[0]),
      ['luigi', 'mary'],
    );
    assert.match(description(await noteG()), / · 2 comments$/);
    assert.deepEqual(
      (await serviceComments()).map((c) => c.user.login),
      ['luigi', 'mary'],
    );
    assert.equal((await vscode.commands.executeCommand<string[]>('repodesk.testing.confirmations')).at(-1), 'Comment deleted.');
  });
});
