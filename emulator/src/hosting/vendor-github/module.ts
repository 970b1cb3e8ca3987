// Routes outside the documents that the vendor's clients call all the time
// (octokit, PyGithub, git): branches, contents and the readme, repository
// commits, compare, and the web addresses of raw files, diffs and patches.
// Served under `--vendor github` only; without it the emulator keeps to the
// documents and these paths answer 404
// (emulator/README.md, "Outside the documents, with `--vendor github`").
// No tables: everything is read from and written to the real git repositories.
import type { EmulatorModule } from '../../server';
import { isGithubVendor } from '../conventions/vendor';
import { repositoriesOf } from '../conventions/repositories';
import { registerBranchRoutes } from './branches';
import { opener } from './common';
import { registerCommitRoutes } from './commits';
import { registerCompareRoutes } from './compare';
import { registerContentRoutes } from './contents';
import { registerContentWrites } from './contents-write';
import { registerDiffPages } from './diff-pages';
import { registerRawRoute } from './raw';

export const vendorGithubModule: EmulatorModule = {
  name: 'hosting-vendor-github',
  migrations: [],
  register(app, ctx) {
    if (!isGithubVendor(ctx.limits.vendor)) return;
    const repositories = repositoriesOf(ctx);
    const open = opener(ctx, repositories);
    registerBranchRoutes(app, ctx, open);
    registerContentRoutes(app, ctx, open);
    registerContentWrites(app, ctx, open);
    registerCommitRoutes(app, ctx, open);
    registerCompareRoutes(app, ctx, open, repositories);
    registerRawRoute(app, ctx, repositories);
    registerDiffPages(app, ctx, repositories);
  },
};
