// A draft of a pending review as the Comments API draws it: the author's
// name, its body as untrusted markdown, and "Pending" (with "outdated" when
// written on another head, and the service's message after a failed submit).
// A comment queued while the service did not answer is drawn the same way,
// marked "Queued".
import * as vscode from 'vscode';
import type { PendingDraft } from '../stores/pendingDrafts';
import { untrustedMarkdown } from './reviewCommentItem';

export class PendingCommentItem implements vscode.Comment {
  body: vscode.MarkdownString;
  mode = vscode.CommentMode.Preview;
  author: vscode.CommentAuthorInformation;
  timestamp: Date | undefined;
  label: string;
  contextValue: 'pending' | 'queued';

  constructor(
    readonly draft: PendingDraft,
    me: string | undefined,
    outdated: boolean,
  ) {
    this.body = untrustedMarkdown(draft.body);
    this.author = { name: me ?? vscode.l10n.t('You') };
    this.timestamp = draft.writtenAt ? new Date(draft.writtenAt) : undefined;
    this.contextValue = draft.queued ? 'queued' : 'pending';
    this.label = [
      draft.queued ? vscode.l10n.t('Queued: posted when the service answers') : vscode.l10n.t('Pending'),
      outdated ? vscode.l10n.t('outdated') : undefined,
      draft.error ? vscode.l10n.t('not posted: {0}', draft.error) : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  }
}
