// The 11 label rows of docs/service-api/hosting/labels §2. Status codes as §3
// decides: list and get 200, create 201, update 200, delete 204; on an issue:
// add 200 with the issue's labels, replace 200, remove one 200 with the rest,
// remove all 204. Writes need push access.
import { checkText } from '../conventions/text-input';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../../server';
import { loadRepo, type LoadedRepo } from '../conventions/access';
import { created, parseBody } from '../conventions/conventions';
import { alreadyExists, invalidField, notAJsonHash, notFound, validationFailed } from '../conventions/errors';
import { paginateArray } from '../conventions/pagination';
import type { Permission } from '../conventions/representations';
import { bases } from '../conventions/urls';
import { findIssue } from '../issues/store';
import type { LabelRow } from './schema';
import {
  addIssueLabels,
  clearIssueLabels,
  deleteLabel,
  findLabel,
  findMilestoneId,
  insertLabel,
  issueLabels,
  LABEL_COLOR,
  labelJson,
  milestoneLabels,
  removeIssueLabel,
  repoLabels,
  updateLabel,
} from './store';

type RepoParams = { Params: { owner: string; repo: string } };
type LabelParams = { Params: { owner: string; repo: string; name: string } };
type IssueParams = { Params: { owner: string; repo: string; number: string } };
type IssueLabelParams = { Params: { owner: string; repo: string; number: string; name: string } };

const labelBody = z.object({ name: z.string().min(1), color: z.string().regex(LABEL_COLOR) });
/** An edit names the label `name` (docs/service-api/hosting/labels §2) or `new_name` (today's clients: octokit issues.updateLabel); `new_name` wins. */
const labelEditBody = z.object({ name: z.string().min(1).optional(), new_name: z.string().min(1).optional(), color: z.string().regex(LABEL_COLOR) });

/** The label names of an issue-label write: a JSON array of names (or `{labels: [...]}`). */
function labelNames(req: FastifyRequest): string[] {
  const body = req.body === undefined ? [] : req.body;
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && Array.isArray((body as { labels?: unknown }).labels)
      ? (body as { labels: unknown[] }).labels
      : undefined;
  if (!list) throw notAJsonHash();
  if (!list.every((n): n is string => typeof n === 'string')) throw invalidField('Label', 'name');
  for (const name of list) checkText('Label', 'name', name);
  return list;
}

export function registerLabelRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { db } = ctx;
  const load = (req: FastifyRequest<RepoParams>, reply: FastifyReply, need: Permission = 'pull') =>
    loadRepo(db, req, reply, req.params.owner, req.params.repo, need);
  const json = (req: FastifyRequest, r: LoadedRepo, label: LabelRow) => labelJson(bases(ctx, req), r.owner, r.repo, label);
  const labelOr404 = (repoId: number, name: string) => {
    const label = findLabel(db, repoId, name);
    if (!label) throw notFound();
    return label;
  };
  const issueOr404 = (repoId: number, number: string) => {
    const issue = findIssue(db, repoId, number);
    if (!issue) throw notFound();
    return issue;
  };
  /** Every name must be a label of the repository: 422 `missing` otherwise. */
  const existingLabels = (repoId: number, names: string[]) =>
    names.map((name) => {
      const label = findLabel(db, repoId, name);
      if (!label) throw validationFailed({ resource: 'Label', field: 'name', code: 'missing', message: `Label ${name} does not exist` });
      return label;
    });

  app.get<RepoParams>('/repos/:owner/:repo/labels', async (req, reply) => {
    const r = load(req, reply);
    return paginateArray(req, reply, repoLabels(db, r.repo.id)).map((l) => json(req, r, l));
  });

  app.get<LabelParams>('/repos/:owner/:repo/labels/:name', async (req, reply) => {
    const r = load(req, reply);
    return json(req, r, labelOr404(r.repo.id, req.params.name));
  });

  app.post<RepoParams>('/repos/:owner/:repo/labels', async (req, reply) => {
    const r = load(req, reply, 'push');
    const f = parseBody(req, 'Label', labelBody);
    if (findLabel(db, r.repo.id, f.name)) throw alreadyExists('Label', 'name');
    const label = insertLabel(db, r.repo.id, f.name, f.color);
    const body = json(req, r, label);
    return created(reply, body.url as string, body);
  });

  app.patch<LabelParams>('/repos/:owner/:repo/labels/:name', async (req, reply) => {
    const r = load(req, reply, 'push');
    const label = labelOr404(r.repo.id, req.params.name);
    const edit = parseBody(req, 'Label', labelEditBody);
    const name = edit.new_name ?? edit.name;
    if (name === undefined) throw validationFailed({ resource: 'Label', field: 'name', code: 'missing_field' });
    const f = { name, color: edit.color };
    const clash = findLabel(db, r.repo.id, f.name);
    if (clash && clash.id !== label.id) throw alreadyExists('Label', 'name');
    updateLabel(db, label.id, f.name, f.color);
    return json(req, r, { ...label, name: f.name, color: f.color.toLowerCase() });
  });

  app.delete<LabelParams>('/repos/:owner/:repo/labels/:name', async (req, reply) => {
    const r = load(req, reply, 'push');
    deleteLabel(db, labelOr404(r.repo.id, req.params.name).id);
    return reply.code(204).send();
  });

  app.get<IssueParams>('/repos/:owner/:repo/issues/:number/labels', async (req, reply) => {
    const r = load(req, reply);
    const issue = issueOr404(r.repo.id, req.params.number);
    return paginateArray(req, reply, issueLabels(db, issue.id)).map((l) => json(req, r, l));
  });

  app.post<IssueParams>('/repos/:owner/:repo/issues/:number/labels', async (req, reply) => {
    const r = load(req, reply, 'push');
    const issue = issueOr404(r.repo.id, req.params.number);
    const labels = existingLabels(r.repo.id, labelNames(req));
    addIssueLabels(db, issue.id, labels);
    return issueLabels(db, issue.id).map((l) => json(req, r, l));
  });

  app.put<IssueParams>('/repos/:owner/:repo/issues/:number/labels', async (req, reply) => {
    const r = load(req, reply, 'push');
    const issue = issueOr404(r.repo.id, req.params.number);
    const labels = existingLabels(r.repo.id, labelNames(req));
    db.transaction(() => {
      clearIssueLabels(db, issue.id);
      addIssueLabels(db, issue.id, labels);
    })();
    return issueLabels(db, issue.id).map((l) => json(req, r, l));
  });

  app.delete<IssueLabelParams>('/repos/:owner/:repo/issues/:number/labels/:name', async (req, reply) => {
    const r = load(req, reply, 'push');
    const issue = issueOr404(r.repo.id, req.params.number);
    const label = labelOr404(r.repo.id, req.params.name);
    if (!removeIssueLabel(db, issue.id, label.id)) throw notFound();
    return issueLabels(db, issue.id).map((l) => json(req, r, l));
  });

  app.delete<IssueParams>('/repos/:owner/:repo/issues/:number/labels', async (req, reply) => {
    const r = load(req, reply, 'push');
    clearIssueLabels(db, issueOr404(r.repo.id, req.params.number).id);
    return reply.code(204).send();
  });

  app.get<IssueParams>('/repos/:owner/:repo/milestones/:number/labels', async (req, reply) => {
    const r = load(req, reply);
    const milestone = findMilestoneId(db, r.repo.id, req.params.number);
    if (milestone === undefined) throw notFound();
    const labels = milestoneLabels(db, milestone);
    return paginateArray(req, reply, labels).map((l) => json(req, r, l));
  });
}
