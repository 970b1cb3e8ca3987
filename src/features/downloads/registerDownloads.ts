// Downloads (docs/service-api/hosting/releases §7, deprecated; releases replace
// them): the Downloads group under each repository of the Repositories view,
// saving a download's file, deleting a download, and Move Downloads to a
// Release…. Each command also takes its answers as arguments.
import { RefusedLists, type RepositoryChildProvider } from '../shared/tree/repositoryLists';
import { downloadsGroup } from './downloadNodes';
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const DOWNLOAD_COMMANDS = ['repodesk.repo.downloads.save', 'repodesk.repo.downloads.delete', 'repodesk.repo.downloads.moveToRelease'] as const;
export type DownloadCommandId = (typeof DOWNLOAD_COMMANDS)[number];

export function registerDownloads({ extension: context, session }: Pick<FeatureContext, 'extension' | 'session'>): RepositoryChildProvider {
  const refused = new RefusedLists();
  context.subscriptions.push(session.onDidChange(() => refused.clear()));
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, DOWNLOAD_COMMANDS, () => import('./downloadCommands.js').then((m) => m.downloadCommands(session)));

  return {
    children: (target, _repo, baseId, onChanged) => [downloadsGroup(target, baseId, onChanged, refused)],
    userRefreshed: () => refused.clear(),
  };
}
