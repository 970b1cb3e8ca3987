// The children of a repository node in the Repositories view: Labels, Deploy Keys and, for an organization's repository, Teams, read
// through the view's nodes as a user would see them, and changed through the
// commands of those nodes (answers given as arguments, so no UI is needed).
import * as assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { HostingClient, collect } from '../../src/hosting';
import { approveInBrowser } from './oauthBrowser';
import { child, children, chooseFirstSignInMethod, description, label, signInAsAdaWithDemoRepository, type TestNode, waitFor } from './views-support';

const VIEW = 'repodesk.repositories';

/** A fresh ed25519 public key in OpenSSH form. */
function newPublicKey(comment: string): string {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}`;
}

const item = (node: TestNode) => node.toTreeItem();

/** analytical-engines/difference-engine under its organization's group. */
async function differenceEngine(): Promise<TestNode> {
  return child(VIEW, await child(VIEW, undefined, 'analytical-engines'), 'difference-engine');
}

async function group(name: 'Labels' | 'Deploy Keys' | 'Teams', repo?: TestNode): Promise<TestNode> {
  return child(VIEW, repo ?? (await differenceEngine()), name);
}

describe('Views: children of a repository node', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('a click on a repository row selects it even when the row was drawn again between the drawing and the click (VS Code drops a row command with arguments on a redraw: "Actual command not found")', async () => {
    await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'ada', 'notes-on-the-engine');
    const repo = await differenceEngine();
    const drawn = await vscode.commands.executeCommand<vscode.TreeItem>('repodesk.testing.item', VIEW, repo);
    assert.deepEqual([drawn.command?.command, drawn.command?.arguments], ['repodesk.repositories.click', undefined]);
    await vscode.commands.executeCommand('repodesk.testing.selectRow', VIEW, repo);
    // Drawn again (a background read's answer) before the click's command runs.
    await vscode.commands.executeCommand('repodesk.repos.refresh');
    await children(VIEW);
    await vscode.commands.executeCommand(drawn.command!.command);
    assert.deepEqual(await vscode.commands.executeCommand('repodesk.testing.activeRepository'), { owner: 'analytical-engines', name: 'difference-engine' });
  });

  it('GET /orgs/:org/repos, GET /user/repos, GET /repositories: a repository node is collapsed, still selects on click, and an organization’s repository has Labels, Deploy Keys, Teams, Webhooks and Downloads; a personal one no Teams', async () => {
    const repo = await differenceEngine();
    assert.equal(item(repo).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.deepEqual([item(repo).command?.command, item(repo).command?.arguments], ['repodesk.repos.select', [repo]]);
    assert.deepEqual((await children(VIEW, repo)).map(label), ['Labels', 'Deploy Keys', 'Teams', 'Webhooks', 'Downloads']);

    const mine = await child(VIEW, undefined, /^Your repositories/);
    const notes = await child(VIEW, mine, 'ada/notes-on-the-engine');
    assert.deepEqual((await children(VIEW, notes)).map(label), ['Labels', 'Deploy Keys', 'Webhooks', 'Downloads']);
    // The same repository in two groups gets two distinct tree ids (VS Code refuses duplicates).
    const again = await child(VIEW, await child(VIEW, undefined, 'All public repositories'), 'analytical-engines/difference-engine');
    assert.notEqual(item(again).id, item(repo).id);
    assert.notEqual(item(await group('Labels', again)).id, item(await group('Labels', repo)).id);
  });

  it('GET /repos/:owner/:repo/labels: Labels lists the seeded labels with a #rrggbb description and a color swatch', async () => {
    const labels = await children(VIEW, await group('Labels'));
    const bug = labels.find((l) => label(l) === 'bug');
    assert.ok(bug, labels.map(label).join(' | '));
    assert.equal(description(bug), '#fc2929');
    assert.equal(item(bug).contextValue, 'label');
    const icon = item(bug).iconPath;
    assert.ok(icon instanceof vscode.Uri && icon.scheme === 'data', `swatch icon: ${String(icon)}`);
    assert.ok(
      Buffer.from(icon.path.split(',')[1] ?? '', 'base64')
        .toString()
        .includes('fill="#fc2929"'),
    );
    for (const name of ['enhancement', 'question']) {
      const l = labels.find((x) => label(x) === name);
      assert.ok(l, `no label ${name}`);
      assert.match(description(l), /^#[0-9a-f]{6}$/);
    }
  });

  it('POST, PATCH, DELETE /repos/:owner/:repo/labels: a label created from the Labels node appears after the redraw, an edit shows its new name and color, and deleting it removes it', async () => {
    const labels = await group('Labels');
    await vscode.commands.executeCommand('repodesk.repo.labels.create', labels, { name: 'tree-test', color: '#A1B2C3' });
    const created = await child(VIEW, labels, 'tree-test');
    assert.equal(description(created), '#a1b2c3');
    // The status bar said it worked.
    assert.equal(
      (await vscode.commands.executeCommand<string[]>('repodesk.testing.confirmations')).at(-1),
      'Created label tree-test in analytical-engines/difference-engine.',
    );

    await vscode.commands.executeCommand('repodesk.repo.labels.edit', created, { newName: 'tree-tested', color: '00ff00' });
    const edited = await child(VIEW, labels, 'tree-tested');
    assert.equal(description(edited), '#00ff00');
    assert.ok(!(await children(VIEW, labels)).some((l) => label(l) === 'tree-test'));

    await vscode.commands.executeCommand('repodesk.repo.labels.delete', edited, true);
    const after = (await children(VIEW, labels)).map(label);
    assert.ok(!after.some((l) => l.startsWith('tree-test')), after.join(' | '));
    assert.ok(after.includes('bug'));
  });

  it('GET /repos/:owner/:repo/keys: Deploy Keys lists the seeded keys with their fingerprints; a user without admin rights sees the service’s error, not an empty list', async () => {
    const keys = await children(VIEW, await group('Deploy Keys'));
    for (const title of ['build-server', 'docs-publisher']) {
      const key = keys.find((k) => label(k) === title);
      assert.ok(key, keys.map(label).join(' | '));
      assert.match(description(key), /^ssh-ed25519 SHA256:\S+/);
      assert.equal(item(key).contextValue, 'deployKey');
    }

    // charles's fork: ada may read it but not administer it.
    const fork = await child(VIEW, await child(VIEW, undefined, 'All public repositories'), 'charles/difference-engine');
    const [error, ...rest] = await children(VIEW, await group('Deploy Keys', fork));
    assert.equal(rest.length, 0);
    assert.equal(item(error!).contextValue, 'error');
    assert.match(label(error!), /Not Found/);
  });

  it('POST, DELETE /repos/:owner/:repo/keys: a key added from a public-key file appears under Deploy Keys, and deleting it removes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-tree-keys-'));
    const file = path.join(dir, 'tree.pub');
    fs.writeFileSync(file, `${newPublicKey('tree@views')}\n`);
    const keys = await group('Deploy Keys');
    await vscode.commands.executeCommand('repodesk.repo.deployKeys.add', keys, { file, title: 'tree-key' });
    const added = await child(VIEW, keys, 'tree-key');
    assert.match(description(added), /^ssh-ed25519 SHA256:/);

    await vscode.commands.executeCommand('repodesk.repo.deployKeys.delete', added, true);
    assert.ok(!(await children(VIEW, keys)).some((k) => label(k) === 'tree-key'));
  });

  it('GET /orgs/:org/teams, GET /teams/:id, GET /teams/:id/repos, GET /teams/:id/members: Teams lists Owners, Engineers and Translators with their access and permission, and a team’s members', async () => {
    const teams = await children(VIEW, await group('Teams'));
    const seen = teams.map((t) => [label(t), description(t), item(t).contextValue]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.deepEqual(seen, [
      ['Engineers', 'has access · push', 'team:access'],
      ['Owners', 'has access · admin', 'team:owners'],
      ['Translators', 'has access · pull', 'team:access'],
    ]);
    const engineers = teams.find((t) => label(t) === 'Engineers')!;
    const members = await children(VIEW, engineers);
    assert.deepEqual(members.map(label).sort(), ['ada', 'charles', 'luigi']);
    const icon = item(members[0]!).iconPath;
    assert.ok(icon instanceof vscode.ThemeIcon && icon.id === 'person');
  });

  it('DELETE, PUT /teams/:id/repos/:owner/:repo: without the admin:org scope, Remove Repository from Team changes nothing; a change made on the service shows as “no access”, then “has access” again, after Refresh', async () => {
    const teams = await group('Teams');
    // The default sign-in asks for repo, read:org and user: the service refuses the change.
    assert.equal(await vscode.commands.executeCommand('repodesk.repo.teams.removeRepository', await child(VIEW, teams, 'Translators'), true), undefined);
    assert.equal(description(await child(VIEW, teams, 'Translators')), 'has access · pull');

    // An owner with Basic credentials (no scopes apply) changes it on the service.
    const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
    const owner = new HostingClient({ apiUrl, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
    const translators = (await collect(owner.teams.listForOrg('analytical-engines'))).find((t) => t.name === 'Translators')!;
    await owner.teams.removeRepo(translators.id, 'analytical-engines', 'difference-engine');
    try {
      await vscode.commands.executeCommand('repodesk.repo.extras.refresh', teams);
      const removed = await child(VIEW, teams, 'Translators');
      assert.equal(description(removed), 'no access · pull');
      assert.equal(item(removed).contextValue, 'team:noAccess');
    } finally {
      await owner.teams.addRepo(translators.id, 'analytical-engines', 'difference-engine');
    }
    await vscode.commands.executeCommand('repodesk.repo.extras.refresh', teams);
    const back = await child(VIEW, teams, 'Translators');
    assert.equal(description(back), 'has access · pull');
    assert.equal(item(back).contextValue, 'team:access');
  });

  it('PUT, DELETE /teams/:id/repos/:owner/:repo with admin:org: after signing in again for the scope (what the refusal offers), Remove and Give Team Access change the node', async () => {
    const api = await signInAsAdaWithDemoRepository();
    let opened = false;
    api.testing!.setBrowserOpener(async (url) => {
      opened = true;
      void approveInBrowser(url, 'ada', 'ada-demo-password');
    });
    try {
      const shown = api.testing!.provider.methodsShown;
      const signIn = api.testing!.session.signIn(['admin:org']);
      await chooseFirstSignInMethod(api, shown);
      await waitFor('the authorize page opened', async () => opened);
      await signIn;
    } finally {
      api.testing!.setBrowserOpener(undefined);
    }
    assert.deepEqual(
      ['admin:org', 'repo'].filter((s) => !api.testing!.session.scopes.includes(s)),
      [],
      `granted: ${api.testing!.session.scopes.join(', ')}`,
    );
    assert.equal(api.testing!.session.account?.label, 'ada');

    type Access = { name: string; hasAccess: boolean }[];
    const removed = await vscode.commands.executeCommand<Access>(
      'repodesk.repo.teams.removeRepository',
      await child(VIEW, await group('Teams'), 'Translators'),
      true,
    );
    assert.equal(removed?.find((t) => t.name === 'Translators')?.hasAccess, false, 'the change went through');
    assert.equal(description(await child(VIEW, await group('Teams'), 'Translators')), 'no access · pull');
    const given = await vscode.commands.executeCommand<Access>('repodesk.repo.teams.addRepository', await child(VIEW, await group('Teams'), 'Translators'));
    assert.equal(given?.find((t) => t.name === 'Translators')?.hasAccess, true);
    assert.match(description(await child(VIEW, await group('Teams'), 'Translators')), /^has access/);
  });

  it('GET /legacy/issues/search/:owner/:repository/:state/:keyword: Search Issues… on a repository node finds that repository’s issues', async () => {
    type H = { kind: string; label: string }[];
    const hits = (await vscode.commands.executeCommand<H>('repodesk.repo.searchIssues', await differenceEngine(), 'Tabulate'))!;
    assert.ok(
      hits.some((h) => h.kind === 'issue' && h.label.startsWith('#1 ')),
      hits.map((h) => h.label).join(' | '),
    );
  });
});
