// What the Downloads rows do: save a download's file, and move downloads to
// a release (releases replace downloads): each chosen file is read from the
// download's address and uploaded as an asset of a new or existing release;
// the old downloads are deleted only after a confirmation, and only those
// that moved.
import * as vscode from 'vscode';
import { collect, type Download, type Release } from '../../hosting';
import { errorText } from '../shared/failure';
import type { RepoTarget } from '../shared/session/require';
import { inSteps } from '../shared/stepBoxes';
import { confirm } from '../shared/tree/repositoryLists';

/** A download's file, from its html_url (where the service serves it). */
export function downloadBytes(r: RepoTarget, d: Download): Promise<Uint8Array> {
  return r.client.releases.downloadAsset({ browser_download_url: d.html_url });
}

export async function askSaveTarget(d: Download): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save {0}', d.name),
    saveLabel: vscode.l10n.t('Save Download'),
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, d.name) } : {}),
  });
}

/** The release to move to: an existing one, or a new one made from these answers. */
type ReleaseChoice = { id: number } | { tag_name: string; name?: string; draft?: boolean };

export interface MoveAnswers {
  /** Download ids; by default every download of the repository. */
  downloads?: number[];
  release: ReleaseChoice;
  /** Delete the downloads that moved; asked when not given. */
  deleteMoved?: boolean;
}

export interface MoveResult {
  release: string;
  moved: string[];
  failed: { name: string; message: string }[];
  deleted: string[];
}

/** Asks which downloads and which release, as the steps of one quick input; undefined when cancelled. */
export function askMove(r: RepoTarget, all: readonly Download[], preselected: number | undefined): Promise<MoveAnswers | undefined> {
  return inSteps(async (steps) => {
    const picked = await steps.pickMany(
      all.map((d) => ({ label: d.name, description: d.description ?? undefined, picked: preselected === undefined || preselected === d.id, id: d.id })),
      { title: vscode.l10n.t('Move Downloads to a Release (1/2): downloads'), ignoreFocusOut: true },
    );
    if (!picked?.length) return undefined;
    // The answered step shows busy while the releases are read.
    const releases = await collect(r.client.releases.list(r.owner, r.repo));
    const choice = await steps.pick(
      [
        { label: `$(add) ${vscode.l10n.t('New Release…')}`, id: undefined as number | undefined },
        ...releases.map((x) => ({
          label: `$(tag) ${x.tag_name}`,
          description: [x.name ?? undefined, x.draft ? vscode.l10n.t('draft') : undefined, x.prerelease ? vscode.l10n.t('prerelease') : undefined]
            .filter(Boolean)
            .join(' · '),
          id: x.id as number | undefined,
        })),
      ],
      { title: vscode.l10n.t('Move Downloads to a Release (2/2): release'), ignoreFocusOut: true },
    );
    if (!choice) return undefined;
    const downloads = picked.map((p) => p.id);
    if (choice.id !== undefined) return { downloads, release: { id: choice.id } };
    const tag = await steps.text({
      title: vscode.l10n.t('New release: tag'),
      prompt: vscode.l10n.t('Created at the default branch when it does not exist'),
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() && !/\s/.test(v.trim()) ? undefined : vscode.l10n.t('A tag name, without spaces.')),
    });
    if (!tag) return undefined;
    const kind = await steps.pick(
      [
        { label: vscode.l10n.t('Save as draft'), description: vscode.l10n.t('publish it from Releases after a look'), draft: true },
        { label: vscode.l10n.t('Publish'), draft: false },
      ],
      { title: vscode.l10n.t('New release {0}', tag.trim()), ignoreFocusOut: true },
    );
    if (!kind) return undefined;
    return { downloads, release: { tag_name: tag.trim(), name: tag.trim(), draft: kind.draft } };
  });
}

async function targetRelease(r: RepoTarget, choice: ReleaseChoice): Promise<Release> {
  if ('id' in choice) return r.client.releases.get(r.owner, r.repo, choice.id);
  return r.client.releases.create(r.owner, r.repo, { tag_name: choice.tag_name, name: choice.name ?? choice.tag_name, draft: choice.draft ?? true });
}

/** Uploads each chosen download as an asset of the release, one at a time; a failure is reported and the rest go on. */
export async function moveDownloads(r: RepoTarget, all: readonly Download[], answers: MoveAnswers): Promise<MoveResult | undefined> {
  const chosen = answers.downloads ? all.filter((d) => answers.downloads!.includes(d.id)) : [...all];
  if (chosen.length === 0) return undefined;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Moving downloads to a release'), cancellable: true },
    async (progress, token) => {
      progress.report({ message: vscode.l10n.t('preparing the release…') });
      const release = await targetRelease(r, answers.release);
      const result: MoveResult = { release: release.tag_name, moved: [], failed: [], deleted: [] };
      for (const [i, d] of chosen.entries()) {
        if (token.isCancellationRequested) break;
        progress.report({ message: `${d.name} (${i + 1}/${chosen.length})`, increment: 100 / chosen.length });
        try {
          const bytes = await downloadBytes(r, d);
          await r.client.releases.uploadAsset(release, d.name, bytes, d.content_type || 'application/octet-stream');
          result.moved.push(d.name);
        } catch (err) {
          result.failed.push({ name: d.name, message: errorText(err) });
        }
      }
      return result;
    },
  );
}

export function confirmDeleteMoved(names: readonly string[], tag: string): Promise<boolean> {
  return confirm(
    names.length === 1
      ? vscode.l10n.t('Delete the download {0}, now an asset of {1}?', names[0]!, tag)
      : vscode.l10n.t('Delete the {0} downloads now assets of {1}?', names.length, tag),
    vscode.l10n.t('Delete Downloads'),
    names.join('\n'),
  );
}

export function confirmDownloadDelete(name: string): Promise<boolean> {
  return confirm(
    vscode.l10n.t('Delete the download {0}?', name),
    vscode.l10n.t('Delete Download'),
    vscode.l10n.t('Its address stops working; downloads cannot be uploaded again (move it to a release first).'),
  );
}
