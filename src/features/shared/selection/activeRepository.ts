// The active repository drives the Pull Requests, Releases and Git Refs views.
// It is remembered per workspace.
import * as vscode from 'vscode';

export interface RepoRef {
  owner: string;
  name: string;
}

const KEY = 'repodesk.activeRepository';

export class ActiveRepository implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RepoRef | undefined>();
  readonly onDidChange = this.changed.event;
  private current: RepoRef | undefined;

  constructor(private readonly state: vscode.Memento) {
    this.current = state.get<RepoRef>(KEY);
    void this.updateContext();
  }

  get value(): RepoRef | undefined {
    return this.current;
  }

  async set(repo: RepoRef | undefined): Promise<void> {
    if (repo && this.current && repo.owner === this.current.owner && repo.name === this.current.name) return;
    // The views hear of it at once; remembering it (the workspace state, the context key: round trips to the
    // window) follows. A write still pending, or refused, would otherwise leave the views on the old repository
    // while every later click on the new one found it current already.
    const apply = async () => {
      this.current = repo;
      this.changed.fire(repo);
      await Promise.all([this.state.update(KEY, repo), this.updateContext()]);
    };
    await (this.switcher ? this.switcher(repo, apply) : apply());
  }

  /**
   * Every change goes through `switcher`, which runs `apply` (the change and
   * its event) when it is ready: the account switch makes the repository's
   * remembered account the one in use first, so that no view reads the
   * repository with another account's token.
   */
  routeChangesThrough(switcher: (repo: RepoRef | undefined, apply: () => Promise<void>) => Promise<void>): void {
    this.switcher = switcher;
  }

  private switcher: ((repo: RepoRef | undefined, apply: () => Promise<void>) => Promise<void>) | undefined;

  dispose(): void {
    this.changed.dispose();
  }

  private updateContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'repodesk.activeRepository', this.current ? `${this.current.owner}/${this.current.name}` : undefined);
  }
}
