// Gist comments (docs/service-api/hosting/comments §3, §4) on the signed-in
// user's gists, in a "Your gists" group of the Repositories view: read them,
// add one (written in an editor), edit or delete one's own, open a gist or a
// comment in the browser. Writing needs the gist scope, which RepoDesk does not
// ask for at sign-in: a refusal for want of it offers to sign in again for it.
// A failed request keeps the text for the next try. Each command also takes its
// answers as a plain object argument.
import type { RootGroupProvider } from '../shared/tree/rootGroups';
import { GistsGroupNode } from './gistNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const GIST_COMMANDS = [
  'repodesk.gists.refresh',
  'repodesk.gists.addComment',
  'repodesk.gists.editComment',
  'repodesk.gists.deleteComment',
  'repodesk.gists.openInBrowser',
] as const;
export type GistCommandId = (typeof GIST_COMMANDS)[number];

export function registerGists({ extension: context, session }: Pick<FeatureContext, 'extension' | 'session'>): RootGroupProvider {
  const me = () => session.login;
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, GIST_COMMANDS, () => import('./gistCommands.js').then((m) => m.gistCommands(session)));

  return {
    roots: (client, onChanged) => [new GistsGroupNode(client, onChanged, me)],
  };
}
