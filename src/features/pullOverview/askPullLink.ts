// "Open Pull Request…" from the palette, and RepoDesk's vscode:// links: a
// pull request's number, `owner/repo#N`, its web or API URL, or a link
// (src/util/pullLink.ts). A URL of another configured service opens the pull
// request with an account of that service, or says which one to sign in to.
// Loaded on first use (registerPullOverview.ts).
import * as vscode from 'vscode';
import type { RepoRef } from '../shared/selection/activeRepository';
import type { HostingSession } from '../shared/session/hostingSession';
import { readHostingServices } from '../shared/session/settings';
import { parsePullLink, type PullLink, type PullLinkProblem } from '../../util/pullLink';
import type { PullKeyParts } from './overviewLoader';

/** What a user reads when their text names no pull request, saying what was expected. */
function problemText(problem: PullLinkProblem): string {
  switch (problem.kind) {
    case 'empty':
      return vscode.l10n.t('Type a number, owner/repo#number or the pull request’s URL.');
    case 'noRepository':
      return vscode.l10n.t('#number needs a repository: select one in the Repositories view, or type owner/repo#number.');
    case 'unknownHost':
      return vscode.l10n.t('No hosting service of repodesk.hosting.services is at {0}: add it there to open its pull requests.', problem.host);
    case 'notAPull':
      return vscode.l10n.t('Expected a pull request: a number, owner/repo#number, a URL such as https://host/owner/repo/pull/12, or a vscode:// link to one.');
  }
}

const services = () => readHostingServices().services;

/** The pull request a given link names (text as readGivenLink reads it), or asked for when none was given. */
export async function pullOfLink(given: unknown, repo: RepoRef | undefined, session: HostingSession): Promise<PullKeyParts | undefined> {
  const link = typeof given === 'string' ? readGivenLink(given, repo) : await askPullLink(repo);
  return link ? withAccountOf(link, session) : undefined;
}

/** Asks for a pull request; undefined when the user cancels. */
async function askPullLink(repo: RepoRef | undefined): Promise<PullLink | undefined> {
  const typed = await vscode.window.showInputBox({
    title: repo ? vscode.l10n.t('Open Pull Request of {0}/{1}', repo.owner, repo.name) : vscode.l10n.t('Open Pull Request'),
    prompt: vscode.l10n.t('A number, owner/repo#number, or the pull request’s URL'),
    validateInput: (v) => {
      const read = parsePullLink(v, services(), repo);
      return read.ok ? undefined : problemText(read.problem);
    },
  });
  if (typed === undefined) return undefined;
  const read = parsePullLink(typed, services(), repo);
  return read.ok ? read.link : undefined;
}

/** A link given to the command (the URI handler's): the pull request, or undefined after saying what was wrong. */
function readGivenLink(text: string, repo: RepoRef | undefined): PullLink | undefined {
  const read = parsePullLink(text, services(), repo);
  if (read.ok) return read.link;
  void vscode.window.showErrorMessage(vscode.l10n.t('RepoDesk cannot open “{0}”: {1}', text, problemText(read.problem)));
  return undefined;
}

/**
 * The pull request, once the account in use is one of the link's service:
 * the current account when it is, else a signed-in account of that service
 * (made the one in use), else undefined after offering to sign in.
 */
async function withAccountOf(link: PullLink, session: HostingSession): Promise<PullKeyParts | undefined> {
  const parts = { owner: link.owner, repo: link.repo, number: link.number };
  if (link.service === undefined) return parts;
  const current = session.accounts.find((a) => a.id === session.account?.id);
  if (current?.serviceName === link.service) return parts;
  const other = session.accounts.find((a) => a.serviceName === link.service && !session.isSignedOut(a.id));
  if (other) {
    await session.useAccount(other.id);
    return parts;
  }
  const signIn = vscode.l10n.t('Sign In');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0}/{1}#{2} is on {3}: sign in to {3} to open it.', link.owner, link.repo, link.number, link.service),
    signIn,
  );
  if (choice === signIn) void vscode.commands.executeCommand('repodesk.signIn');
  return undefined;
}
