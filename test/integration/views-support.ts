// What the view tests share: signing in as ada through the browser flow
// (played against the emulator's pages, as auth.test.ts does), reading a
// view's nodes through the test seam, and small waits.
import * as assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { RepoDeskApi } from '../../src/extension';

export interface TestNode {
  toTreeItem(): vscode.TreeItem;
  parent?: TestNode;
}

export function label(node: TestNode): string {
  const l = node.toTreeItem().label;
  return typeof l === 'string' ? l : l?.label ?? '';
}

export function description(node: TestNode): string {
  const d = node.toTreeItem().description;
  return typeof d === 'string' ? d : '';
}

export async function children(viewId: string, node?: TestNode): Promise<TestNode[]> {
  return (await vscode.commands.executeCommand<TestNode[]>('repodesk.testing.children', viewId, node)) ?? [];
}

/** The child whose label matches, or a failed assertion listing what there is. */
export async function child(viewId: string, parent: TestNode | undefined, match: string | RegExp): Promise<TestNode> {
  const kids = await children(viewId, parent);
  const found = kids.find((k) => (typeof match === 'string' ? label(k) === match : match.test(label(k))));
  assert.ok(found, `no node ${String(match)} under ${parent ? label(parent) : viewId}; found: ${kids.map(label).join(' | ')}`);
  return found;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function approveInBrowser(authorizeUrl: string, login: string, password: string): Promise<void> {
  let cookie = '';
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie, 'user-agent': 'integration-test-browser' } });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  const form = (html: string, action: string) => {
    const block = html.slice(html.indexOf(`action="${action}"`));
    const fields = new URLSearchParams();
    for (const m of block.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(m[1]!, decode(m[2]!));
    // Checked boxes are sent as a browser sends them (the granted scopes).
    for (const m of block.matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)" checked>/g)) fields.append(m[1]!, decode(m[2]!));
    return fields;
  };
  const loginPage = await (await go(authorizeUrl)).text();
  const fields = form(loginPage, '/login/oauth/session');
  fields.set('login', login);
  fields.set('password', password);
  const afterLogin = await go(new URL('/login/oauth/session', authorizeUrl).toString(), { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const approvePage = await (await go(new URL(afterLogin.headers.get('location')!, authorizeUrl).toString())).text();
  const approve = form(approvePage, '/login/oauth/authorize');
  approve.set('decision', 'approve');
  const redirect = await go(new URL('/login/oauth/authorize', authorizeUrl).toString(), { method: 'POST', body: approve, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  await fetch(redirect.headers.get('location')!);
}

function decode(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Signs in as ada (unless already signed in) and makes difference-engine the active repository. */
export async function signInAsAdaWithDemoRepository(): Promise<RepoDeskApi> {
  const api = (await vscode.extensions.getExtension<RepoDeskApi>('repodesk.repodesk')!.activate());
  if (!api.testing!.session.signedIn || api.testing!.session.account?.label !== 'ada') {
    const app = JSON.parse(fs.readFileSync(path.join(process.env.REPODESK_TEST_EMULATOR_DATA!, 'oauth-app.json'), 'utf8')) as { client_id: string; client_secret: string };
    await vscode.workspace.getConfiguration('repodesk.hosting').update('oauthClientId', app.client_id, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('repodesk.setOAuthClientSecret', app.client_id, app.client_secret);
    let opened = false;
    api.testing!.setBrowserOpener(async (url) => {
      opened = true;
      void approveInBrowser(url, 'ada', 'ada-demo-password');
    });
    const signIn = vscode.commands.executeCommand('repodesk.signIn');
    while (!opened) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((r) => setTimeout(r, 200));
    }
    await signIn;
    api.testing!.setBrowserOpener(undefined);
  }
  assert.equal(api.testing!.session.account?.label, 'ada');
  await vscode.commands.executeCommand('repodesk.testing.setActiveRepository', 'analytical-engines', 'difference-engine');
  return api;
}
