// Releases, labels (with the status codes of
// docs/service-api/hosting/labels §3), deploy keys and downloads
// (docs/service-api/hosting/releases §1–§7,
// docs/service-api/hosting/labels §1–§3,
// docs/service-api/hosting/repositories §10), on the demo repository: its
// labels bug/enhancement/question, milestone 1, two deploy keys, two downloads
// and releases v1.0.0 (two assets), v1.1.0-rc.1 and the draft v1.1.0.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { NotFoundError, ValidationFailedError, collect } from '../../../../src/hosting';
import { ORG, REPO, type ContractGroup } from './harness';

/** A well-formed ssh-ed25519 public key (random, so each call is a new key). */
function ed25519PublicKey(): string {
  const field = (b: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(b.length);
    return Buffer.concat([length, b]);
  };
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(randomBytes(32))]).toString('base64')}`;
}

const names = (labels: ReadonlyArray<{ name: string }>) => labels.map((l) => l.name).sort();

export const releasesAndLabels: ContractGroup = {
  title:
    'contract: releases, labels, deploy keys and downloads (docs/service-api/hosting/releases §1–§7, docs/service-api/hosting/labels §1–§3, docs/service-api/hosting/repositories §10)',
  cases: [
    {
      row: 'GET /repos/:owner/:repo/releases, GET .../releases/:id',
      does: 'list the seeded releases with their assets, and the draft only to a user with push access',
      calls: ['releases.list', 'releases.get'],
      async run(w) {
        const listed = await collect(w.as('ada').releases.list(ORG, REPO));
        assert.deepEqual(listed.map((r) => r.tag_name).sort(), ['v1.0.0', 'v1.1.0', 'v1.1.0-rc.1']);
        assert.deepEqual(listed.find((r) => r.tag_name === 'v1.1.0-rc.1')?.prerelease, true);
        const outsider = await collect(w.as('grace').releases.list(ORG, REPO));
        assert.deepEqual(outsider.map((r) => r.tag_name).sort(), ['v1.0.0', 'v1.1.0-rc.1']);
        const stable = await w.as('grace').releases.get(ORG, REPO, listed.find((r) => r.tag_name === 'v1.0.0')!.id);
        assert.equal(stable.name, 'Difference Engine 1.0');
        assert.deepEqual(stable.assets.map((a) => a.name).sort(), ['difference-engine-1.0.0.tar.gz', 'tables.csv']);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/releases, PATCH .../releases/:id',
      does: 'create a draft (no published_at, an upload_url template), then publish it with a timestamp',
      calls: ['releases.create', 'releases.update', 'releases.get'],
      async run(w) {
        const ada = w.as('ada');
        const draft = await ada.releases.create(ORG, REPO, { tag_name: 'v9.9.9-client', name: 'Client release', body: 'Notes', draft: true });
        assert.deepEqual([draft.tag_name, draft.name, draft.body, draft.draft, draft.published_at], ['v9.9.9-client', 'Client release', 'Notes', true, null]);
        assert.deepEqual(draft.assets, []);
        assert.match(draft.upload_url, /\{\?name/);
        await assert.rejects(w.as('grace').releases.get(ORG, REPO, draft.id), NotFoundError, 'a draft is hidden from users without push');
        const published = await ada.releases.update(ORG, REPO, draft.id, { draft: false });
        assert.equal(published.draft, false);
        assert.match(published.published_at ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        assert.equal((await w.as('grace').releases.get(ORG, REPO, draft.id)).tag_name, 'v9.9.9-client');
      },
    },
    {
      row: 'DELETE /repos/:owner/:repo/releases/:id',
      does: 'removes that release and no other',
      calls: ['releases.create', 'releases.delete', 'releases.list'],
      async run(w) {
        const ada = w.as('ada');
        const doomed = await ada.releases.create(ORG, REPO, { tag_name: 'v0.0.1-doomed' });
        await ada.releases.delete(ORG, REPO, doomed.id);
        await assert.rejects(ada.releases.get(ORG, REPO, doomed.id), NotFoundError);
        const left = (await collect(ada.releases.list(ORG, REPO))).map((r) => r.tag_name);
        assert.ok(!left.includes('v0.0.1-doomed') && left.includes('v1.0.0'), left.join());
      },
    },
    {
      row: 'POST upload_url{?name,label}, GET .../releases/:id/assets, GET/PATCH/DELETE .../releases/assets/:id',
      does: 'an asset uploaded with a label (and one without: no empty label), listed, renamed and relabelled, deleted',
      calls: ['releases.create', 'releases.listAssets', 'releases.getAsset', 'releases.updateAsset', 'releases.deleteAsset'],
      async run(w) {
        const ada = w.as('ada');
        const release = await ada.releases.create(ORG, REPO, { tag_name: 'v9.9.7-assets', draft: true });
        // The real service's template has both parameters.
        const withLabel = await ada.releases.uploadAsset(
          { upload_url: release.upload_url.replace(/\{\?[^}]*\}$/, '{?name,label}') },
          'table.csv',
          new TextEncoder().encode('n,v\n1,1\n'),
          'text/csv',
          { label: 'The table' },
        );
        assert.deepEqual([withLabel.name, withLabel.label, withLabel.size], ['table.csv', 'The table', 8]);
        const plain = await ada.releases.uploadAsset(release, 'plain.bin', new Uint8Array([1, 2, 3]), 'application/octet-stream');
        assert.equal(plain.label ?? null, null, 'no label sent, none stored');
        assert.deepEqual((await collect(ada.releases.listAssets(ORG, REPO, release.id))).map((a) => a.name).sort(), ['plain.bin', 'table.csv']);
        const renamed = await ada.releases.updateAsset(ORG, REPO, withLabel.id, { name: 'tables.csv', label: 'Tables' });
        assert.deepEqual([renamed.name, renamed.label], ['tables.csv', 'Tables']);
        assert.equal((await ada.releases.getAsset(ORG, REPO, withLabel.id)).name, 'tables.csv');
        await ada.releases.deleteAsset(ORG, REPO, plain.id);
        await assert.rejects(ada.releases.getAsset(ORG, REPO, plain.id), NotFoundError);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/labels, GET .../labels/:name',
      does: 'list the seeded labels with their colours and get one by name',
      calls: ['labels.listForRepo', 'labels.get'],
      async run(w) {
        const labels = await collect(w.as('grace').labels.listForRepo(ORG, REPO));
        const colours = Object.fromEntries(labels.map((l) => [l.name, l.color]));
        assert.deepEqual(
          { bug: colours.bug, enhancement: colours.enhancement, question: colours.question },
          { bug: 'fc2929', enhancement: '84b6eb', question: 'cc317c' },
        );
        const question = await w.as('grace').labels.get(ORG, REPO, 'question');
        assert.deepEqual([question.name, question.color], ['question', 'cc317c']);
        assert.match(question.url, /\/repos\/analytical-engines\/difference-engine\/labels\/question$/);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/labels',
      does: 'creates the label with its name and color (201); the same name again is already_exists, a bad colour 422',
      calls: ['labels.create', 'labels.get'],
      async run(w) {
        const ada = w.as('ada');
        const made = await ada.labels.create(ORG, REPO, { name: 'needs review', color: 'f29513' });
        assert.deepEqual([made.name, made.color], ['needs review', 'f29513']);
        assert.equal(w.of('labels.create')[0]?.status, 201);
        assert.deepEqual(await ada.labels.get(ORG, REPO, 'needs review'), made);
        const dup = await ada.labels.create(ORG, REPO, { name: 'needs review', color: '000000' }).catch((e: unknown) => e);
        assert.ok(dup instanceof ValidationFailedError, String(dup));
        assert.equal(dup.errors[0]?.code, 'already_exists');
        await assert.rejects(ada.labels.create(ORG, REPO, { name: 'bad', color: '#zzz' }), ValidationFailedError);
      },
    },
    {
      row: 'PATCH /repos/:owner/:repo/labels/:name, DELETE .../labels/:name',
      does: 'renames and recolours a label (200), then deletes it (204)',
      calls: ['labels.create', 'labels.update', 'labels.delete'],
      async run(w) {
        const ada = w.as('ada');
        await ada.labels.create(ORG, REPO, { name: 'draft idea', color: 'aaaaaa' });
        const renamed = await ada.labels.update(ORG, REPO, 'draft idea', { name: 'reviewing', color: '00ff00' });
        assert.deepEqual([renamed.name, renamed.color], ['reviewing', '00ff00']);
        await assert.rejects(ada.labels.get(ORG, REPO, 'draft idea'), NotFoundError);
        await ada.labels.delete(ORG, REPO, 'reviewing');
        assert.equal(w.of('labels.delete')[0]?.status, 204);
        await assert.rejects(ada.labels.get(ORG, REPO, 'reviewing'), NotFoundError);
      },
    },
    {
      row: 'POST, GET, DELETE one, PUT, DELETE all /repos/:owner/:repo/issues/:number/labels',
      does: 'each answers the labels the issue has after it',
      calls: ['labels.addToIssue', 'labels.listForIssue', 'labels.removeFromIssue', 'labels.replaceForIssue', 'labels.removeAllFromIssue'],
      async run(w) {
        const ada = w.as('ada');
        const [pull] = await collect(ada.pulls.list(ORG, REPO, { state: 'all' }));
        const issue = pull!.number;
        for (const name of ['alpha', 'beta', 'gamma']) await ada.labels.create(ORG, REPO, { name, color: 'aaaaaa' });
        assert.deepEqual(names(await ada.labels.replaceForIssue(ORG, REPO, issue, [])), []);
        assert.deepEqual(names(await ada.labels.addToIssue(ORG, REPO, issue, ['alpha', 'beta'])), ['alpha', 'beta']);
        assert.deepEqual(names(await collect(ada.labels.listForIssue(ORG, REPO, issue))), ['alpha', 'beta']);
        assert.deepEqual(names(await ada.labels.removeFromIssue(ORG, REPO, issue, 'alpha')), ['beta']);
        assert.deepEqual(names(await ada.labels.replaceForIssue(ORG, REPO, issue, ['gamma'])), ['gamma']);
        await ada.labels.removeAllFromIssue(ORG, REPO, issue);
        assert.equal(w.of('labels.removeAllFromIssue')[0]?.status, 204);
        assert.deepEqual(await collect(ada.labels.listForIssue(ORG, REPO, issue)), []);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/milestones/:number/labels',
      does: 'the labels of the issues in milestone 1 (bug and question); an unknown milestone is 404',
      calls: ['labels.listForMilestone'],
      async run(w) {
        assert.deepEqual(names(await collect(w.as('ada').labels.listForMilestone(ORG, REPO, 1))), ['bug', 'question']);
        await assert.rejects(collect(w.as('ada').labels.listForMilestone(ORG, REPO, 99)), NotFoundError);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/keys, GET .../keys/:id',
      does: 'list the two seeded deploy keys and get one with its key',
      calls: ['deployKeys.list', 'deployKeys.get'],
      async run(w) {
        const ada = w.as('ada');
        const keys = await collect(ada.deployKeys.list(ORG, REPO));
        assert.deepEqual(keys.map((k) => k.title).sort(), ['build-server', 'docs-publisher']);
        const one = await ada.deployKeys.get(ORG, REPO, keys.find((k) => k.title === 'build-server')!.id);
        assert.match(one.key, /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ9koJFnjqaE/);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/keys, DELETE .../keys/:id',
      does: 'add a key (201) that reads back the same; the same key twice or a malformed one is refused; delete it',
      calls: ['deployKeys.create', 'deployKeys.get', 'deployKeys.delete'],
      async run(w) {
        const ada = w.as('ada');
        const key = ed25519PublicKey();
        const made = await ada.deployKeys.create(ORG, REPO, { title: 'ci', key });
        assert.deepEqual([made.title, made.key], ['ci', key]);
        assert.equal((await ada.deployKeys.get(ORG, REPO, made.id)).key, key);
        await assert.rejects(ada.deployKeys.create(ORG, REPO, { title: 'again', key }), ValidationFailedError);
        await assert.rejects(ada.deployKeys.create(ORG, REPO, { title: 'junk', key: 'not a key' }), ValidationFailedError);
        await ada.deployKeys.delete(ORG, REPO, made.id);
        await assert.rejects(ada.deployKeys.get(ORG, REPO, made.id), NotFoundError);
      },
    },
    {
      row: 'GET /repos/:owner/:repo/downloads, GET .../downloads/:id, DELETE .../downloads/:id',
      does: 'list the two old downloads with their sizes, get one, delete it',
      calls: ['downloads.list', 'downloads.get', 'downloads.delete'],
      async run(w) {
        const ada = w.as('ada');
        const downloads = await collect(ada.downloads.list(ORG, REPO));
        assert.deepEqual(downloads.map((d) => [d.name, d.size]).sort(), [
          ['difference-engine-0.8.tar.gz', 48_213],
          ['printed-tables-1834.pdf', 1_204_551],
        ]);
        const pdf = await ada.downloads.get(ORG, REPO, downloads.find((d) => d.name === 'printed-tables-1834.pdf')!.id);
        assert.deepEqual([pdf.content_type, pdf.download_count], ['application/pdf', 7]);
        await ada.downloads.delete(ORG, REPO, pdf.id);
        await assert.rejects(ada.downloads.get(ORG, REPO, pdf.id), NotFoundError);
        assert.deepEqual(
          (await collect(ada.downloads.list(ORG, REPO))).map((d) => d.name),
          ['difference-engine-0.8.tar.gz'],
        );
      },
    },
  ],
};
