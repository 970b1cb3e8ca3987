// Tokens (docs/service-api/hosting/auth §11: the six /authorizations rows,
// Basic authentication with the password, and the four /applications rows, with
// the demo OAuth application's id and secret from the data folder).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { NotFoundError, collect } from '../../../../src/hosting';
import { OAUTH_APP_FILE } from '@repodesk/emulator';
import type { ContractGroup, World } from './harness';

const ada = { username: 'ada', password: 'ada-demo-password' };

function demoApplication(w: World) {
  const { client_id, client_secret } = JSON.parse(fs.readFileSync(path.join(w.emu.dataDir, OAUTH_APP_FILE), 'utf8')) as {
    client_id: string;
    client_secret: string;
  };
  return { clientId: client_id, clientSecret: client_secret };
}

export const authorizations: ContractGroup = {
  title: 'contract: tokens (docs/service-api/hosting/auth §11, §12)',
  options: { tokenRevocationDelayMs: 10 },
  cases: [
    {
      row: 'POST /authorizations',
      does: 'creates a token with the note and scopes asked for (201, Location of the new authorization)',
      calls: ['authorizations.create'],
      async run(w) {
        const created = await w.client().authorizations.create(ada, { note: 'contract test', scopes: ['repo', 'gist'] });
        assert.deepEqual([created.note, [...created.scopes].sort()], ['contract test', ['gist', 'repo']]);
        assert.ok(created.token.length >= 20);
        const [exchange] = w.of('authorizations.create');
        assert.equal(exchange?.status, 201);
        assert.equal(exchange?.headers.get('location'), created.url);
        assert.match(created.url, new RegExp(`/authorizations/${created.id}$`));
      },
    },
    {
      row: 'GET /authorizations/:id, PATCH /authorizations/:id, DELETE /authorizations/:id',
      does: 'reads the token back, adds a scope (add_scopes), and deletes it (204; then 404)',
      calls: ['authorizations.create', 'authorizations.get', 'authorizations.update', 'authorizations.delete'],
      async run(w) {
        const client = w.client();
        const created = await client.authorizations.create(ada, { note: 'to change', scopes: ['repo'] });
        assert.deepEqual([(await client.authorizations.get(ada, created.id)).note], ['to change']);
        const widened = await client.authorizations.update(ada, created.id, { add_scopes: ['gist'] });
        assert.deepEqual([widened.id, [...widened.scopes].sort()], [created.id, ['gist', 'repo']]);
        await client.authorizations.delete(ada, created.id);
        assert.equal(w.of('authorizations.delete')[0]?.status, 204);
        await assert.rejects(client.authorizations.get(ada, created.id), NotFoundError);
      },
    },
    {
      row: 'GET /authorizations',
      does: 'pages through Link rel="next": 105 tokens in two requests of at most 100, the second one the Link the first named',
      calls: ['authorizations.create', 'authorizations.list'],
      async run(w) {
        const grace = { username: 'grace', password: 'grace-demo-password' };
        const client = w.client();
        for (let i = 0; i < 105; i++) await client.authorizations.create(grace, { note: `t${i}` });
        const all = await collect(client.authorizations.list(grace));
        assert.equal(new Set(all.map((a) => a.id)).size, 105);
        assert.deepEqual(all.map((a) => a.note).sort(), Array.from({ length: 105 }, (_, i) => `t${i}`).sort());
        const pages = w.of('authorizations.list');
        assert.equal(pages.length, 2);
        assert.match(pages[0]!.url, /per_page=100/);
        const next = /<([^>]+)>;\s*rel="next"/.exec(pages[0]!.headers.get('link') ?? '')?.[1];
        assert.ok(next, 'the first page names the next one');
        const nextUrl = new URL(next);
        assert.equal(pages[1]!.url, `${nextUrl.pathname}${nextUrl.search}`);
        assert.doesNotMatch(pages[1]!.headers.get('link') ?? '', /rel="next"/);
      },
    },
    {
      row: 'PUT /authorizations/clients/:client_id',
      does: "creates the application's token (201), then returns that same one (200)",
      calls: ['authorizations.getOrCreateForApp'],
      async run(w) {
        const app = demoApplication(w);
        const input = { client_secret: app.clientSecret, scopes: ['repo'], note: 'app' };
        const first = await w.client().authorizations.getOrCreateForApp(ada, app.clientId, input);
        const second = await w.client().authorizations.getOrCreateForApp(ada, app.clientId, input);
        assert.deepEqual([first.created, second.created, second.authorization.id], [true, false, first.authorization.id]);
        assert.deepEqual(
          w.of('authorizations.getOrCreateForApp').map((x) => x.status),
          [201, 200],
        );
      },
    },
    {
      row: 'GET, POST, DELETE /applications/:client_id/tokens/:access_token',
      does: 'check a token (with its user), reset it (the old value stops working), revoke the new one',
      calls: ['authorizations.create', 'authorizations.checkToken', 'authorizations.resetToken', 'authorizations.revokeToken'],
      async run(w) {
        const app = demoApplication(w);
        const client = w.client();
        const { token } = await client.authorizations.create(ada, { note: 'app token', client_id: app.clientId, client_secret: app.clientSecret });
        const checked = await client.authorizations.checkToken(app, token);
        assert.deepEqual([checked.user?.login, checked.note], ['ada', 'app token']);
        const reset = await client.authorizations.resetToken(app, token);
        assert.notEqual(reset.token, token);
        assert.equal(reset.id, checked.id);
        await assert.rejects(client.authorizations.checkToken(app, token), NotFoundError, 'the old value is invalid: 404');
        await client.authorizations.revokeToken(app, reset.token);
        assert.equal(w.of('authorizations.revokeToken')[0]?.status, 204);
        await assert.rejects(client.authorizations.checkToken(app, reset.token), NotFoundError);
      },
    },
    {
      row: 'DELETE /applications/:client_id/tokens',
      does: 'revokes every token of the application in the background (204); the tokens stop working moments later',
      calls: ['authorizations.create', 'authorizations.revokeAllTokens'],
      async run(w) {
        const app = demoApplication(w);
        const client = w.client();
        const tokens = await Promise.all(
          ['one', 'two'].map(
            async (note) => (await client.authorizations.create(ada, { note, client_id: app.clientId, client_secret: app.clientSecret })).token,
          ),
        );
        // Revoked means the service answers 404 for the token; any other failure (a refused connection) is not a revocation.
        const isAlive = (t: string) =>
          client.authorizations.checkToken(app, t).then(
            () => true,
            (err: unknown) => {
              if (err instanceof NotFoundError) return false;
              throw err;
            },
          );
        assert.deepEqual(await Promise.all(tokens.map(isAlive)), [true, true], 'both tokens work before the revocation');
        await client.authorizations.revokeAllTokens(app);
        assert.equal(w.of('authorizations.revokeAllTokens')[0]?.status, 204);
        for (let i = 0; i < 100; i++) {
          const alive = await Promise.all(tokens.map(isAlive));
          if (!alive.some(Boolean)) return;
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.fail('revoke-all did not revoke the tokens');
      },
    },
  ],
};
