// docs/service-api/hosting/oauth §4 and §7–§9, as pure functions: the
// format chosen by Accept, the three serialisations, and the error_uri anchors.
import assert from 'node:assert/strict';
import { oauthError } from '../src/oauth/errors';
import { exchangeFormat, renderExchange } from '../src/oauth/formats';
import { escapeHtml } from '../src/oauth/pages';

describe('OAuth exchange formats and errors (docs/service-api/hosting/oauth §4, §7–§9)', () => {
  it('no Accept is form-encoded; application/json is JSON; application/xml is XML, parameters and lists included (docs/service-api/hosting/oauth §4)', () => {
    assert.equal(exchangeFormat(undefined), 'form');
    assert.equal(exchangeFormat('*/*'), 'form');
    assert.equal(exchangeFormat('application/json'), 'json');
    assert.equal(exchangeFormat('text/html, application/json;q=0.9'), 'json');
    assert.equal(exchangeFormat('application/xml'), 'xml');
  });

  it('the XML form is an OAuth element holding token_type, scope and access_token, with values escaped (docs/service-api/hosting/oauth §4)', () => {
    const out = renderExchange({ token_type: 'bearer', scope: 'repo,user', access_token: 'a<b&c' }, 'xml');
    assert.match(out.contentType, /^application\/xml/);
    assert.ok(out.body.endsWith('<OAuth><token_type>bearer</token_type><scope>repo,user</scope><access_token>a&#60;b&#38;c</access_token></OAuth>'));
  });

  it('the form and JSON forms decode back to the same fields (docs/service-api/hosting/oauth §4)', () => {
    const fields = { access_token: 'abc', scope: 'repo,gist', token_type: 'bearer' };
    assert.deepEqual(Object.fromEntries(new URLSearchParams(renderExchange(fields, 'form').body)), fields);
    assert.deepEqual(JSON.parse(renderExchange(fields, 'json').body), fields);
  });

  it('OAuth errors — error_uri is under {docs_url}/v3/oauth/ with the error name as anchor, dashes for underscores', () => {
    const e = oauthError('incorrect_client_credentials', 'https://docs.example');
    assert.equal(e.error_uri, 'https://docs.example/v3/oauth/#incorrect-client-credentials');
    assert.ok(e.error_description.length > 0);
    assert.match(oauthError('application_suspended', 'x').error_description, /support/i);
  });

  it('pages — escapeHtml neutralises every character that could open markup or an attribute', () => {
    assert.equal(escapeHtml(`<a href="x" onclick='y'>&\``), '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#96;');
  });
});
