// Branches: outside the documents (docs/service-api/hosting has no branches
// endpoint); the vendor's clients call them (octokit repos.listBranches /
// getBranch, PyGithub get_branches / get_branch). Read from the real
// repository's refs/heads; the emulator has no branch protection, so every
// branch is `protected: false`.
import type { FastifyInstance } from 'fastify';
import { listRefs } from '../../git';
import type { EmulatorContext } from '../../server';
import { ApiError } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import { commitObject, type Open, type RepoParams, type RestParams } from './common';
import { logOne } from './git';

const NO_PROTECTION = { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } };

export function registerBranchRoutes(app: FastifyInstance, ctx: EmulatorContext, open: Open): void {
  app.get<RepoParams & { Querystring: { protected?: string } }>('/repos/:owner/:repo/branches', async (req, reply) => {
    const { git, api } = open(req, reply, req.params);
    // `protected=true` asks for the protected ones: none here.
    const heads = req.query.protected === 'true' ? [] : await listRefs(git, 'heads');
    const branches = heads.map((r) => {
      const name = r.ref.slice('refs/heads/'.length);
      return { name, commit: { sha: r.sha, url: `${api}/commits/${r.sha}` }, protected: false };
    });
    return paginateArray(req, reply, branches);
  });

  // A branch name keeps its slashes (`feature/a`), so the rest of the path is the name.
  app.get<RestParams>('/repos/:owner/:repo/branches/*', async (req, reply) => {
    const o = open(req, reply, req.params);
    const name = req.params['*'];
    const ref = name === '' ? undefined : (await listRefs(o.git, `heads/${name}`)).find((r) => r.ref === `refs/heads/${name}`);
    if (!ref) throw new ApiError(404, 'Branch not found', undefined, '/v3');
    const self = `${o.api}/branches/${name}`;
    return {
      name,
      commit: commitObject(ctx, o, await logOne(o.git, ref.sha)),
      _links: { self, html: `${o.b.web}/${o.full}/tree/${name}` },
      protected: false,
      protection: NO_PROTECTION,
      protection_url: `${self}/protection`,
    };
  });
}
