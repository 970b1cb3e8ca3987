// A real client against the emulator: @octokit/rest (what integrations use
// today) drives the everyday workflows, in both vendor modes (`service`, the
// documents' word, and `github`, where octokit's own vocabulary applies); and
// `git` itself clones, pushes and fetches over smart HTTP.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Octokit } from '@octokit/rest';
import { startEmulator, type TestEmulator } from './support/emulator';
import { GIT_ASKED_FOR_CREDENTIALS, GIT_PUSH_REFUSED, makeToken } from './helpers/hosting';
import { startReceiver, until, type Receiver } from './webhook-receiver';

const run = promisify(execFile);
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The status and message of a refused request (octokit throws a RequestError). */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work;
  } catch (e) {
    const err = e as { status?: number; response?: { data?: { message?: string } } };
    if (typeof err.status !== 'number') throw e;
    return { status: err.status, message: err.response?.data?.message ?? '' };
  }
  return assert.fail('the request was expected to be refused');
}

for (const vendor of ['service', 'github'] as const) {
  describe(`octokit (@octokit/rest) and git against the emulator, --vendor ${vendor}`, () => {
    const owner = 'ada';
    const repo = 'octokit-workflows';
    let emu: TestEmulator;
    let octokit: Octokit;
    let token: string;
    let receiver: Receiver;
    let work: string;
    /** Shared by the workflows below, in order. */
    let initial: string;
    let feature: string;

    const env = (): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: work,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
    });
    const git = async (...args: string[]): Promise<string> => (await run('git', args, { env: env() })).stdout.trim();
    const withCredentials = (url: string, user: string, secret: string): string =>
      url.replace('://', `://${encodeURIComponent(user)}:${encodeURIComponent(secret)}@`);
    const headSha = async (branch: string, r = repo, o = owner) =>
      (await octokit.rest.git.getRef({ owner: o, repo: r, ref: `heads/${branch}` })).data.object.sha;

    before(async () => {
      emu = await startEmulator({ seed: 'demo', vendor, webhookDelivery: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 } });
      token = makeToken(emu, 'ada', ['repo', 'admin:repo_hook', 'delete_repo', 'user']);
      octokit = new Octokit({ baseUrl: emu.url, auth: token, userAgent: 'repodesk-octokit-tests', log: quiet });
      receiver = await startReceiver();
      work = fs.mkdtempSync(path.join(emu.dataDir, 'work-'));
    });
    after(async () => {
      await receiver.close();
      await emu.dispose();
    });

    it('repository — created with auto_init, read back, and /user/repos followed through its Link pages (octokit.paginate)', async () => {
      const created = await octokit.rest.repos.createForAuthenticatedUser({ name: repo, private: true, auto_init: true, description: 'driven by octokit' });
      assert.equal(created.status, 201);
      assert.equal(created.data.full_name, `${owner}/${repo}`);
      const got = await octokit.rest.repos.get({ owner, repo });
      assert.equal(got.data.private, true);
      assert.equal(got.data.default_branch, 'master');
      initial = await headSha('master');

      const pages: number[] = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.repos.listForAuthenticatedUser, { per_page: 2 })) pages.push(page.data.length);
      const all = await octokit.paginate(octokit.rest.repos.listForAuthenticatedUser, { per_page: 2 });
      const oneRequest = await octokit.rest.repos.listForAuthenticatedUser({ per_page: 100 });
      assert.ok(pages.length > 1, `several pages: ${pages.join(', ')}`);
      assert.deepEqual(
        all.map((r) => r.full_name),
        oneRequest.data.map((r) => r.full_name),
      );
      assert.ok(all.some((r) => r.full_name === `${owner}/${repo}`));
    });

    it('git data — a blob, a tree on the base tree, a commit and a new branch (git.createBlob/createTree/createCommit/createRef), read back by git.getRef and git.listMatchingRefs', async () => {
      const blob = await octokit.rest.git.createBlob({ owner, repo, content: 'The engine weaves algebraic patterns.\n', encoding: 'utf-8' });
      assert.equal(blob.status, 201);
      const base = await octokit.rest.git.getCommit({ owner, repo, commit_sha: initial });
      const tree = await octokit.rest.git.createTree({
        owner,
        repo,
        base_tree: base.data.tree.sha,
        tree: [{ path: 'engine.md', mode: '100644', type: 'blob', sha: blob.data.sha }],
      });
      assert.ok(tree.data.tree.some((e) => e.path === 'engine.md' && e.sha === blob.data.sha));
      assert.ok(
        tree.data.tree.some((e) => e.path === 'README.md'),
        'the base tree is kept',
      );
      const commit = await octokit.rest.git.createCommit({ owner, repo, message: 'Describe the engine', tree: tree.data.sha, parents: [initial] });
      assert.equal(commit.status, 201);
      assert.deepEqual(
        commit.data.parents.map((p) => p.sha),
        [initial],
      );
      feature = commit.data.sha;
      const ref = await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/feature/engine', sha: feature });
      assert.equal(ref.status, 201);

      assert.equal(await headSha('feature/engine'), feature);
      const matching = await octokit.rest.git.listMatchingRefs({ owner, repo, ref: 'heads/feat' });
      assert.deepEqual(
        matching.data.map((r) => r.ref),
        ['refs/heads/feature/engine'],
      );
      assert.deepEqual((await octokit.rest.git.listMatchingRefs({ owner, repo, ref: 'heads/nothing-like-this' })).data, []);
      assert.equal(
        (await refusal(octokit.rest.git.getRef({ owner, repo, ref: 'heads/feature' }))).status,
        404,
        'git/ref/ names one reference, not a namespace',
      );
      const blobBack = await octokit.rest.git.getBlob({ owner, repo, file_sha: blob.data.sha });
      assert.equal(Buffer.from(blobBack.data.content, 'base64').toString('utf8'), 'The engine weaves algebraic patterns.\n');
    });

    it('references — a fast-forward update, a non-fast-forward refused (422 Update is not a fast forward) with the ref unchanged, then forced (git.updateRef)', async () => {
      const tree = (await octokit.rest.git.getCommit({ owner, repo, commit_sha: initial })).data.tree.sha;
      await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/moving', sha: initial });
      const ahead = (await octokit.rest.git.createCommit({ owner, repo, message: 'Ahead', tree, parents: [initial] })).data.sha;
      const aside = (await octokit.rest.git.createCommit({ owner, repo, message: 'Aside', tree, parents: [initial] })).data.sha;

      const ff = await octokit.rest.git.updateRef({ owner, repo, ref: 'heads/moving', sha: ahead });
      assert.equal(ff.data.object.sha, ahead);
      const refused = await refusal(octokit.rest.git.updateRef({ owner, repo, ref: 'heads/moving', sha: aside }));
      assert.deepEqual(refused, { status: 422, message: 'Update is not a fast forward' });
      assert.equal(await headSha('moving'), ahead);
      const forced = await octokit.rest.git.updateRef({ owner, repo, ref: 'heads/moving', sha: aside, force: true });
      assert.equal(forced.data.object.sha, aside);
      assert.equal(await headSha('moving'), aside);
    });

    it('pull request — opened, a review comment and a reply (in_reply_to), merged by pulls.merge with no body', async () => {
      const pull = await octokit.rest.pulls.create({
        owner,
        repo,
        title: 'Describe the engine',
        head: 'feature/engine',
        base: 'master',
        body: 'Adds engine.md',
      });
      assert.equal(pull.status, 201);
      const pull_number = pull.data.number;
      const files = await octokit.rest.pulls.listFiles({ owner, repo, pull_number });
      assert.deepEqual(
        files.data.map((f) => f.filename),
        ['engine.md'],
      );

      const comment = await octokit.rest.pulls.createReviewComment({
        owner,
        repo,
        pull_number,
        body: 'Which patterns?',
        commit_id: feature,
        path: 'engine.md',
        position: 1,
      });
      assert.equal(comment.status, 201);
      const reply = await octokit.rest.pulls.createReviewComment({
        owner,
        repo,
        pull_number,
        body: 'Algebraic ones.',
        in_reply_to: comment.data.id,
      } as Parameters<typeof octokit.rest.pulls.createReviewComment>[0]);
      assert.equal(reply.status, 201);
      const thread = await octokit.rest.pulls.listReviewComments({ owner, repo, pull_number });
      assert.deepEqual(
        thread.data.map((c) => [c.body, c.path, c.position]),
        [
          ['Which patterns?', 'engine.md', 1],
          ['Algebraic ones.', 'engine.md', 1],
        ],
      );

      const merged = await octokit.rest.pulls.merge({ owner, repo, pull_number });
      assert.equal(merged.status, 200);
      assert.equal(merged.data.merged, true);
      const after = await octokit.rest.pulls.get({ owner, repo, pull_number });
      assert.equal(after.data.merged, true);
      assert.equal(after.data.state, 'closed');
      assert.equal(await headSha('master'), merged.data.sha);
      const check = await octokit.rest.pulls.checkIfMerged({ owner, repo, pull_number });
      assert.equal(check.status, 204);
    });

    it("labels and issue comments — create a label, rename it with new_name (issues.updateLabel), put it on the pull request's issue, comment there", async () => {
      const label = await octokit.rest.issues.createLabel({ owner, repo, name: 'engine', color: 'f29513' });
      assert.equal(label.status, 201);
      const renamed = await octokit.rest.issues.updateLabel({ owner, repo, name: 'engine', new_name: 'difference-engine', color: '00ff00' });
      assert.equal(renamed.data.name, 'difference-engine');
      assert.equal(renamed.data.color, '00ff00');
      assert.equal((await refusal(octokit.rest.issues.getLabel({ owner, repo, name: 'engine' }))).status, 404);

      const added = await octokit.rest.issues.addLabels({ owner, repo, issue_number: 1, labels: ['difference-engine'] });
      assert.deepEqual(
        added.data.map((l) => l.name),
        ['difference-engine'],
      );
      const listed = await octokit.rest.issues.listLabelsOnIssue({ owner, repo, issue_number: 1 });
      assert.deepEqual(
        listed.data.map((l) => l.name),
        ['difference-engine'],
      );

      const comment = await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'Merged, thank you.' });
      assert.equal(comment.status, 201);
      const edited = await octokit.rest.issues.updateComment({ owner, repo, comment_id: comment.data.id, body: 'Merged, thank you!' });
      assert.equal(edited.data.body, 'Merged, thank you!');
      const comments = await octokit.rest.issues.listComments({ owner, repo, issue_number: 1 });
      assert.deepEqual(
        comments.data.map((c) => c.body),
        ['Merged, thank you!'],
      );
    });

    it('release — an asset goes up through upload_url with a label and comes back with Accept: application/octet-stream', async () => {
      const release = await octokit.rest.repos.createRelease({ owner, repo, tag_name: 'v0.1.0', name: 'First light' });
      assert.equal(release.status, 201);
      // The template of docs/service-api/hosting/releases §1 ends in {?name};
      // the real service's (--vendor github) in {?name,label}.
      assert.ok(release.data.upload_url.endsWith(vendor === 'github' ? '{?name,label}' : '{?name}'), release.data.upload_url);
      const template = release.data.upload_url.replace(/\{\?name\}$/, '{?name,label}');
      const bytes = Buffer.from([0, 1, 2, 3, 254, 255, 10, 13, 0]);
      const uploaded = await octokit.request({
        method: 'POST',
        url: template,
        name: 'engine.bin',
        label: 'Engine (binary)',
        data: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      assert.equal(uploaded.status, 201);
      const asset = uploaded.data as { id: number; name: string; label: string; size: number };
      assert.deepEqual([asset.name, asset.label, asset.size], ['engine.bin', 'Engine (binary)', bytes.length]);

      const meta = await octokit.rest.repos.getReleaseAsset({ owner, repo, asset_id: asset.id });
      assert.equal(meta.data.label, 'Engine (binary)');
      const download = await octokit.rest.repos.getReleaseAsset({ owner, repo, asset_id: asset.id, headers: { accept: 'application/octet-stream' } });
      assert.equal(download.status, 200);
      assert.ok(Buffer.from(download.data as unknown as ArrayBuffer).equals(bytes), 'the same bytes come back');
      const listed = await octokit.rest.repos.listReleaseAssets({ owner, repo, release_id: release.data.id });
      assert.deepEqual(
        listed.data.map((a) => a.name),
        ['engine.bin'],
      );
    });

    it('conditional request — If-None-Match with the ETag is answered 304, and costs no rate limit', async () => {
      const first = await octokit.rest.repos.get({ owner, repo });
      const etag = first.headers.etag;
      assert.ok(etag);
      const notModified = await refusal(octokit.rest.repos.get({ owner, repo, headers: { 'if-none-match': etag } }));
      assert.equal(notModified.status, 304);
      const next = await octokit.rest.repos.get({ owner, repo });
      assert.equal(Number(next.headers['x-ratelimit-remaining']), Number(first.headers['x-ratelimit-remaining']) - 1, 'only the two 200s counted');
    });

    it("statistics — contributors answers 202 while computing, then 200 (weeks[].w a string in the documents' mode, a number under --vendor github)", async () => {
      const first = await octokit.rest.repos.getContributorsStats({ owner, repo });
      assert.equal(first.status, 202);
      const done = await until(
        async () => {
          const res = await octokit.rest.repos.getContributorsStats({ owner, repo });
          return res.status === 200 ? res : undefined;
        },
        'statistics',
        20_000,
      );
      const stats = done.data as Array<{ author: { login: string } | null; total: number; weeks: Array<{ w: unknown; c: number }> }>;
      assert.ok(stats.length > 0);
      const week = stats[0]!.weeks[0]!;
      assert.equal(typeof week.w, vendor === 'github' ? 'number' : 'string');
      assert.equal(
        stats.reduce((n, s) => n + s.total, 0),
        stats.reduce((n, s) => n + s.weeks.reduce((m, w) => m + w.c, 0), 0),
      );
    });

    it("hook — created with a secret, its ping and a push delivered to a local port, named by the vendor's headers, X-Hub-Signature checks", async () => {
      const secret = 'engine-secret';
      const hook = await octokit.rest.repos.createWebhook({
        owner,
        repo,
        name: 'web',
        events: ['push'],
        config: { url: receiver.url, content_type: 'json', secret },
      });
      assert.equal(hook.status, 201);
      const eventHeader = vendor === 'github' ? 'x-github-event' : 'x-service-event';
      const deliveryHeader = vendor === 'github' ? 'x-github-delivery' : 'x-service-delivery';
      const ping = await until(() => receiver.received.find((r) => r.headers[eventHeader] === 'ping'), 'ping');
      assert.equal(JSON.parse(ping.body).hook_id, hook.data.id);

      await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/hooked', sha: initial });
      const push = await until(() => receiver.received.find((r) => r.headers[eventHeader] === 'push'), 'push');
      assert.equal(JSON.parse(push.body).ref, 'refs/heads/hooked');
      for (const d of [ping, push]) {
        assert.match(String(d.headers['user-agent']), vendor === 'github' ? /^GitHub-Hookshot\// : /^Service-Hookshot\//);
        assert.match(String(d.headers[deliveryHeader]), /^[0-9a-f-]{36}$/);
        const expected = `sha1=${crypto.createHmac('sha1', secret).update(d.body).digest('hex')}`;
        assert.equal(d.headers['x-hub-signature'], expected);
      }
      const other = vendor === 'github' ? 'x-service-event' : 'x-github-event';
      assert.equal(push.headers[other], undefined);
    });

    it("annotated tag — the demo's v1.0.0 reference points at a tag object that git.getTag reads", async () => {
      const ref = await octokit.rest.git.getRef({ owner: 'analytical-engines', repo: 'difference-engine', ref: 'tags/v1.0.0' });
      assert.equal(ref.data.object.type, 'tag');
      const tag = await octokit.rest.git.getTag({ owner: 'analytical-engines', repo: 'difference-engine', tag_sha: ref.data.object.sha });
      assert.equal(tag.data.tag, 'v1.0.0');
      assert.equal(tag.data.sha, ref.data.object.sha);
      assert.equal(tag.data.url, ref.data.object.url);
      assert.equal(tag.data.object.type, 'commit');
      assert.ok(tag.data.tagger.name);
      const commit = await octokit.rest.git.getCommit({ owner: 'analytical-engines', repo: 'difference-engine', commit_sha: tag.data.object.sha });
      assert.equal(commit.data.sha, tag.data.object.sha);
    });

    // git over smart HTTP, with the token octokit uses as the Basic password (`<login>:<token>`).
    it('git clone of the private repository with the token as the password; anonymous clone refused', async () => {
      const { data } = await octokit.rest.repos.get({ owner, repo });
      await assert.rejects(git('clone', '--quiet', data.clone_url, path.join(work, 'anonymous')), GIT_ASKED_FOR_CREDENTIALS);
      const dir = path.join(work, 'clone');
      await git('clone', '--quiet', withCredentials(data.clone_url, 'ada', token), dir);
      assert.equal(await git('-C', dir, 'rev-parse', 'HEAD'), await headSha('master'));
      assert.equal(fs.readFileSync(path.join(dir, 'engine.md'), 'utf8'), 'The engine weaves algebraic patterns.\n');
    });

    it('git push of a branch, then seen through the API (git.getRef, git.getCommit)', async () => {
      const dir = path.join(work, 'clone');
      fs.writeFileSync(path.join(dir, 'pushed.md'), 'pushed with git\n');
      await git('-C', dir, 'add', 'pushed.md');
      await git('-C', dir, 'commit', '--quiet', '-m', 'Pushed with git');
      const sha = await git('-C', dir, 'rev-parse', 'HEAD');
      await git('-C', dir, 'push', '--quiet', 'origin', 'HEAD:refs/heads/from-git');
      assert.equal(await headSha('from-git'), sha);
      const commit = await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha });
      assert.equal(commit.data.message, 'Pushed with git\n');
    });

    it('git fetch of a commit made through the API', async () => {
      const dir = path.join(work, 'clone');
      const base = await headSha('master');
      const tree = (await octokit.rest.git.getCommit({ owner, repo, commit_sha: base })).data.tree.sha;
      const made = (await octokit.rest.git.createCommit({ owner, repo, message: 'Made through the API', tree, parents: [base] })).data.sha;
      await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/from-api', sha: made });
      await git('-C', dir, 'fetch', '--quiet', 'origin');
      assert.equal(await git('-C', dir, 'rev-parse', 'origin/from-api'), made);
      assert.equal(await git('-C', dir, 'log', '-1', '--format=%s', made), 'Made through the API');
    });

    it('git push without push access is refused and the ref is unchanged (mary reads analytical-engines/difference-engine)', async () => {
      const { data } = await octokit.rest.repos.get({ owner: 'analytical-engines', repo: 'difference-engine' });
      const before = await headSha('master', 'difference-engine', 'analytical-engines');
      const dir = path.join(work, 'mary');
      await git('clone', '--quiet', '--depth', '1', withCredentials(data.clone_url, 'mary', 'mary-demo-password'), dir);
      fs.writeFileSync(path.join(dir, 'mary.md'), 'not allowed\n');
      await git('-C', dir, 'add', 'mary.md');
      await git('-C', dir, 'commit', '--quiet', '-m', 'Not allowed');
      await assert.rejects(git('-C', dir, 'push', '--quiet', 'origin', 'HEAD:refs/heads/master'), GIT_PUSH_REFUSED);
      assert.equal(await headSha('master', 'difference-engine', 'analytical-engines'), before);
    });
  });
}
