// Webhooks and Downloads under a repository node of the Repositories view,
// read through the view's nodes as a user sees them and changed through
// their commands (answers given as arguments, so no UI is needed). Hook
// deliveries go to a receiver in this process; the delivery log under a hook
// is the emulator's addition (the spec has none).
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { HostingClient, collect } from '../../src/hosting';
import { child, children, description, label, signInAsAdaWithDemoRepository, waitFor, type TestNode } from './views-support';

const VIEW = 'repodesk.repositories';
const item = (node: TestNode) => node.toTreeItem();

async function differenceEngine(): Promise<TestNode> {
  return child(VIEW, await child(VIEW, undefined, 'analytical-engines'), 'difference-engine');
}

async function group(name: 'Webhooks' | 'Downloads', repo?: TestNode): Promise<TestNode> {
  return child(VIEW, repo ?? (await differenceEngine()), name);
}

/** ada with her password: checks what the service holds, whatever the view shows. */
function owner(): HostingClient {
  const apiUrl = vscode.workspace.getConfiguration('repodesk.hosting').get<string>('apiUrl')!;
  return new HostingClient({ apiUrl, userAgentVersion: 'test', credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' } });
}

/** A local receiver of hook deliveries: the events it got, in order. */
async function receiver() {
  const events: { event: string; signed: boolean; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push({
        event: String(req.headers['x-service-event']),
        signed: typeof req.headers['x-hub-signature'] === 'string',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Views: Webhooks and Downloads of a repository', function () {
  this.timeout(90_000);
  /** The tarball as Download to File saved it. */
  let savedFile = '';

  before(() => signInAsAdaWithDemoRepository());

  it('a repository node lists Webhooks and Downloads after its labels, deploy keys and teams', async () => {
    assert.deepEqual((await children(VIEW, await differenceEngine())).map(label), ['Labels', 'Deploy Keys', 'Teams', 'Webhooks', 'Downloads']);
  });

  it('GET /repos/:owner/:repo/hooks: a repository without hooks says so; on charles’s fork (ada is no admin) the node shows the service’s message, not an empty list', async () => {
    const hooks = await children(VIEW, await group('Webhooks'));
    assert.deepEqual(hooks.map(label), ['No webhooks.']);
    const fork = await child(VIEW, await child(VIEW, undefined, 'All public repositories'), 'charles/difference-engine');
    const [error, ...rest] = await children(VIEW, await group('Webhooks', fork));
    assert.equal(rest.length, 0);
    assert.equal(item(error!).contextValue, 'error');
    assert.match(label(error!), /Not Found/);
  });

  it('POST, PATCH, DELETE /repos/:owner/:repo/hooks, POST .../pings and .../tests: a web hook is created with a secret, pinged and tested (signed deliveries reach the receiver and show under the hook with their status and payload), gains an event, is deactivated, and is deleted', async () => {
    const target = await receiver();
    const groupNode = await group('Webhooks');
    try {
      type Hooks = { id: number; config: Record<string, unknown> }[];
      const created = await vscode.commands.executeCommand<Hooks>('repodesk.repo.hooks.create', groupNode, {
        name: 'web',
        config: { url: target.url, content_type: 'json', secret: 'tree-secret' },
        events: ['push'],
      });
      assert.ok(created?.length === 1, JSON.stringify(created));
      assert.notEqual(created[0]!.config.secret, 'tree-secret', 'the secret is never shown back');
      // A new hook is pinged by the service.
      await waitFor('the creation ping', async () => target.events.some((e) => e.event === 'ping'));

      const hook = await child(VIEW, groupNode, target.url);
      assert.equal(item(hook).contextValue, 'hook:web:active');
      assert.match(description(hook), /^web · push · /);

      await vscode.commands.executeCommand('repodesk.repo.hooks.ping', hook);
      await waitFor('the second ping', async () => target.events.filter((e) => e.event === 'ping').length >= 2);
      await vscode.commands.executeCommand('repodesk.repo.hooks.test', await child(VIEW, groupNode, target.url));
      await waitFor('the test push', async () => target.events.some((e) => e.event === 'push'));
      assert.ok(
        target.events.every((e) => e.signed),
        'every delivery carries X-Hub-Signature',
      );

      // The log, newest first, once every delivery is answered; the hook's last response is the receiver's 200.
      const deliveries = await waitFor('three answered deliveries', async () => {
        await vscode.commands.executeCommand('repodesk.repo.extras.refresh', groupNode);
        const kids = await children(VIEW, await child(VIEW, groupNode, target.url));
        return kids.length === 3 && kids.every((k) => description(k).startsWith('200')) ? kids : undefined;
      });
      assert.deepEqual(deliveries.map(label), ['push', 'ping', 'ping']);
      // The row shows the last delivery: its status and when.
      assert.match(description(await child(VIEW, groupNode, target.url)), / · 200 · just now$/);
      assert.equal(item(deliveries[0]!).command?.command, 'repodesk.repo.hooks.openDelivery');
      const detail = await vscode.commands.executeCommand<{ request: { payload: { ref?: string } } }>('repodesk.repo.hooks.openDelivery', deliveries[0]);
      assert.match(detail?.request.payload.ref ?? '', /^refs\/heads\//);
      const shown = vscode.window.activeTextEditor?.document;
      assert.equal(shown?.languageId, 'json');
      assert.equal(shown?.uri.scheme, 'repodesk-delivery', 'a read-only document, not an untitled one that asks to be saved');
      assert.equal(shown?.isDirty, false);
      assert.match(shown?.getText() ?? '', /"X-Service-Event": "push"/);
      assert.doesNotMatch(shown?.getText() ?? '', /tree-secret/);

      await vscode.commands.executeCommand('repodesk.repo.hooks.edit', await child(VIEW, groupNode, target.url), { add_events: ['issues'] });
      assert.match(description(await child(VIEW, groupNode, target.url)), /^web · push, issues · /);
      await vscode.commands.executeCommand('repodesk.repo.hooks.edit', await child(VIEW, groupNode, target.url), { active: false });
      const inactive = await child(VIEW, groupNode, target.url);
      assert.equal(item(inactive).contextValue, 'hook:web:inactive');
      assert.match(description(inactive), / · inactive · /);

      await vscode.commands.executeCommand('repodesk.repo.hooks.delete', inactive, true);
      assert.deepEqual((await children(VIEW, groupNode)).map(label), ['No webhooks.']);
      assert.deepEqual(await collect(owner().hooks.list('analytical-engines', 'difference-engine')), []);
    } finally {
      await target.close();
    }
  });

  it("a delivery to a receiver that refuses the connection shows as retrying with the service's reason, not as merely pending", async () => {
    // A port that was just free and is closed again: the connection is refused.
    const gone = await receiver();
    await gone.close();
    const groupNode = await group('Webhooks');
    await vscode.commands.executeCommand('repodesk.repo.hooks.create', groupNode, {
      name: 'web',
      config: { url: gone.url, content_type: 'json' },
      events: ['push'],
    });
    try {
      const ping = await waitFor(
        'the creation ping tried once',
        async () => {
          await vscode.commands.executeCommand('repodesk.repo.extras.refresh', groupNode);
          const [first] = await children(VIEW, await child(VIEW, groupNode, gone.url));
          return first && /^retrying/.test(description(first)) ? first : undefined;
        },
        30_000,
      );
      assert.equal(label(ping), 'ping');
      assert.match(description(ping), /^retrying \(Delivery failed: ECONNREFUSED\) · /);
      assert.equal((item(ping).iconPath as vscode.ThemeIcon).id, 'sync');
      assert.match(String(item(ping).tooltip), / · 1 attempt$/);
    } finally {
      await vscode.commands.executeCommand('repodesk.repo.hooks.delete', await child(VIEW, groupNode, gone.url), true);
    }
  });

  it('POST /repos/:owner/:repo/hooks with the irc and email services: their configuration names the row and the service’s default events apply; a bad URL is refused with the service’s message and adds nothing', async () => {
    const groupNode = await group('Webhooks');
    await vscode.commands.executeCommand('repodesk.repo.hooks.create', groupNode, {
      name: 'irc',
      config: { server: 'irc.example.org', port: '6697', room: '#engines', nick: 'repodesk' },
    });
    const irc = await child(VIEW, groupNode, '#engines @ irc.example.org:6697');
    assert.equal(description(irc), 'irc · push, pull_request · never delivered');
    await vscode.commands.executeCommand('repodesk.repo.hooks.create', groupNode, {
      name: 'email',
      config: { address: 'ada@analytical-engines.test' },
      events: ['push', 'public'],
    });
    assert.equal(description(await child(VIEW, groupNode, 'ada@analytical-engines.test')), 'email · push, public · never delivered');

    assert.equal(await vscode.commands.executeCommand('repodesk.repo.hooks.create', groupNode, { name: 'web', config: { url: 'not a url' } }), undefined);
    assert.deepEqual((await children(VIEW, groupNode)).map(label).sort(), ['#engines @ irc.example.org:6697', 'ada@analytical-engines.test']);

    for (const name of ['#engines @ irc.example.org:6697', 'ada@analytical-engines.test']) {
      await vscode.commands.executeCommand('repodesk.repo.hooks.delete', await child(VIEW, groupNode, name), true);
    }
    assert.deepEqual((await children(VIEW, groupNode)).map(label), ['No webhooks.']);
  });

  it('GET /repos/:owner/:repo/downloads: Downloads lists the seeded files with their size and download count; Download to File saves the file and the count goes up', async () => {
    const downloads = await group('Downloads');
    const tarball = await child(VIEW, downloads, 'difference-engine-0.8.tar.gz');
    assert.equal(description(tarball), '47.1 KB · 42 downloads');
    assert.equal(description(await child(VIEW, downloads, 'printed-tables-1834.pdf')), '1.1 MB · 7 downloads');

    const file = (savedFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-downloads-')), 'saved.tar.gz'));
    assert.equal(await vscode.commands.executeCommand('repodesk.repo.downloads.save', tarball, { file }), file);
    assert.equal(fs.statSync(file).size, 48_213);
    assert.equal(description(await child(VIEW, downloads, 'difference-engine-0.8.tar.gz')), '47.1 KB · 43 downloads');
  });

  it('Move Downloads to a Release…: the chosen download becomes an asset of a new draft release with the same bytes, and the moved download is deleted; DELETE /repos/:owner/:repo/downloads/:id removes the other', async () => {
    const downloads = await group('Downloads');
    const tarball = await child(VIEW, downloads, 'difference-engine-0.8.tar.gz');
    const id = Number(String(item(tarball).id).split('/').pop());
    type Moved = { release: string; moved: string[]; failed: unknown[]; deleted: string[] };
    const result = await vscode.commands.executeCommand<Moved>('repodesk.repo.downloads.moveToRelease', tarball, {
      downloads: [id],
      release: { tag_name: 'v0.8-downloads', draft: true },
      deleteMoved: true,
    });
    assert.deepEqual(result, { release: 'v0.8-downloads', moved: ['difference-engine-0.8.tar.gz'], failed: [], deleted: ['difference-engine-0.8.tar.gz'] });

    const ada = owner();
    const release = (await collect(ada.releases.list('analytical-engines', 'difference-engine'))).find((r) => r.tag_name === 'v0.8-downloads');
    try {
      assert.ok(release?.draft, 'a draft release');
      assert.deepEqual(
        release.assets.map((a) => [a.name, a.size, a.content_type]),
        [['difference-engine-0.8.tar.gz', 48_213, 'application/x-gzip']],
      );
      assert.deepEqual(Buffer.from(await ada.releases.downloadAsset(release.assets[0]!)), fs.readFileSync(savedFile));
      assert.deepEqual((await children(VIEW, downloads)).map(label), ['printed-tables-1834.pdf']);

      await vscode.commands.executeCommand('repodesk.repo.downloads.delete', await child(VIEW, downloads, 'printed-tables-1834.pdf'), true);
      assert.deepEqual((await children(VIEW, downloads)).map(label), ['No downloads (releases replace them).']);
      assert.deepEqual(await collect(ada.downloads.list('analytical-engines', 'difference-engine')), []);
    } finally {
      if (release) await ada.releases.delete('analytical-engines', 'difference-engine', release.id);
    }
  });
});
