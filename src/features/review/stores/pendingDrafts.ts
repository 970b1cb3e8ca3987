// What the features that write comments (the editor's threads, the overview,
// the Review Comments view) need of a pending review: whether one is started
// on a pull request, its drafts, and adding one. The pending review feature
// (src/features/review/pendingReview) implements it; the wiring root hands it over.
import type * as vscode from 'vscode';
import type { PullKey } from './pullReviewComments';

export type PendingTarget =
  | { kind: 'line'; path: string; position: number; commitId: string; side: 'head' | 'base'; line: number; lineText?: string }
  | { kind: 'reply'; inReplyTo: number; path?: string }
  | { kind: 'conversation' };

export interface PendingDraft {
  id: string;
  seq: number;
  body: string;
  target: PendingTarget;
  writtenAt: string;
  /** The service's message of the last attempt that failed. */
  error?: string;
  /** Written while the service did not answer: posted once it answers (not part of a review). */
  queued?: boolean;
}

export interface PendingDrafts {
  /** A pull request's pending review started, changed, was submitted or discarded (undefined: any, as after a sign-in). */
  readonly onDidChange: vscode.Event<PullKey | undefined>;
  isActive(pull: PullKey): boolean;
  /** The drafts in the order written (none when no review is pending). */
  drafts(pull: PullKey): readonly PendingDraft[];
  add(pull: PullKey, body: string, target: PendingTarget): Promise<PendingDraft>;
}

/** Keeps a comment the service did not answer for, to post once it does (src/features/review/queuedComments). */
export type QueueComment = (pull: PullKey, body: string, target: PendingTarget) => Promise<void>;
