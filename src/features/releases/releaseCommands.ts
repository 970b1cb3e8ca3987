// The Releases view's commands: create, edit, publish and delete a release,
// upload and download an asset. Loaded on first use (registerReleases.ts
// registers them).
import * as vscode from 'vscode';
import type { Release, ReleaseInput } from '../../hosting';
import { added, changedWhere, removed, replaced, type ListEdit } from '../../util/listEdits';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import { NodeTreeProvider } from '../shared/tree/treeBase';
import { givenAnswers } from '../shared/commandArgs';
import { AssetNode, ReleaseNode } from './releaseNodes';
import { showFailure } from '../shared/failure';
import { signedInClient } from '../shared/session/require';
import type { CommandHandler } from '../shared/lazyCommands';
import { RELEASES_VIEW, type ReleaseCommandId } from './registerReleases';
import { askNewRelease, askReleaseEdit, downloadAsset, newReleaseKey, releaseKey, uploadAsset } from './releaseActions';
import { keepMessage } from '../shared/messageEditor/messageEditor';

export function releaseCommands(session: HostingSession, active: ActiveRepository, provider: NodeTreeProvider): Record<ReleaseCommandId, CommandHandler> {
  const client = () => signedInClient(session);
  // The view shows the change at once from the write's answer (`edit`), then reads the releases again.
  const run = async <T>(title: string, what: string, task: () => Thenable<T>, edit?: (answer: T) => ListEdit<Release>): Promise<T | undefined> => {
    try {
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
      if (edit) void provider.showChange(edit(result));
      return result;
    } catch (err) {
      showFailure(what, err);
      return undefined;
    }
  };

  return {
    'repodesk.releases.create': async (arg?: unknown) => {
      const input = givenAnswers<ReleaseInput>(arg);
      const c = client();
      const repo = active.value;
      if (!c || !repo) return undefined;
      const at = { owner: repo.owner, repo: repo.name };
      const answers = input ?? (await askNewRelease(c, at));
      if (!answers) return undefined;
      const made = await run(
        vscode.l10n.t('Creating release {0}…', answers.tag_name),
        vscode.l10n.t('Could not create the release'),
        () => c.releases.create(at.owner, at.repo, answers),
        (made) => added(made),
      );
      // Refused: the notes written are back in the editor at the next try.
      if (!made && !input && answers.body) keepMessage(newReleaseKey(at), answers.body);
      return made;
    },
    'repodesk.releases.edit': async (node?: ReleaseNode, arg?: unknown) => {
      const input = givenAnswers<Partial<ReleaseInput>>(arg);
      const c = client();
      if (!c || !(node instanceof ReleaseNode)) return undefined;
      const answers = input ?? (await askReleaseEdit(node.at, node.release));
      if (!answers) return undefined;
      const saved = await run(
        vscode.l10n.t('Saving release {0}…', node.release.tag_name),
        vscode.l10n.t('Could not edit the release'),
        () => c.releases.update(node.at.owner, node.at.repo, node.release.id, answers),
        (saved) => replaced(saved),
      );
      if (!saved && !input && answers.body) keepMessage(releaseKey(node.at, node.release), answers.body);
      return saved;
    },
    'repodesk.releases.publish': async (node?: ReleaseNode) => {
      const c = client();
      if (!c || !(node instanceof ReleaseNode)) return undefined;
      return run(
        vscode.l10n.t('Publishing {0}…', node.release.tag_name),
        vscode.l10n.t('Could not publish the release'),
        () => c.releases.update(node.at.owner, node.at.repo, node.release.id, { draft: false }),
        (saved) => replaced(saved),
      );
    },
    'repodesk.releases.delete': async (node?: ReleaseNode, confirmed?: boolean) => {
      const c = client();
      if (!c || !(node instanceof ReleaseNode)) return;
      const yes = vscode.l10n.t('Delete Release');
      if (
        confirmed !== true &&
        (await vscode.window.showWarningMessage(
          vscode.l10n.t('Delete the release {0}?', node.release.name ?? node.release.tag_name),
          { modal: true, detail: vscode.l10n.t('Its assets are deleted too; the tag {0} stays.', node.release.tag_name) },
          yes,
        )) !== yes
      )
        return;
      await run(
        vscode.l10n.t('Deleting {0}…', node.release.tag_name),
        vscode.l10n.t('Could not delete the release'),
        () => c.releases.delete(node.at.owner, node.at.repo, node.release.id),
        () => removed(node.release.id),
      );
    },
    'repodesk.releases.uploadAsset': async (node?: ReleaseNode, file?: vscode.Uri) => {
      const c = client();
      if (!c || !(node instanceof ReleaseNode)) return undefined;
      const picked = file
        ? [file]
        : await vscode.window.showOpenDialog({
            canSelectMany: false,
            openLabel: vscode.l10n.t('Upload'),
            title: vscode.l10n.t('Upload an asset to {0}', node.release.tag_name),
          });
      const uri = picked?.[0];
      if (!uri) return undefined;
      return run(
        vscode.l10n.t('Uploading to {0}', node.release.tag_name),
        vscode.l10n.t('Could not upload the asset'),
        () => vscode.window.withProgress({ location: { viewId: RELEASES_VIEW } }, async () => uploadAsset(c, node.release, uri)),
        (asset) =>
          changedWhere(
            (r) => r.id === node.release.id,
            (r) => ({ ...r, assets: [...r.assets.filter((a) => a.id !== asset.id), asset] }),
          ),
      );
    },
    'repodesk.releases.downloadAsset': async (node?: AssetNode, target?: vscode.Uri) => {
      const c = client();
      if (!c || !(node instanceof AssetNode)) return;
      const uri =
        target ?? (await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.file(node.asset.name), title: vscode.l10n.t('Save {0}', node.asset.name) }));
      if (!uri) return;
      const done = await run(
        vscode.l10n.t('Downloading {0}…', node.asset.name),
        vscode.l10n.t('Could not download the asset'),
        async () => {
          await downloadAsset(c, node.asset, uri);
          return true;
        },
        () =>
          changedWhere(
            (r) => r.id === node.release.id,
            (r) => ({ ...r, assets: r.assets.map((a) => (a.id === node.asset.id ? { ...a, download_count: a.download_count + 1 } : a)) }),
          ),
      );
      if (done) void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', uri.fsPath));
    },
    'repodesk.releases.openInBrowser': async (node?: ReleaseNode) => {
      if (node instanceof ReleaseNode) await vscode.env.openExternal(vscode.Uri.parse(node.release.html_url, true));
    },
  };
}
