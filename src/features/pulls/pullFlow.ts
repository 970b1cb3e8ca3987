// What the flows of a pull request's life share: the session, the active
// repository, and whom to tell of a changed pull request.
import * as vscode from 'vscode';
import type { PullRequest } from '../../hosting';
import type { HostingSession } from '../shared/session/hostingSession';
import type { ActiveRepository } from '../shared/selection/activeRepository';

export interface PullFlow {
  session: HostingSession;
  active: ActiveRepository;
  /** Shows the changed pull request at once and re-reads the views a change shows in; without one, only re-reads them. */
  onChanged: (pull?: PullRequest) => void;
}

/** A write under a notification's progress. */
export function notifyProgress<T>(title: string, task: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}
