// The overview pages kept on disk (keptPages.ts): one file a page in the
// extension's global storage, named by a hash of its account and pull request,
// and the check their messages pass before a page is written with them.
import * as vscode from 'vscode';
import { hostToWebview, type HostToWebview } from './model/messages';
import { KeptPages, type PageFiles } from './keptPages';
import type { Logger } from '../shared/log/outputLog';
import type { HostingSession } from '../shared/session/hostingSession';

/** The window's kept pages, those on disk being read; forgotten in memory on another account or sign-in, read again. */
export function openKeptPages(context: vscode.ExtensionContext, session: HostingSession, log: Logger): KeptPages {
  const kept = new KeptPages(() => session.account?.id, log, {
    store: pageFiles(vscode.Uri.joinPath(context.globalStorageUri, 'overview-pages')),
    check: checkMessages,
  });
  context.subscriptions.push(
    session.onDidChange(() => {
      kept.clear();
      void kept.load();
    }),
  );
  void kept.load();
  return kept;
}

function pageFiles(folder: vscode.Uri): PageFiles {
  const file = (name: string) => vscode.Uri.joinPath(folder, name);
  return {
    async list() {
      const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(folder)).catch(() => []);
      const named = entries.filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.json')).map(([name]) => name);
      const dated = await Promise.all(
        named.map(async (name) => ({ name, mtime: (await Promise.resolve(vscode.workspace.fs.stat(file(name))).catch(() => undefined))?.mtime ?? 0 })),
      );
      return dated.sort((a, b) => b.mtime - a.mtime).map((d) => d.name);
    },
    read: async (name) =>
      Promise.resolve(vscode.workspace.fs.readFile(file(name))).then(
        (bytes) => new TextDecoder().decode(bytes),
        () => undefined,
      ),
    async write(name, text) {
      await vscode.workspace.fs.createDirectory(folder);
      await vscode.workspace.fs.writeFile(file(name), new TextEncoder().encode(text));
    },
    remove: async (name) => Promise.resolve(vscode.workspace.fs.delete(file(name))).then(() => undefined),
    async nameOf(at) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(at));
      return `${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}.json`;
    },
  };
}

/** Every message one the host could have posted (the schema it posts with). */
const checkMessages = (messages: unknown): messages is HostToWebview[] => Array.isArray(messages) && messages.every((m) => hostToWebview.safeParse(m).success);
