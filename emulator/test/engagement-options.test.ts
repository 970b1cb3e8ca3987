// The engagement service's command-line options: token lifetime and the
// domain's time zone (the spec leaves both to the deployment).
import assert from 'node:assert/strict';
import { parseOptions, UsageError } from '../src/options';

describe('v2 emulator options', () => {
  it('--engagement-token-ttl and --engagement-time-zone reach the options (docs/service-api/engagement/auth §2, docs/service-api/engagement/conventions §3)', () => {
    const o = parseOptions(['--data', '/tmp/x', '--engagement-token-ttl', '60', '--engagement-time-zone', '+0530']);
    assert.equal(o.engagementTokenTtlSeconds, 60);
    assert.equal(o.engagementTimeZone, '+0530');
    const defaults = parseOptions(['--data', '/tmp/x']);
    assert.deepEqual([defaults.engagementTokenTtlSeconds, defaults.engagementTimeZone], [undefined, undefined]);
  });

  it('a bad lifetime or time zone is a usage error naming the flag', () => {
    assert.throws(
      () => parseOptions(['--data', '/tmp/x', '--engagement-token-ttl', '0']),
      (e: unknown) => e instanceof UsageError && /--engagement-token-ttl must be a positive integer/.test(e.message),
    );
    // A value starting with a dash goes after `=` (node:util parseArgs refuses `--flag -0300` as ambiguous).
    assert.equal(parseOptions(['--data', '/tmp/x', '--engagement-time-zone=-0300']).engagementTimeZone, '-0300');
    for (const tz of ['-03:00', 'UTC', '+1600', '-0360']) {
      assert.throws(() => parseOptions(['--data', '/tmp/x', `--engagement-time-zone=${tz}`]), /--engagement-time-zone must look like -0300/, tz);
    }
  });
});
