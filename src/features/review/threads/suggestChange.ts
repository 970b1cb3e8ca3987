// Suggest a Change: from a line selected in a pull request's file (its diff's
// head side, or the workspace file at the head), a new review thread on that
// line whose comment box holds a ```suggestion block with the line's text,
// to edit and save. A review comment addresses one line (the API's
// position), so a selection of several lines suggests a change to its first.
import * as vscode from 'vscode';
import { mapPositions, positionOfLine } from '../../../reviewing/diffPosition';
import type { InlineThreads } from './inlineThreads';
import { ReviewCommentItem } from './reviewCommentItem';

/** The block a suggestion of these lines starts with (a fence longer than any backtick run in them). */
export function suggestionDraft(lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}suggestion`, ...lines, fence].join('\n');
}

export async function suggestChange(inline: InlineThreads, editor = vscode.window.activeTextEditor): Promise<vscode.CommentThread | undefined> {
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t("Select a line of a pull request's file first."));
    return undefined;
  }
  const document = editor.document;
  const line = editor.selection.start.line + 1;
  const place = await inline.placeOf(document.uri);
  const position = place?.current && place.side === 'head' && place.file ? positionOfLine(mapPositions(place.file.patch), 'head', line) : undefined;
  if (!place || position === undefined) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        "Line {0} of {1} is not a line the pull request's head changes or shows: a suggestion can be made only there.",
        line,
        vscode.workspace.asRelativePath(document.uri),
      ),
    );
    return undefined;
  }
  if (
    editor.selection.end.line > editor.selection.start.line &&
    !(editor.selection.end.line === editor.selection.start.line + 1 && editor.selection.end.character === 0)
  ) {
    void vscode.window.showInformationMessage(vscode.l10n.t('A review comment addresses one line: the suggestion is for line {0}.', line));
  }
  const text = suggestionDraft([document.lineAt(line - 1).text]);
  const created: { thread?: vscode.CommentThread } = {};
  const thread = (created.thread = inline.controller.createCommentThread(document.uri, new vscode.Range(line - 1, 0, line - 1, 0), []));
  thread.comments = [new ReviewCommentItem(() => created.thread!, undefined, true, undefined, false, text)];
  thread.canReply = false;
  thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
  return thread;
}
