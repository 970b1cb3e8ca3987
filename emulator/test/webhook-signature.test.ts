// docs/service-api/hosting/webhooks §9: X-Hub-Signature is `sha1=` + hex
// HMAC-SHA1 of the exact delivered bytes; form bodies are `payload=<url-encoded
// json>`.
import assert from 'node:assert/strict';
import { encodeBody, signBody } from '../src/hosting/hooks/signature';

describe('webhook signature and bodies (docs/service-api/hosting/webhooks §6, §9–§11)', () => {
  it('X-Hub-Signature — the test vector: secret mysecret, body {"foo":"bar"}', () => {
    assert.equal(signBody('mysecret', '{"foo":"bar"}'), 'sha1=d03207e4b030cf234e3447bac4d93add4c6643d8');
  });

  it('X-Hub-Signature — covers the exact bytes, so one changed byte changes it', () => {
    assert.notEqual(signBody('mysecret', '{"foo":"bar"} '), signBody('mysecret', '{"foo":"bar"}'));
    assert.notEqual(signBody('othersecret', '{"foo":"bar"}'), signBody('mysecret', '{"foo":"bar"}'));
  });

  it('content_type json — the body is the JSON of the payload', () => {
    assert.equal(encodeBody({ foo: 'bar' }, 'json'), '{"foo":"bar"}');
  });

  it('content_type form — the body is payload=<url-encoded json> and decodes back to the payload', () => {
    const payload = { zen: 'Keep it logically awesome & simple?', hook_id: 7, nested: { a: [1, 'é'] } };
    const body = encodeBody(payload, 'form');
    assert.match(body, /^payload=[^&]+$/);
    assert.ok(!body.includes('{'), 'JSON must be url-encoded');
    assert.deepEqual(JSON.parse(new URLSearchParams(body).get('payload')!), payload);
  });
});
