// One review comment as the Comments API draws it: author with avatar, time,
// body as untrusted markdown (no command links, no HTML), and a context value
// that says whether it is the signed-in user's (edit, delete) and whether it
// is being edited or is a draft kept after a failed request.
import * as vscode from 'vscode';
import type { ReviewComment } from '../../../hosting';
import { parseSuggestions, suggestedLine, suggestionMarkdown } from '../../../reviewing/suggestions';

/** The body as drawn: a suggested change as a diff of the commented line (its hunk ends at it). */
function drawnBody(c: ReviewComment): string {
  const old = suggestedLine(c.diff_hunk);
  return suggestionMarkdown(c.body, old ? [old.text] : undefined, vscode.l10n.t('Suggested change'));
}

/** A comment's Markdown as the user wrote it, drawn without trust: links to commands and raw HTML stay inert. */
export function untrustedMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export class ReviewCommentItem implements vscode.Comment {
  body: string | vscode.MarkdownString;
  mode = vscode.CommentMode.Preview;
  author: vscode.CommentAuthorInformation;
  timestamp: Date | undefined;
  label: string | undefined;
  contextValue: string;

  constructor(
    /** The thread it is in (a function: a thread is created with its comments, so they exist first). */
    private readonly parentOf: () => vscode.CommentThread,
    /** Undefined for a draft: text kept after a failed request, offered again for saving. */
    readonly comment: ReviewComment | undefined,
    readonly own: boolean,
    avatar: vscode.Uri | undefined,
    outdated: boolean,
    draftText = '',
  ) {
    if (comment) {
      this.body = untrustedMarkdown(drawnBody(comment));
      this.author = { name: comment.user.login, ...(avatar ? { iconPath: avatar } : {}) };
      this.timestamp = new Date(comment.created_at);
      this.label =
        [outdated ? vscode.l10n.t('Outdated') : undefined, comment.updated_at !== comment.created_at ? vscode.l10n.t('edited') : undefined]
          .filter(Boolean)
          .join(' · ') || undefined;
      // "own.suggestion": Apply Suggestion shows on comments that hold one.
      this.contextValue = `${own ? 'own' : 'other'}${parseSuggestions(comment.body).length > 0 ? '.suggestion' : ''}`;
    } else {
      this.body = draftText;
      this.mode = vscode.CommentMode.Editing;
      this.author = { name: vscode.l10n.t('Not sent') };
      this.label = vscode.l10n.t('Draft');
      this.contextValue = 'draft';
    }
  }

  get parent(): vscode.CommentThread {
    return this.parentOf();
  }

  /** The text in the comment's editor (a string while editing). */
  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.value;
  }

  startEditing(): void {
    this.body = this.comment?.body ?? this.text;
    this.mode = vscode.CommentMode.Editing;
  }

  stopEditing(): void {
    if (this.comment) this.body = untrustedMarkdown(drawnBody(this.comment));
    this.mode = vscode.CommentMode.Preview;
  }
}
