import assert from 'node:assert/strict';
import { buildAuthorizeUrl, createState } from '../../../src/oauth';
import { resolveAddresses } from '../../../src/hosting';

describe('web flow step 1: state and authorize URL (docs/service-api/hosting/oauth §1–§3)', () => {
  it('state is an unguessable random value, different every time', () => {
    const states = new Set(Array.from({ length: 100 }, () => createState()));
    assert.equal(states.size, 100);
    for (const s of states) assert.match(s, /^[A-Za-z0-9_-]{43}$/);
  });

  it('the authorize URL is on the web address with client_id, redirect_uri, comma-separated scope and state', () => {
    const url = new URL(
      buildAuthorizeUrl({
        webUrl: 'https://code.example/',
        clientId: 'abc',
        redirectUri: 'http://127.0.0.1:7481/callback',
        scopes: ['repo', 'read:org'],
        state: 'xyz',
      }),
    );
    assert.equal(url.origin + url.pathname, 'https://code.example/login/oauth/authorize');
    assert.equal(url.searchParams.get('client_id'), 'abc');
    assert.equal(url.searchParams.get('redirect_uri'), 'http://127.0.0.1:7481/callback');
    assert.equal(url.searchParams.get('scope'), 'repo,read:org');
    assert.equal(url.searchParams.get('state'), 'xyz');
  });

  it('no scope parameter when no scope is asked for (docs/service-api/hosting/oauth §2)', () => {
    const url = new URL(buildAuthorizeUrl({ webUrl: 'https://code.example', clientId: 'abc', scopes: [], state: 's' }));
    assert.equal(url.searchParams.has('scope'), false);
    assert.equal(url.searchParams.has('redirect_uri'), false);
  });

  it('the web address is derived from the API URL: enterprise /api/v3 and api.<domain> forms, or given', () => {
    assert.equal(resolveAddresses('https://ghe.corp/api/v3').webUrl, 'https://ghe.corp');
    assert.equal(resolveAddresses('https://ghe.corp/api/v3/').apiUrl, 'https://ghe.corp/api/v3');
    assert.equal(resolveAddresses('https://api.code.example').webUrl, 'https://code.example');
    assert.equal(resolveAddresses('http://127.0.0.1:7480').webUrl, 'http://127.0.0.1:7480');
    assert.equal(resolveAddresses('https://api.code.example', 'https://www.code.example/').webUrl, 'https://www.code.example');
  });
});
