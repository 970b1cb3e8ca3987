// The demo repository's pull requests, written through the pulls, issues,
// comments and gists modules: #1 open with real diffs in three files and two
// review-comment threads, one made outdated by a later commit; #2 closed
// unmerged; #3 merged; an issue; issue comments; a gist with comments.
// Runs after the account seed and the history seed (module order).
import fs from 'node:fs';
import os from 'node:os';
import { identityEnv, repoGitPath, runGit, type GitEnvironment } from '../git';
import type { EmulatorContext } from '../server';
import { findUser } from '../v3/core/access';
import type { RepoRow, UserRow } from '../v3/core/schema';
import { createIssueComment } from '../v3/comments/issue-comments';
import { addReviewComment } from '../v3/comments/review-comments';
import { insertGist, insertGistComment } from '../v3/gists/store';
import { insertIssue, issueById } from '../v3/issues/store';
import { mergePull, openPull, setPullState } from '../v3/pulls/lifecycle';
import { pullById } from '../v3/pulls/store';
import { refreshRepoPulls } from '../v3/pulls/sync';

const DIFFERENCES_V1 = [
  '// Tabulates a polynomial by adding differences, as the engine does.',
  'export function tabulate(initial, steps) {',
  '  const columns = [...initial];',
  '  const table = [];',
  '  for (let n = 0; n < steps; n++) {',
  '    table.push(columns[0]);',
  '    for (let i = 0; i < columns.length - 1; i++) columns[i] += columns[i + 1];',
  '  }',
  '  return table;',
  '}',
];
const DIFFERENCES_V2 = DIFFERENCES_V1.map((line, i) => (i === 2 ? '  const columns = initial.map(Number);' : line));
const TABLES = ['# Tables', '', 'x² + x + 41 from x = 0: 41, 43, 47, 53, 61, 71.', 'Initial differences: 41, 2, 2.'];

/** Writes one commit on top of `parent` changing `files`, through a temporary index. */
async function commitFiles(
  env: GitEnvironment,
  gitDir: string,
  parent: string,
  files: Record<string, string>,
  message: string,
  author: UserRow,
  date: Date,
): Promise<string> {
  const index = `${os.tmpdir()}/repodesk-seed-${process.pid}-${Date.now()}.index`;
  const extra = { GIT_INDEX_FILE: index };
  await runGit(env, gitDir, ['read-tree', parent], { env: extra });
  for (const [path, content] of Object.entries(files)) {
    const blob = (await runGit(env, gitDir, ['hash-object', '-w', '--stdin'], { input: content })).stdout.toString().trim();
    await runGit(env, gitDir, ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env: extra });
  }
  const tree = (await runGit(env, gitDir, ['write-tree'], { env: extra })).stdout.toString().trim();
  const when = `${Math.floor(date.getTime() / 1000)} +0000`;
  const who = { name: author.name ?? author.login, email: author.email ?? `${author.login}@analytical-engines.test`, date: when };
  const commit = await runGit(env, gitDir, ['commit-tree', tree, '-p', parent], { input: message, env: identityEnv(who) });
  fs.rmSync(index, { force: true });
  return commit.stdout.toString().trim();
}

async function fileAt(env: GitEnvironment, gitDir: string, commit: string, path: string): Promise<string> {
  const r = await runGit(env, gitDir, ['cat-file', 'blob', `${commit}:${path}`], { okCodes: [128] });
  return r.code === 0 ? r.stdout.toString() : '';
}

async function setBranch(env: GitEnvironment, gitDir: string, branch: string, sha: string): Promise<void> {
  await runGit(env, gitDir, ['update-ref', `refs/heads/${branch}`, sha]);
}

export async function seedPulls(ctx: EmulatorContext, repo: RepoRow): Promise<void> {
  const u = (login: string) => findUser(ctx.db, login)!;
  const env = ctx.gitEnv;
  const gitDir = repoGitPath(ctx.gitDir, repo.id);
  const master = (await runGit(env, gitDir, ['rev-parse', `refs/heads/${repo.default_branch}`])).stdout.toString().trim();
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  // #1, open: three files, two review threads; a later commit outdates the first.
  const readme = await fileAt(env, gitDir, master, 'README.md');
  const first = await commitFiles(
    env,
    gitDir,
    master,
    {
      'src/differences/tabulate.js': `${DIFFERENCES_V1.join('\n')}\n`,
      'docs/tables.md': `${TABLES.join('\n')}\n`,
      'README.md': `${readme.trimEnd() || '# difference-engine'}\n\n## Tabulating\n\nSee docs/tables.md for a worked table.\n`,
    },
    'Tabulate polynomials by the method of differences\n',
    u('charles'),
    minutesAgo(300),
  );
  await setBranch(env, gitDir, 'feature/method-of-differences', first);
  const p1 = await openPull(ctx, repo, u('charles'), {
    title: 'Tabulate polynomials by the method of differences',
    head: 'feature/method-of-differences',
    base: repo.default_branch,
    body: 'Adds the tabulating loop and a worked table for x² + x + 41.\n\nThe columns are added from the highest difference down.',
  });
  const outdated = await addReviewComment(ctx, repo, p1, u('ada'), {
    body: 'Copy the figures as numbers: a string column would concatenate.',
    commit_id: first,
    path: 'src/differences/tabulate.js',
    position: 3,
  });
  await addReviewComment(ctx, repo, p1, u('charles'), { body: 'Good catch, fixed in the next commit.', in_reply_to: outdated.id });
  const kept = await addReviewComment(ctx, repo, p1, u('mary'), {
    body: 'Could the table also show the second differences?',
    commit_id: first,
    path: 'docs/tables.md',
    position: 3,
  });
  await addReviewComment(ctx, repo, p1, u('luigi'), { body: 'They are constant (2), which is the point of the method.', in_reply_to: kept.id });
  const second = await commitFiles(
    env,
    gitDir,
    first,
    { 'src/differences/tabulate.js': `${DIFFERENCES_V2.join('\n')}\n` },
    'Read the initial differences as numbers\n',
    u('charles'),
    minutesAgo(200),
  );
  await setBranch(env, gitDir, 'feature/method-of-differences', second);
  await refreshRepoPulls(ctx, repo.id, u('charles'));
  const issue1 = issueById(ctx.db, p1.issue_id)!;
  createIssueComment(ctx, repo, issue1, u('grace'), 'Ran it for 40 steps: every figure matches the printed table.');
  createIssueComment(ctx, repo, issue1, u('ada'), 'Thanks, Grace. Waiting for the second differences in the docs.');

  // #2, closed without merging.
  const governor = await commitFiles(
    env,
    gitDir,
    master,
    { 'src/differences/governor.js': '// A steam governor for the crank.\nexport const maxTurnsPerMinute = 30;\n' },
    'Drive the crank with a steam governor\n',
    u('luigi'),
    minutesAgo(180),
  );
  await setBranch(env, gitDir, 'experiment/steam-governor', governor);
  const p2 = await openPull(ctx, repo, u('luigi'), {
    title: 'Drive the crank with a steam governor',
    head: 'experiment/steam-governor',
    base: repo.default_branch,
    body: 'An experiment; the engine is hand-cranked for now.',
  });
  await setPullState(ctx, p2, 'closed', u('ada'));

  // #3, merged.
  const carry = await commitFiles(
    env,
    gitDir,
    master,
    {
      'src/differences/carry.js':
        '// Anticipating carriage: carries propagate in one step.\nexport const carry = (a, b, base = 10) => [(a + b) % base, Math.floor((a + b) / base)];\n',
    },
    'Add the anticipating carriage\n',
    u('mary'),
    minutesAgo(120),
  );
  await setBranch(env, gitDir, 'fix/anticipating-carriage', carry);
  const p3 = await openPull(ctx, repo, u('mary'), {
    title: 'Add the anticipating carriage',
    head: 'fix/anticipating-carriage',
    base: repo.default_branch,
    body: 'Carries in one step instead of rippling.',
  });
  await mergePull(ctx, pullById(ctx.db, p3.id)!, u('ada'), undefined, undefined);
  await refreshRepoPulls(ctx, repo.id);

  // An issue with comments, and a gist with comments.
  const issue = ctx.db.transaction(() =>
    insertIssue(ctx.db, repo.id, u('grace').id, 'Table for x² + x + 41 stops at x = 39', 'Beyond 39 the figures are no longer prime; is that expected?', false),
  )();
  createIssueComment(ctx, repo, issue, u('charles'), 'Yes: 40² + 40 + 41 = 41². The engine is right, the polynomial stops being prime.');
  createIssueComment(ctx, repo, issue, u('grace'), 'Understood, closing the loop in the docs.');
  const gist = insertGist(ctx.db, u('ada').id, { 'note-g.md': '# Note G\n\nBernoulli numbers computed on the engine.\n' }, 'Note G, for the translators', true);
  insertGistComment(ctx.db, gist.id, u('luigi').id, 'The operation cards for B7 look right to me.');
  insertGistComment(ctx.db, gist.id, u('mary').id, 'Could you add the table of variables?');
}
