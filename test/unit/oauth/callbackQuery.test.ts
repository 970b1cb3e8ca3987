// The answer of step 1 as the UriHandler receives it (src/oauth/callbackQuery.ts):
// the spec's "Web application flow" rule 2 (code and the state as sent; a client
// must abort when the state differs) and its OAuth errors of step 1.
import assert from 'node:assert/strict';
import { readCallback } from '../../../src/oauth/callbackQuery';
import { OAuthError } from '../../../src/oauth/errors';

const waiting =
  (...states: string[]) =>
  (state: string) =>
    states.includes(state);

describe('readCallback: the redirect to the callback, read by the UriHandler', () => {
  it('code and the state as sent → the code for the flow that sent that state (docs/service-api/hosting/oauth §3)', () => {
    assert.deepEqual(readCallback('code=abc123&state=s1', waiting('s1', 's2')), { kind: 'code', state: 's1', code: 'abc123' });
  });

  it('the code is read as sent, percent-decoded, whatever the order of the parameters (docs/service-api/hosting/oauth §3)', () => {
    assert.deepEqual(readCallback('state=s%2F2&code=a%20b', waiting('s/2')), { kind: 'code', state: 's/2', code: 'a b' });
  });

  it('a state no flow sent (request forgery) → unknown state, whatever else it carries (docs/service-api/hosting/oauth §3)', () => {
    assert.deepEqual(readCallback('code=abc123&state=forged', waiting('s1')), { kind: 'unknown-state' });
    assert.deepEqual(readCallback('error=access_denied&state=forged', waiting('s1')), { kind: 'unknown-state' });
  });

  it('no state at all, or an empty one → unknown state, never matched to a waiting flow (docs/service-api/hosting/oauth §3)', () => {
    assert.deepEqual(readCallback('code=abc123', waiting('s1')), { kind: 'unknown-state' });
    assert.deepEqual(readCallback('code=abc123&state=', waiting('s1', '')), { kind: 'unknown-state' });
    // Not even a flow that would take any state is asked about a missing one.
    assert.deepEqual(
      readCallback('code=abc123', () => true),
      { kind: 'unknown-state' },
    );
  });

  it('a state sent by a flow no longer waiting (answered or cancelled) → unknown state (docs/service-api/hosting/oauth §3)', () => {
    assert.deepEqual(readCallback('code=abc123&state=s1', waiting()), { kind: 'unknown-state' });
  });

  for (const code of ['access_denied', 'redirect_uri_mismatch', 'application_suspended']) {
    it(`OAuth errors of step 1: ${code} with the state → that flow's error, the service's description and link kept`, () => {
      const answer = readCallback(
        `error=${code}&error_description=The+service+says+so&error_uri=https%3A%2F%2Fdocs.example%2Fv3%2Foauth%2F%23x&state=s1`,
        waiting('s1'),
      );
      assert.equal(answer.kind, 'error');
      if (answer.kind !== 'error') return;
      assert.equal(answer.state, 's1');
      assert.ok(answer.error instanceof OAuthError);
      assert.equal(answer.error.code, code);
      assert.equal(answer.error.description, 'The service says so');
      assert.equal(answer.error.uri, 'https://docs.example/v3/oauth/#x');
    });
  }

  it('an error without a description or link → the error alone', () => {
    const answer = readCallback('error=access_denied&state=s1', waiting('s1'));
    assert.ok(answer.kind === 'error');
    assert.equal(answer.error.description, undefined);
    assert.equal(answer.error.uri, undefined);
    assert.match(answer.error.message, /access was denied/);
  });

  it('the right state but no code and no error → an error that says the code is missing', () => {
    for (const query of ['state=s1', 'state=s1&code=']) {
      const answer = readCallback(query, waiting('s1'));
      assert.ok(answer.kind === 'error', query);
      assert.equal(answer.error.code, 'missing_code');
      assert.match(answer.error.message, /carried no authorization code/);
    }
  });
});
