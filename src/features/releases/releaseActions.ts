// Release commands: create (tag, target, name, body written in an editor,
// draft, prerelease), edit, publish a draft, delete, upload and download
// assets. Each command also takes its answers as an argument (for scripts and
// tests); without them it asks.
import * as vscode from 'vscode';
import type { HostingClient, Release, ReleaseAsset } from '../../hosting';
import type { ReleaseInput } from '../../hosting';
import { formatSize } from '../../util/viewFormat';
import { editMessage } from '../shared/messageEditor/messageEditor';
import { askText } from '../shared/askText';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';
import type { RepoCoords } from './releaseNodes';

export async function askNewRelease(client: HostingClient, at: RepoCoords): Promise<ReleaseInput | undefined> {
  // The questions before the notes are steps of one quick input: each box shows in the place of the last.
  const asked = await inSteps((steps) => askReleaseSteps(steps, client, at));
  if (!asked) return undefined;
  const { tag, repo, target, name, kind } = asked;
  const body = await editMessage({
    key: newReleaseKey(at),
    title: vscode.l10n.t('Release notes: {0}', tag.trim()),
    initial: `<!-- ${vscode.l10n.t('Release notes for {0}', tag.trim())} -->\n`,
    prompt: notesPrompt(vscode.l10n.t('Create Release')),
    action: vscode.l10n.t('Create Release'),
    cancelled: vscode.l10n.t('No release was created.'),
    // After a window reload: Create Release… again, its notes starting from the kept text.
    resume: { command: 'repodesk.releases.create', title: vscode.l10n.t('Create Release Again…') },
  });
  if (body === undefined) return undefined;
  return {
    tag_name: tag.trim(),
    target_commitish: target.trim() || repo.default_branch,
    name: name.trim(),
    body: stripTemplateComment(body),
    draft: kind.draft,
    prerelease: kind.prerelease,
  };
}

function stripTemplateComment(body: string): string {
  return body.replace(/^<!--[^\n]*-->\n?/, '').trim();
}

/** What a new release's notes are kept under (a cancelled or refused text is back at the next Create Release…). */
export const newReleaseKey = (at: RepoCoords) => `release:${at.owner}/${at.repo}`;

/** What an existing release's notes are kept under. */
export const releaseKey = (at: RepoCoords, release: Release) => `release:${at.owner}/${at.repo}#${release.id}`;

export async function askReleaseEdit(at: RepoCoords, release: Release): Promise<Partial<ReleaseInput> | undefined> {
  const name = await askText({
    title: vscode.l10n.t('Edit release {0} (1/2): name', release.tag_name),
    value: release.name ?? '',
    ignoreFocusOut: true,
  });
  if (name === undefined) return undefined;
  const body = await editMessage({
    key: releaseKey(at, release),
    title: vscode.l10n.t('Release notes: {0}', release.tag_name),
    initial: release.body ?? '',
    prompt: notesPrompt(vscode.l10n.t('Save Release')),
    action: vscode.l10n.t('Save Release'),
    cancelled: vscode.l10n.t('Release {0} was not changed.', release.tag_name),
  });
  if (body === undefined) return undefined;
  return { name, body };
}

/** Uploads a file's bytes through the release's `upload_url` template (read through `workspace.fs`: a local path, or any file system's URI in the browser). */
export async function uploadAsset(
  client: HostingClient,
  release: Release,
  file: string | vscode.Uri,
  progress?: vscode.Progress<{ message?: string }>,
): Promise<ReleaseAsset> {
  const uri = typeof file === 'string' ? vscode.Uri.file(file) : file;
  const bytes = await vscode.workspace.fs.readFile(uri);
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  progress?.report({ message: vscode.l10n.t('{0} ({1})', name, formatSize(bytes.length)) });
  return client.releases.uploadAsset(release, name, bytes, contentTypeOf(name));
}

/** Downloads an asset through its `browser_download_url` and writes it to a file. */
export async function downloadAsset(client: HostingClient, asset: ReleaseAsset, target: vscode.Uri): Promise<void> {
  await vscode.workspace.fs.writeFile(target, await client.releases.downloadAsset(asset));
}

const TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tgz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? TYPES[name.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}

function notesPrompt(action: string): string {
  return vscode.l10n.t('Write the release notes in the editor, then choose "{0}" in the status bar or ✓ in the editor\'s title bar.', action);
}

/** A new release's questions before its notes (tag, target, name, kind), or undefined when one was closed. */
async function askReleaseSteps(steps: StepBoxes, client: HostingClient, at: RepoCoords) {
  const tag = await steps.text({
    title: vscode.l10n.t('New release (1/5): tag'),
    prompt: vscode.l10n.t('An existing tag, or a new one created at the target'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The tag cannot be empty.')),
  });
  if (!tag) return undefined;
  // The tag's box stays, busy, while the repository is read for its default branch.
  const repo = await client.repos.get(at.owner, at.repo);
  const target = await steps.text({
    title: vscode.l10n.t('New release (2/5): target'),
    prompt: vscode.l10n.t('Branch or commit SHA for a new tag'),
    value: repo.default_branch,
    ignoreFocusOut: true,
  });
  if (target === undefined) return undefined;
  const name = await steps.text({ title: vscode.l10n.t('New release (3/5): name'), value: tag.trim(), ignoreFocusOut: true });
  if (name === undefined) return undefined;
  const kind = await steps.pick(
    [
      { label: vscode.l10n.t('Publish'), draft: false, prerelease: false },
      { label: vscode.l10n.t('Publish as prerelease'), draft: false, prerelease: true },
      { label: vscode.l10n.t('Save as draft'), draft: true, prerelease: false },
      { label: vscode.l10n.t('Save as draft prerelease'), draft: true, prerelease: true },
    ],
    { title: vscode.l10n.t('New release (4/5): kind'), ignoreFocusOut: true },
  );
  if (!kind) return undefined;
  return { tag, repo, target, name, kind };
}
