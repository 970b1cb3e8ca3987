// docs/service-api/hosting/webhooks §3–§5, as pure functions: which hook fires
// for which event, the wildcard, and the configuration checks of each service.
import assert from 'node:assert/strict';
import { checkConfig, findService, hookFires, normalizeEvents } from '../src/hosting/hooks/services';

const web = findService('web')!;
const irc = findService('irc')!;
const email = findService('email')!;

describe('webhook services (docs/service-api/hosting/webhooks §3–§5)', () => {
  it('an active hook fires only for events its service supports, even with * (docs/service-api/hosting/webhooks §3, §5)', () => {
    assert.equal(hookFires(irc, ['*'], 'watch'), false);
    assert.equal(hookFires(irc, ['*'], 'issue_comment'), true);
    assert.equal(hookFires(web, ['*'], 'watch'), true);
    assert.equal(hookFires(email, ['push', 'public'], 'public'), true);
    assert.equal(hookFires(web, ['push'], 'fork'), false);
  });

  it('* replaces every other event; duplicates go (docs/service-api/hosting/webhooks §5)', () => {
    assert.deepEqual(normalizeEvents(['push', '*', 'fork']), ['*']);
    assert.deepEqual(normalizeEvents(['push', 'push', 'fork']), ['push', 'fork']);
  });

  it('web config — url required and http(s); content_type json by default, or form; unknown keys dropped', () => {
    assert.deepEqual(checkConfig(web, { url: 'http://x.test/h', extra: 'gone' }), {
      config: { url: 'http://x.test/h', content_type: 'json', insecure_ssl: '0' },
      errors: [],
    });
    assert.deepEqual(checkConfig(web, { url: 'http://x.test/h', content_type: 'form', insecure_ssl: 1 }).config.insecure_ssl, '1');
    assert.deepEqual(
      checkConfig(web, {}).errors.map((e) => [e.field, e.code]),
      [['url', 'missing_field']],
    );
    assert.deepEqual(
      checkConfig(web, { url: 'javascript:alert(1)' }).errors.map((e) => [e.field, e.code]),
      [['url', 'invalid']],
    );
    assert.deepEqual(
      checkConfig(web, undefined).errors.map((e) => [e.field, e.code]),
      [['config', 'missing_field']],
    );
  });

  it('the e-mail service sends to at most two addresses (docs/service-api/hosting/webhooks §3)', () => {
    assert.deepEqual(checkConfig(email, { address: 'a@x.org,b@x.org' }).config.address, 'a@x.org b@x.org');
    assert.deepEqual(
      checkConfig(email, { address: 'a@x.org b@x.org c@x.org' }).errors.map((e) => [e.field, e.code]),
      [['address', 'invalid']],
    );
    assert.deepEqual(
      checkConfig(email, { address: 'not-an-address' }).errors.map((e) => [e.field, e.code]),
      [['address', 'invalid']],
    );
  });

  it('default events: web push; irc push and pull_request; email push (docs/service-api/hosting/webhooks §4)', () => {
    assert.deepEqual(web.default_events, ['push']);
    assert.deepEqual(irc.default_events, ['push', 'pull_request']);
    assert.deepEqual(email.default_events, ['push']);
  });
});
