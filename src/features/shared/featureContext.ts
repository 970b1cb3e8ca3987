// What the wiring root hands every feature: one object with named parts, so
// a feature's register function says what it uses (a Pick of this) and the
// wiring root passes the same object to all. A feature that needs more (a
// store of review, another feature's provider) adds it by name.
import type * as vscode from 'vscode';
import type { HostingSession } from './session/hostingSession';
import type { EngagementSession } from './session/engagementSession';
import type { Logger } from './log/outputLog';
import type { ActiveRepository } from './selection/activeRepository';
import type { SelectedPull } from './selection/selectedPull';

export interface FeatureContext {
  /** VS Code's context of the extension: subscriptions, workspace and global state, secrets. */
  extension: vscode.ExtensionContext;
  /** The hosting service's accounts and the client of the one in use. */
  session: HostingSession;
  /** The engagement service's session (support cases and contacts). */
  engagement: EngagementSession;
  log: Logger;
  /** The repository the views show. */
  active: ActiveRepository;
  /** The pull request selected in the views. */
  selectedPull: SelectedPull;
}
