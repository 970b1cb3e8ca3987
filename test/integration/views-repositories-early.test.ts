// Rows before the session is known: while the stored session is still being
// read, the Repositories view draws what it kept for the account that was
// signed in when a session was last looked for (in any window), never for
// another account, and nothing after a sign-out. The session records that
// account (an id, no secret) each time it looks, and tells the views once it
// knows, whatever it found.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HostingSession, type SessionSource } from '../../src/features/shared/session/hostingSession';
import { createRepositoriesProvider, REPOSITORY_SNAPSHOT_KEY } from '../../src/features/repos/repositoriesProvider';
import { loadFilter } from '../../src/features/repos/repositoryFilter';
import type { ActiveRepository } from '../../src/features/shared/selection/activeRepository';
import { readHostingSettings } from '../../src/features/shared/session/settings';
import { snapshotKey, takeSnapshot } from '../../src/listings/repositorySnapshot';
import type { RepoDeskNode } from '../../src/features/shared/tree/nodes';
import type { RepoDeskApi } from '../../src/extension';

const SIGNED_IN_KEY = 'repodesk.hosting.signedInAccount';

class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

function sessionOf(id: string, login: string): vscode.AuthenticationSession {
  return { id: `session-${id}`, accessToken: `token-${id}`, account: { id, label: login }, scopes: ['repo'] };
}

function sourceWith(sessions: vscode.AuthenticationSession[]): SessionSource & { release(): void } {
  const changed = new vscode.EventEmitter<unknown>();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    onDidChangeSessions: changed.event,
    // Held until released: the session is "being read" meanwhile.
    getSessions: async () => {
      await gate;
      return sessions;
    },
    createSession: () => Promise.reject(new Error('not in this test')),
    createSessionWithMoreScopes: () => Promise.reject(new Error('not in this test')),
    release,
  };
}

const labelOf = (n: RepoDeskNode) => {
  const l = n.toTreeItem().label;
  return typeof l === 'string' ? l : (l?.label ?? '');
};
const descriptionOf = (n: RepoDeskNode) => String(n.toTreeItem().description ?? '');

describe('Views: Repositories, kept rows before the session is known', function () {
  this.timeout(30_000);
  const noActive = { value: undefined, onDidChange: new vscode.EventEmitter<undefined>().event } as unknown as ActiveRepository;

  // These sessions set the repodesk.signedIn and signedOut contexts as RepoDesk's own does: put back the real one's.
  after(async () => {
    const api = await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate();
    await vscode.commands.executeCommand('setContext', 'repodesk.signedIn', api.testing!.session.signedIn);
    await vscode.commands.executeCommand('setContext', 'repodesk.signedOut', !api.testing!.session.signedIn);
  });

  /** A workspace that kept ada's listing, and a global state that says who was signed in last. */
  function world(lastSignedIn: string | undefined) {
    const globalState = new MemoryMemento();
    const workspaceState = new MemoryMemento();
    if (lastSignedIn) void globalState.update(SIGNED_IN_KEY, lastSignedIn);
    const key = `${snapshotKey(readHostingSettings().apiUrl, '1')} ${JSON.stringify(loadFilter(globalState))}`;
    const repo = {
      id: 7,
      name: 'kept-engine',
      full_name: 'ada/kept-engine',
      owner: { login: 'ada', type: 'User' },
      private: false,
      fork: false,
      description: null,
      html_url: 'http://example.test/ada/kept-engine',
    };
    void workspaceState.update(REPOSITORY_SNAPSHOT_KEY, takeSnapshot(key, [{ id: 'group:mine', repositories: [repo], more: false }], Date.now()));
    return { globalState, workspaceState };
  }

  async function roots(session: HostingSession, globalState: vscode.Memento, workspaceState: vscode.Memento) {
    const { provider, subscriptions } = createRepositoriesProvider(session, noActive, globalState, workspaceState, []);
    const nodes = await provider.getChildren();
    for (const s of subscriptions) s.dispose();
    return { provider, nodes };
  }

  it('the account signed in last (id 1): its kept rows are drawn, marked as updating, before the session is read', async () => {
    const { globalState, workspaceState } = world('1');
    const source = sourceWith([sessionOf('1', 'ada')]);
    const session = new HostingSession('0.0.0', source, globalState);
    assert.equal(session.expectedAccountId, '1');
    const { provider, nodes } = await roots(session, globalState, workspaceState);
    assert.deepEqual(nodes.map(labelOf), ['Your repositories (all)']);
    assert.match(descriptionOf(nodes[0]!), /updating…/);
    const rows = await provider.getChildren(nodes[0]);
    assert.deepEqual(rows.map(labelOf), ['ada/kept-engine']);
    source.release();
    await session.refresh();
    assert.equal(session.expectedAccountId, undefined, 'once read, the session itself says who is signed in');
    session.dispose();
  });

  it('another account was signed in last (id 2): nothing of account 1 is drawn', async () => {
    const { globalState, workspaceState } = world('2');
    const session = new HostingSession('0.0.0', sourceWith([]), globalState);
    assert.deepEqual((await roots(session, globalState, workspaceState)).nodes, []);
    session.dispose();
  });

  it('signed out last (no account recorded): nothing is drawn', async () => {
    const { globalState, workspaceState } = world(undefined);
    const session = new HostingSession('0.0.0', sourceWith([]), globalState);
    assert.equal(session.expectedAccountId, undefined);
    assert.deepEqual((await roots(session, globalState, workspaceState)).nodes, []);
    session.dispose();
  });

  it('the session turns out signed out: the views hear of it (the early rows go) and the record is cleared', async () => {
    const { globalState } = world('1');
    const source = sourceWith([]);
    const session = new HostingSession('0.0.0', source, globalState);
    let told = 0;
    session.onDidChange(() => told++);
    source.release();
    await session.refresh();
    assert.equal(told, 1, 'the views are told, though the session is as before (none)');
    assert.equal(globalState.get(SIGNED_IN_KEY), undefined);
    assert.equal(session.expectedAccountId, undefined);
    session.dispose();
  });

  it('the stored session cannot be read: the views hear of it (the early rows go), the record stays for a later look', async () => {
    const { globalState, workspaceState } = world('1');
    const failing: SessionSource = { ...sourceWith([]), getSessions: () => Promise.reject(new Error('keychain locked')) };
    const session = new HostingSession('0.0.0', failing, globalState);
    let told = 0;
    session.onDidChange(() => told++);
    await assert.rejects(session.refresh(), /keychain locked/);
    assert.equal(told, 1);
    assert.equal(session.expectedAccountId, undefined, 'no early rows any more');
    assert.deepEqual((await roots(session, globalState, workspaceState)).nodes, []);
    assert.equal(globalState.get(SIGNED_IN_KEY), '1');
    session.dispose();
  });

  it('a session found is recorded by its account id (no token), for the next window', async () => {
    const { globalState } = world(undefined);
    const source = sourceWith([sessionOf('1', 'ada')]);
    const session = new HostingSession('0.0.0', source, globalState);
    source.release();
    await session.refresh();
    assert.equal(globalState.get(SIGNED_IN_KEY), '1');
    assert.ok(!JSON.stringify(globalState.keys().map((k) => globalState.get(k))).includes('token-1'), 'no token in the global state');
    session.dispose();
  });
});
