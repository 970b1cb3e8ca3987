// Opens a file of a pull request as a base/head diff over the `repodesk:`
// file system, optionally at a line.
import * as vscode from 'vscode';
import { gitUri, rememberBlob } from './gitFileSystem';
import { tellPullDiff, type PullDiffOpening } from './pullDiffs';
import type { GitLocation } from '../../../util/gitUri';

export interface DiffSides {
  owner: string;
  repo: string;
  baseSha: string;
  headSha: string;
  path: string;
  /** `added` has no base side, `removed` no head side. */
  status?: string | undefined;
  number?: number | undefined;
  /** The head side's blob SHA when known (a pull request's file list gives it): read without walking the trees. */
  headBlob?: string | undefined;
  /** The account whose pull request this is: both sides and its threads are read with it (none: the account in use). */
  accountId?: string | undefined;
  /** The editor's title (default: the file's name, with the pull request's number). */
  title?: string | undefined;
}

/**
 * Opens the diff (at a line of one side); resolves to the documents of its two sides. `stillWanted`, when
 * given, is asked once the sides are read, just before the editor opens: false opens nothing (what the
 * diff was to replace went meanwhile).
 */
export async function openDiff(
  d: DiffSides,
  at?: { side: 'head' | 'base'; line: number },
  show?: Pick<vscode.TextDocumentShowOptions, 'viewColumn' | 'preserveFocus' | 'preview'>,
  stillWanted?: () => boolean,
): Promise<{ base: vscode.Uri; head: vscode.Uri }> {
  // Heard first: the pull request's threads are read (and the head side's drawn) while the sides are.
  const opening = d.number === undefined ? undefined : (d as PullDiffOpening);
  if (opening) tellPullDiff(opening);
  let opened = false;
  try {
    const account = d.accountId;
    // `added` has no base side and `removed` no head side; without the change kind, a side where the file does not exist
    // reads as empty (both sides asked at once).
    const there = (side: 'base' | 'head') =>
      d.status === undefined
        ? exists({ owner: d.owner, repo: d.repo, sha: side === 'base' ? d.baseSha : d.headSha, path: d.path, account })
        : Promise.resolve(d.status !== (side === 'base' ? 'added' : 'removed'));
    const [baseThere, headThere] = await Promise.all([there('base'), there('head')]);
    // The pull request's number is in both sides' URIs: a diff VS Code restores after a reload still names it.
    const pull = d.number;
    const left = gitUri({ owner: d.owner, repo: d.repo, sha: d.baseSha, path: d.path, empty: !baseThere, account, pull });
    const right = gitUri({ owner: d.owner, repo: d.repo, sha: d.headSha, path: d.path, empty: !headThere, account, pull });
    if (d.headBlob && headThere) rememberBlob({ owner: d.owner, repo: d.repo, sha: d.headSha, path: d.path, account }, d.headBlob);
    const name = d.path.slice(d.path.lastIndexOf('/') + 1);
    const title = d.title ?? (d.number !== undefined ? vscode.l10n.t('{0} (#{1})', name, d.number) : name);
    const options: vscode.TextDocumentShowOptions = { preview: true, ...show };
    if (at && at.side === 'head') options.selection = new vscode.Range(at.line - 1, 0, at.line - 1, 0);
    if (stillWanted && !stillWanted()) return { base: left, head: right };
    await vscode.commands.executeCommand('vscode.diff', left, right, title, options);
    // A removed file's head side is the empty document, not the one whose threads were drawn as it opened.
    opened = headThere;
    if (at && at.side === 'base') {
      // The selection option applies to the modified side; move the original side's cursor instead.
      const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === left.toString());
      if (editor) {
        const range = new vscode.Range(at.line - 1, 0, at.line - 1, 0);
        editor.selection = new vscode.Selection(range.start, range.start);
        editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
      }
    }
    return { base: left, head: right };
  } finally {
    // Until then its head side's threads are kept through redraws; they go if it did not open.
    if (opening) tellPullDiff(opening, opened);
  }
}

async function exists(loc: GitLocation): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(gitUri(loc));
    return true;
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') return false;
    throw err;
  }
}
