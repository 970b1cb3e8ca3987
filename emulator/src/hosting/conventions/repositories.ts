// The one set of open git repositories of a server: every module that reads
// git objects shares it, so a repository has one `git cat-file` process at
// most (not one per module), bounded in number and ended when idle or when
// the repository is deleted (git/repository.ts).
import { Repositories } from '../../git';
import type { EmulatorContext } from '../../server';

const shared = new WeakMap<EmulatorContext, Repositories>();

export function repositoriesOf(ctx: EmulatorContext): Repositories {
  let repositories = shared.get(ctx);
  if (!repositories) {
    const made = new Repositories(ctx.gitEnv.homeDir);
    repositories = made;
    shared.set(ctx, made);
    ctx.onClose(() => made.closeAll());
  }
  return repositories;
}
