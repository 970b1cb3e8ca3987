// Repository extras: labels, deploy keys, teams and the
// legacy search, through their commands on the demo repository.
import * as assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { child, children, label, signInAsAdaWithDemoRepository } from './views-support';

const VIEW = 'repodesk.repositories';
const repoNode = { repo: { owner: { login: 'analytical-engines', type: 'Organization' }, name: 'difference-engine' } };

/** A fresh ed25519 public key in OpenSSH form. */
function newPublicKey(comment: string): string {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}`;
}

describe('Views: repository extras', function () {
  this.timeout(60_000);

  before(() => signInAsAdaWithDemoRepository());

  it('creates, edits and deletes a label, reading colors with or without #', async () => {
    type L = { name: string; color: string }[];
    let labels = (await vscode.commands.executeCommand<L>('repodesk.repo.labels', repoNode, { create: { name: 'views-test', color: '#A1B2C3' } }))!;
    assert.equal(labels.find((l) => l.name === 'views-test')?.color, 'a1b2c3');
    assert.ok(labels.some((l) => l.name === 'bug'));
    labels = (await vscode.commands.executeCommand<L>('repodesk.repo.labels', repoNode, {
      update: { name: 'views-test', newName: 'views-tested', color: '00ff00' },
    }))!;
    assert.equal(labels.find((l) => l.name === 'views-tested')?.color, '00ff00');
    labels = (await vscode.commands.executeCommand<L>('repodesk.repo.labels', repoNode, { delete: 'views-tested' }))!;
    assert.ok(!labels.some((l) => l.name.startsWith('views-test')));
  });

  it('adds a deploy key from a public-key file and deletes it; a bad key shows no change', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-keys-'));
    const file = path.join(dir, 'deploy.pub');
    fs.writeFileSync(file, `${newPublicKey('ci@views')}\n`);
    type K = { id: number; title: string | null }[];
    const before = (await vscode.commands.executeCommand<K>('repodesk.repo.deployKeys', repoNode, { add: { file } }))!;
    const added = before.find((k) => k.title === 'ci@views');
    assert.ok(added, before.map((k) => k.title).join(' | '));
    const after = (await vscode.commands.executeCommand<K>('repodesk.repo.deployKeys', repoNode, { delete: added.id }))!;
    assert.equal(after.length, before.length - 1);

    // A bad key: the user reads the service's reason, and the Deploy Keys list is what it was.
    fs.writeFileSync(file, 'ssh-ed25519 not-a-key\n');
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (m: string, ...rest: unknown[]) => {
      shown.push(m);
      return (original as (...a: unknown[]) => unknown)(m, ...rest);
    };
    const refused = await Promise.resolve(vscode.commands.executeCommand('repodesk.repo.deployKeys', repoNode, { add: { file } })).finally(() => {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    });
    assert.equal(refused, undefined);
    assert.deepEqual(shown, ['Deploy keys: Validation Failed (PublicKey.key.invalid)']);
    const group = await child(VIEW, await child(VIEW, await child(VIEW, undefined, 'analytical-engines'), 'difference-engine'), 'Deploy Keys');
    assert.deepEqual((await children(VIEW, group)).map(label).sort(), after.map((k) => k.title).sort());
  });

  it('lists the organization’s teams with their access to the repository', async () => {
    type T = { id: number; name: string; hasAccess: boolean }[];
    const teams = (await vscode.commands.executeCommand<T>('repodesk.repo.teams', repoNode, { list: true }))!;
    assert.deepEqual(teams.map((t) => [t.name, t.hasAccess]).sort(), [
      ['Engineers', true],
      ['Owners', true],
      ['Translators', true],
    ]);
    const personal = await vscode.commands.executeCommand(
      'repodesk.repo.teams',
      { repo: { owner: { login: 'ada', type: 'User' }, name: 'notes-on-the-engine' } },
      { list: true },
    );
    assert.equal(personal, undefined, 'a personal repository has no teams');
  });

  it('the legacy search finds repositories, users and the active repository’s issues', async () => {
    type H = { kind: string; label: string }[];
    const repos = (await vscode.commands.executeCommand<H>('repodesk.search', 'repository', 'difference'))!;
    assert.ok(
      repos.some((h) => h.label === 'analytical-engines/difference-engine'),
      repos.map((h) => h.label).join(' | '),
    );
    const users = (await vscode.commands.executeCommand<H>('repodesk.search', 'user', 'ada'))!;
    assert.ok(
      users.some((h) => h.label === 'ada'),
      users.map((h) => h.label).join(' | '),
    );
    const issues = (await vscode.commands.executeCommand<H>('repodesk.search', 'issue', 'Tabulate'))!;
    assert.ok(
      issues.some((h) => h.label.startsWith('#1 ')),
      issues.map((h) => h.label).join(' | '),
    );
  });
});
