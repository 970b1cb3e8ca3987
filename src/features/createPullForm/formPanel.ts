// The Create Pull Request form's host side, loaded with the first form: it
// reads what the form offers (branches, labels, the workspace's templates),
// compares the branches chosen, renders the description's preview, and
// creates the pull request. A refusal goes back to the form in the service's
// words, with the text kept; the pull request created, the form closes, its
// overview opens and the Pull Requests view reads its list again.
import * as vscode from 'vscode';
import { collect, resolveAddresses, ValidationFailedError, type HostingClient } from '../../hosting';
import {
  commitsBetween,
  refusalText,
  startingBranches,
  suggestedText,
  TEMPLATE_FILES,
  TEMPLATE_FOLDER,
  templateChoices,
  templateText,
} from '../../reviewing/newPull';
import { repoOfRemotes } from '../../util/gitRemote';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import { branchOfFolder, remotesOfFolder } from '../shared/git/workspaceGit';
import type { HostedPanel, WebviewPanels } from '../shared/panels/webviewPanels';
import type { HostingSession } from '../shared/session/hostingSession';
import { repositoryTarget } from '../shared/session/require';
import { readHostingSettings } from '../shared/session/settings';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { formStrings } from './formStrings';
import { hostToWebview, webviewToHost, type FormTemplate, type HostToWebview, type WebviewToHost } from './model/messages';

/** The form's message schemas, loaded with its code. */
export const schemas = { incoming: webviewToHost, outgoing: hostToWebview };

type Panels = WebviewPanels<WebviewToHost, HostToWebview>;
type Hosted = HostedPanel<WebviewToHost, HostToWebview>;

/** The head a command gave for a form not yet started, by the form's key. */
const givenHeads = new Map<string, string>();
/** The forms open, by key: a head given to an open form goes to it. */
const forms = new Map<string, { useHead(head: string): void }>();

/** What the host posted to each form (tests read it). */
const posted = new Map<string, HostToWebview[]>();

let seams = false;
/** Test seams (once, when the form's code loads in a test run): what the host posted to a form, and a message handled as if the form had sent it. */
function registerFormTesting(context: vscode.ExtensionContext, panels: Panels): void {
  if (seams || context.extensionMode !== vscode.ExtensionMode.Test) return;
  seams = true;
  context.subscriptions.push(
    vscode.commands.registerCommand('repodesk.testing.createPullForm.posted', (key: string) => posted.get(key) ?? []),
    vscode.commands.registerCommand('repodesk.testing.createPullForm.send', (key: string, message: unknown) => panels.get(key)?.receive(message)),
  );
}

const keyOf = (owner: string, repo: string) => `${owner}/${repo}`;

/** Opens (or shows) the form of the active repository; `{ head }` chooses the head. Resolves to the form's key. */
export async function openForm(
  panels: Panels,
  context: vscode.ExtensionContext,
  session: HostingSession,
  active: ActiveRepository,
  arg?: unknown,
): Promise<string | undefined> {
  registerFormTesting(context, panels);
  const target = repositoryTarget(session, active);
  if (!target) return undefined;
  const key = keyOf(target.owner, target.repo);
  const head = givenAnswers<{ head?: unknown }>(arg)?.head;
  const open = forms.get(key);
  if (typeof head === 'string' && head) {
    if (open) open.useHead(head);
    else givenHeads.set(key, head);
  }
  panels.show(key, vscode.l10n.t('New Pull Request: {0}', key));
  return key;
}

/** Starts a form's panel (opened, or restored after a window reload). */
export function startForm(hosted: Hosted, context: vscode.ExtensionContext, session: HostingSession): vscode.Disposable {
  const [owner = '', repo = ''] = hosted.key.split('/');
  const subscriptions: vscode.Disposable[] = [];
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    if (!posted.has(hosted.key)) posted.set(hosted.key, []);
    subscriptions.push(hosted.onDidPost((m) => posted.get(hosted.key)?.push(m)));
  }
  let heads: Map<string, string> | undefined;
  // The branches being read: a comparison asked meanwhile (a base picked at once) waits for them.
  let headsRead: Promise<unknown> = Promise.resolve();
  const client = (): HostingClient => {
    if (!session.client) throw new Error(vscode.l10n.t('Sign in to RepoDesk first.'));
    return session.client;
  };

  const sendRepository = (given: string | undefined): Promise<void> => {
    const read = readRepository(given);
    headsRead = read;
    return read;
  };
  const readRepository = async (given: string | undefined) => {
    try {
      const c = client();
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const [repository, refs, labels, workspace, templates] = await Promise.all([
        c.repos.get(owner, repo),
        collect(c.git.listRefs(owner, repo, 'heads')),
        collect(c.labels.listForRepo(owner, repo)),
        folder ? workspaceOf(folder, owner, repo) : { branch: undefined, onRepository: false },
        folder ? readTemplates(folder) : [],
      ]);
      heads = new Map(refs.map((r) => [r.ref.replace(/^refs\/heads\//, ''), r.object.sha]));
      const branches = [...heads.keys()].sort((a, b) => a.localeCompare(b));
      const start = startingBranches(branches, repository.default_branch ?? 'master', given, workspace);
      await hosted.post({
        type: 'repository',
        repository: hosted.key,
        branches,
        base: start.base,
        ...(start.head ? { head: start.head } : {}),
        given: given !== undefined,
        labels: labels.map((l) => ({ name: l.name, color: l.color })),
        templates,
      });
    } catch (err) {
      await hosted.post({ type: 'loadFailed', message: errorText(err) });
    }
  };

  const compare = async (base: string, head: string) => {
    const reply = { type: 'compared', base, head } as const;
    try {
      const c = client();
      await headsRead;
      const [baseSha, headSha] = [heads?.get(base), heads?.get(head)];
      if (!baseSha || !headSha) throw new Error(vscode.l10n.t('The service has no branch {0}.', !baseSha ? base : head));
      const between = await commitsBetween(
        async (sha) => {
          const commit = await c.git.getCommit(owner, repo, sha);
          return { parents: commit.parents.map((p) => p.sha), time: Date.parse(commit.committer.date), message: commit.message };
        },
        headSha,
        baseSha,
      );
      const text = suggestedText(head, between?.commits ?? []);
      await hosted.post({ ...reply, ahead: between ? between.commits.length : null, behind: between ? between.behind : null, ...text });
    } catch (err) {
      await hosted.post({ ...reply, ahead: null, behind: null, title: '', body: '', error: errorText(err) });
    }
  };

  const create = async (m: Extract<WebviewToHost, { type: 'create' }>) => {
    let c: HostingClient;
    let number: number;
    try {
      c = client();
      const pull = await c.pulls.create(owner, repo, { head: m.head, base: m.base, title: m.title, ...(m.body.trim() ? { body: m.body } : {}) });
      number = pull.number;
    } catch (err) {
      const details = err instanceof ValidationFailedError ? err.errors.map((e) => e.message) : [];
      await hosted.post({ type: 'refused', message: refusalText(errorText(err), details) });
      return;
    }
    // Created: the form has done its work, whatever happens to the labels.
    hosted.panel.dispose();
    if (m.labels.length) {
      try {
        await c.labels.addToIssue(owner, repo, number, m.labels);
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Created pull request #{0}, but could not set its labels: {1}', number, errorText(err)));
      }
    }
    void vscode.commands.executeCommand('repodesk.pulls.refresh');
    await vscode.commands.executeCommand('repodesk.pulls.openOverview', { owner, repo, number });
    void vscode.window.showInformationMessage(vscode.l10n.t('Created pull request #{0}.', number));
  };

  const preview = async (request: number, text: string) => {
    const { renderMarkdown } = await import('../../util/markdown.js');
    await hosted.post({ type: 'previewed', request, html: renderMarkdown(text) });
  };

  forms.set(hosted.key, {
    useHead: (head) => {
      void sendRepository(head);
    },
  });
  subscriptions.push(
    hosted.onMessage((m) => {
      switch (m.type) {
        case 'ready': {
          const given = givenHeads.get(hosted.key);
          givenHeads.delete(hosted.key);
          void hosted.post({ type: 'init', strings: formStrings() }).then(() => sendRepository(given));
          return;
        }
        case 'compare':
          return void compare(m.base, m.head);
        case 'preview':
          return void preview(m.request, m.text);
        case 'create':
          return void create(m);
      }
    }),
  );
  return new vscode.Disposable(() => {
    forms.delete(hosted.key);
    for (const s of subscriptions) s.dispose();
  });
}

/** The workspace's branch, and whether the workspace is a checkout of owner/repo on the configured service. */
async function workspaceOf(folder: vscode.Uri, owner: string, repo: string): Promise<{ branch: string | undefined; onRepository: boolean }> {
  const s = readHostingSettings();
  let hosts: string[];
  try {
    const a = resolveAddresses(s.apiUrl, s.webUrl);
    hosts = [...new Set([new URL(a.webUrl).host, new URL(a.apiUrl).host])];
  } catch {
    return { branch: undefined, onRepository: false };
  }
  const [remote, branch] = await Promise.all([remotesOfFolder(folder).then((r) => repoOfRemotes(r, hosts)), branchOfFolder(folder)]);
  const onRepository = remote?.owner.toLowerCase() === owner.toLowerCase() && remote.name.toLowerCase() === repo.toLowerCase();
  return { branch, onRepository };
}

/** The workspace's pull request templates, as text (cut when too large or not UTF-8). */
async function readTemplates(folder: vscode.Uri): Promise<FormTemplate[]> {
  const at = (path: string) => vscode.Uri.joinPath(folder, ...path.split('/'));
  const isFile = (path: string) =>
    vscode.workspace.fs.stat(at(path)).then(
      (s) => (s.type & vscode.FileType.File) !== 0,
      () => false,
    );
  const [found, folderEntries] = await Promise.all([
    Promise.all(TEMPLATE_FILES.map(async (f) => ((await isFile(f)) ? [f] : []))).then((r) => r.flat()),
    // Looked at first: reading a folder that is not there is logged by VS Code as an error.
    vscode.workspace.fs.stat(at(TEMPLATE_FOLDER)).then(
      async (folderStat) =>
        (folderStat.type & vscode.FileType.Directory) === 0
          ? []
          : (await vscode.workspace.fs.readDirectory(at(TEMPLATE_FOLDER))).filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name),
      () => [] as string[],
    ),
  ]);
  const paths = templateChoices(found, folderEntries);
  const read = await Promise.all(
    paths.map(async (path) => {
      try {
        return [{ path, ...templateText(await vscode.workspace.fs.readFile(at(path))) }];
      } catch {
        return [];
      }
    }),
  );
  return read.flat();
}
