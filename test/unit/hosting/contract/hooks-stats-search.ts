// Webhooks (docs/service-api/hosting/webhooks §10), statistics
// (docs/service-api/hosting/statistics §1–§6: the five paths, 202 then 200) and
// legacy search (docs/service-api/hosting/search §1–§3, deprecated; its own
// result shapes) on the demo repository.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotFoundError, collect, type StatisticsProgress } from '../../../../src/hosting';
import { ORG, REPO, type ContractGroup } from './harness';
import { Arrivals } from '../../../support/arrivals';

interface Delivery {
  event: string;
  signature: string | undefined;
  body: string;
}

/** A local endpoint for hook deliveries; `next(event, after)` waits for the one of that event after `after` of them. */
async function receiver() {
  const deliveries = new Arrivals<Delivery>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        event: String(req.headers['x-service-event']),
        signature: req.headers['x-hub-signature'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: (event: string) => deliveries.items.filter((d) => d.event === event).length,
    next: (event: string, after: number): Promise<Delivery> => deliveries.when((all) => all.filter((d) => d.event === event)[after]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sign = (secret: string, body: string) => `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;

export const hooksStatsSearch: ContractGroup = {
  title: 'contract: webhooks, statistics and legacy search',
  options: { webhookDelivery: { baseDelayMs: 50, maxDelayMs: 200, timeoutMs: 2000 } },
  cases: [
    {
      row: 'GET /hooks',
      does: 'lists web, irc and email with their supported and default events',
      calls: ['hooks.listServices'],
      async run(w) {
        const byName = new Map((await w.as('ada').hooks.listServices()).map((s) => [s.name, s]));
        assert.deepEqual(byName.get('web')?.default_events, ['push']);
        assert.deepEqual(byName.get('irc')?.default_events, ['push', 'pull_request']);
        assert.deepEqual(byName.get('email')?.supported_events, ['push', 'public']);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/hooks, GET .../hooks, GET .../hooks/:id, PATCH .../hooks/:id, DELETE .../hooks/:id',
      does: 'a web hook gets the default events, is listed and read back with its URL, gains an event with add_events, and is deleted',
      calls: ['hooks.create', 'hooks.list', 'hooks.get', 'hooks.update', 'hooks.delete'],
      async run(w) {
        const ada = w.as('ada');
        const hook = await ada.hooks.create(ORG, REPO, { name: 'web', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' } });
        assert.deepEqual([hook.name, hook.events, hook.active, hook.config.url], ['web', ['push'], true, 'http://127.0.0.1:9/hook']);
        assert.equal(w.of('hooks.create')[0]?.status, 201);
        assert.ok((await collect(ada.hooks.list(ORG, REPO))).some((h) => h.id === hook.id));
        assert.deepEqual(await ada.hooks.get(ORG, REPO, hook.id), hook);
        assert.deepEqual([...(await ada.hooks.update(ORG, REPO, hook.id, { add_events: ['issues'] })).events].sort(), ['issues', 'push']);
        await ada.hooks.delete(ORG, REPO, hook.id);
        await assert.rejects(ada.hooks.get(ORG, REPO, hook.id), NotFoundError);
      },
    },
    {
      row: 'POST /repos/:owner/:repo/hooks/:id/pings, POST .../hooks/:id/tests',
      does: "the ping delivers zen and this hook_id, the test a push of the default branch, both signed with the secret (204 each); the emulator's delivery log lists them newest first with the payload sent",
      calls: ['hooks.create', 'hooks.ping', 'hooks.test', 'hooks.listDeliveries', 'hooks.getDelivery', 'hooks.delete'],
      async run(w) {
        const ada = w.as('ada');
        const target = await receiver();
        try {
          const hook = await ada.hooks.create(ORG, REPO, { name: 'web', config: { url: target.url, content_type: 'json', secret: 's3cret' } });
          const pings = target.count('ping');
          await ada.hooks.ping(ORG, REPO, hook.id);
          const ping = await target.next('ping', pings);
          const payload = JSON.parse(ping.body) as { zen?: unknown; hook_id?: unknown };
          assert.deepEqual([typeof payload.zen, payload.hook_id], ['string', hook.id]);
          assert.equal(ping.signature, sign('s3cret', ping.body));
          const pushes = target.count('push');
          await ada.hooks.test(ORG, REPO, hook.id);
          const push = await target.next('push', pushes);
          const repo = await ada.repos.get(ORG, REPO);
          assert.equal((JSON.parse(push.body) as { ref?: unknown }).ref, `refs/heads/${repo.default_branch}`);
          assert.equal(push.signature, sign('s3cret', push.body));
          assert.deepEqual([w.of('hooks.ping')[0]?.status, w.of('hooks.test')[0]?.status], [204, 204]);
          // The emulator's delivery log, newest first: the test's push, the ping, the ping on creation.
          const log = await collect(ada.hooks.listDeliveries(ORG, REPO, hook.id));
          assert.deepEqual(
            log.map((d) => d.event),
            ['push', 'ping', 'ping'],
          );
          const detail = await ada.hooks.getDelivery(ORG, REPO, hook.id, log[0]!.id);
          assert.equal((detail.request.payload as { ref?: unknown }).ref, `refs/heads/${repo.default_branch}`);
          assert.equal(detail.request.headers['X-Service-Event'], 'push');
          await ada.hooks.delete(ORG, REPO, hook.id);
        } finally {
          await target.close();
        }
      },
    },
    {
      row: 'GET /repos/:owner/:repo/stats/contributors',
      does: 'first 202 (computing, reported as progress), then the contributors with their weekly counts',
      calls: ['stats.contributors'],
      async run(w) {
        const ada = w.as('ada', { statistics: { initialDelayMs: 50, maxDelayMs: 400, maxAttempts: 40 } });
        const progress: StatisticsProgress[] = [];
        const contributors = await ada.stats.contributors(ORG, REPO, { onProgress: (p) => progress.push(p) });
        assert.equal(w.of('stats.contributors')[0]?.status, 202);
        assert.equal(progress[0]?.attempt, 1);
        assert.ok(contributors.length >= 2, String(contributors.length));
        for (const c of contributors)
          assert.equal(
            c.total,
            c.weeks.reduce((n, week) => n + week.c, 0),
            c.author?.login,
          );
        assert.equal(typeof contributors[0]!.weeks[0]!.w, 'string', 'w is a string, as docs/service-api/hosting/statistics §2 says');
      },
    },
    {
      row: 'GET /repos/:owner/:repo/stats/commit_activity, .../code_frequency, .../participation, .../punch_card',
      does: '52 weeks of 7 days that add up; additions and deletions signed; all at least owner; days 0-6 and hours 0-23',
      calls: ['stats.commitActivity', 'stats.codeFrequency', 'stats.participation', 'stats.punchCard'],
      async run(w) {
        const ada = w.as('ada', { statistics: { initialDelayMs: 50, maxDelayMs: 400, maxAttempts: 40 } });
        const activity = await ada.stats.commitActivity(ORG, REPO);
        assert.equal(activity.length, 52);
        assert.ok(activity.every((week) => week.days.length === 7 && week.days.reduce((a, b) => a + b, 0) === week.total));
        assert.ok(activity.some((week) => week.total > 0));
        const frequency = await ada.stats.codeFrequency(ORG, REPO);
        assert.ok(frequency.length > 0 && frequency.every(([, additions, deletions]) => additions >= 0 && deletions <= 0));
        const participation = await ada.stats.participation(ORG, REPO);
        assert.deepEqual([participation.all.length, participation.owner.length], [52, 52]);
        assert.ok(participation.all.every((n, i) => n >= participation.owner[i]!));
        const card = await ada.stats.punchCard(ORG, REPO);
        assert.ok(card.every(([day, hour]) => day >= 0 && day <= 6 && hour >= 0 && hour <= 23));
        assert.ok(card.reduce((n, [, , commits]) => n + commits, 0) > 0);
      },
    },
    {
      row: 'GET /legacy/repos/search/:keyword, GET /legacy/user/search/:keyword',
      does: 'repositories in the legacy shape (owner a string, a score); users with the id as a string',
      calls: ['search.repositories', 'search.users'],
      async run(w) {
        const ada = w.as('ada');
        const repos = await ada.search.repositories('engine');
        assert.ok(
          repos.some((r) => r.name === REPO && r.owner === ORG),
          JSON.stringify(repos.map((r) => r.name)),
        );
        assert.ok(repos.every((r) => typeof r.score === 'number'));
        const found = (await ada.search.users('ada')).find((u) => u.login === 'ada');
        assert.ok(found);
        assert.equal(typeof found.id, 'string');
      },
    },
    {
      row: 'GET /legacy/issues/search/:owner/:repository/:state/:keyword',
      does: 'finds the plain issue by a word of its title, with its state and labels as strings',
      calls: ['search.issues'],
      async run(w) {
        const issues = await w.as('ada').search.issues(ORG, REPO, 'open', 'stops');
        const issue = issues.find((i) => i.title === 'Table for x² + x + 41 stops at x = 39');
        assert.ok(issue, JSON.stringify(issues.map((i) => i.title)));
        assert.deepEqual([issue.state, issue.user, [...issue.labels].sort()], ['open', 'grace', ['bug', 'question']]);
      },
    },
    {
      row: 'GET /legacy/user/email/:email',
      does: 'the @ is sent unencoded and finds the user; an unknown address is 404',
      calls: ['search.userByEmail'],
      async run(w) {
        const user = await w.as('ada').search.userByEmail('ada@analytical-engines.test');
        assert.deepEqual([user.login, typeof user.id], ['ada', 'number']);
        assert.equal(w.of('search.userByEmail')[0]?.url, '/legacy/user/email/ada@analytical-engines.test');
        await assert.rejects(w.as('ada').search.userByEmail('nobody@analytical-engines.test'), NotFoundError);
      },
    },
  ],
};
