// The emulator's command line and the limits it resolves (emulator/src/options.ts):
// each flag reaches its option, each default is the documented one
// (docs/EMULATOR.md), and a bad value is a usage error naming the flag.
import assert from 'node:assert/strict';
import path from 'node:path';
import { drawLatency } from '../../src/latency';
import { DEFAULT_PORT, parseOptions, resolveLimits, UsageError, USAGE } from '../../src/options';

const usage = (pattern: RegExp) => (e: unknown) => e instanceof UsageError && pattern.test(e.message);

describe('emulator options: the command line', () => {
  it('defaults: port 7480, host 127.0.0.1, no seed, no base URL, request log on', () => {
    const o = parseOptions(['--data', 'data-dir']);
    assert.deepEqual(
      { port: o.port, host: o.host, dataDir: o.dataDir, seed: o.seed, baseUrl: o.baseUrl, logRequests: o.logRequests },
      { port: DEFAULT_PORT, host: '127.0.0.1', dataDir: path.resolve('data-dir'), seed: undefined, baseUrl: undefined, logRequests: true },
    );
    assert.equal(DEFAULT_PORT, 7480);
    for (const k of [
      'vendor',
      'loginLockoutThreshold',
      'loginLockoutWindowSeconds',
      'rateLimitWindowSeconds',
      'engagementTokenTtlSeconds',
      'engagementTimeZone',
      'statisticsDelayMs',
    ] as const) {
      assert.equal(o[k], undefined, k);
    }
    assert.deepEqual(o.rateLimits, { authenticated: undefined, unauthenticated: undefined });
  });

  it('--path-prefix /api/v3: the enterprise form (a trailing slash is dropped); unset by default; any other path is a usage error naming the flag', () => {
    assert.equal(parseOptions(['--memory', '--path-prefix', '/api/v3']).pathPrefix, '/api/v3');
    assert.equal(parseOptions(['--memory', '--path-prefix', '/api/v3/']).pathPrefix, '/api/v3');
    assert.equal(parseOptions(['--memory']).pathPrefix, undefined);
    assert.equal('pathPrefix' in parseOptions(['--memory']), false);
    assert.throws(() => parseOptions(['--memory', '--path-prefix', '/ghe']), usage(/--path-prefix must be \/api\/v3 \(the enterprise form\), got "\/ghe"/));
    assert.throws(() => parseOptions(['--memory', '--path-prefix', '']), usage(/--path-prefix must be/));
    assert.match(USAGE, /--path-prefix \/api\/v3/);
  });

  it('--latency: milliseconds or a min-max range; unset by default; anything else is a usage error naming the flag', () => {
    assert.equal(parseOptions(['--memory']).latency, undefined);
    assert.deepEqual(parseOptions(['--memory', '--latency', '250']).latency, { minMs: 250, maxMs: 250 });
    assert.deepEqual(parseOptions(['--memory', '--latency', '100-400']).latency, { minMs: 100, maxMs: 400 });
    for (const bad of ['', 'slow', '-5', '400-100', '1.5', '100-']) {
      assert.throws(
        () => parseOptions(['--memory', `--latency=${bad}`]),
        usage(/^--latency must be milliseconds \(250\) or a range of them \(100-400\), got/),
        bad,
      );
    }
    assert.match(USAGE, /--latency <ms>\|<min>-<max>/);
  });

  it('--latency: a range is drawn from for each request, both ends included', () => {
    const l = { minMs: 100, maxMs: 400 };
    assert.equal(
      drawLatency(l, () => 0),
      100,
    );
    assert.equal(
      drawLatency(l, () => 0.999999),
      400,
    );
    assert.equal(drawLatency({ minMs: 250, maxMs: 250 }, Math.random), 250);
  });

  it('--memory: no data folder from the command line (startEmulator makes a throw-away one)', () => {
    const o = parseOptions(['--memory']);
    assert.equal(o.memory, true);
    assert.equal(o.dataDir, undefined);
  });

  it('--cors-origin: repeatable origins, * or none (no CORS); anything with a path is a usage error', () => {
    assert.equal(parseOptions(['--memory']).corsOrigins, undefined, 'unset: the default, any origin');
    assert.deepEqual(parseOptions(['--memory', '--cors-origin', 'http://localhost:5173', '--cors-origin', 'https://app.example']).corsOrigins, [
      'http://localhost:5173',
      'https://app.example',
    ]);
    assert.deepEqual(parseOptions(['--memory', '--cors-origin', '*']).corsOrigins, ['*']);
    assert.deepEqual(parseOptions(['--memory', '--cors-origin', 'none']).corsOrigins, []);
    assert.throws(() => parseOptions(['--memory', '--cors-origin', 'none', '--cors-origin', '*']), usage(/^--cors-origin none turns CORS off and goes alone/));
    for (const bad of ['localhost:5173', 'http://localhost:5173/', 'https://app.example/path']) {
      assert.throws(() => parseOptions(['--memory', '--cors-origin', bad]), usage(/^--cors-origin must be \*, none or an origin/), bad);
    }
  });

  it('--oauth-callback-url: an http(s) URL for the seeded OAuth application; unset by default; anything else is a usage error naming the flag', () => {
    assert.equal(parseOptions(['--memory']).oauthCallbackUrl, undefined);
    assert.equal(parseOptions(['--memory', '--oauth-callback-url', 'http://127.0.0.1:40123/callback']).oauthCallbackUrl, 'http://127.0.0.1:40123/callback');
    for (const bad of ['', 'callback', 'ftp://127.0.0.1/callback', '127.0.0.1:7481/callback']) {
      assert.throws(() => parseOptions(['--memory', `--oauth-callback-url=${bad}`]), usage(/^--oauth-callback-url must be an http\(s\) URL, got/), bad);
    }
    assert.match(USAGE, /--oauth-callback-url <url>/);
  });

  it('every flag reaches its option', () => {
    const o = parseOptions([
      '--port',
      '0',
      '--host',
      '127.0.0.2',
      '--data',
      '/tmp/x',
      '--seed',
      'demo',
      '--base-url',
      'http://emulator.test/api/',
      '--quiet',
      '--vendor',
      'github',
      '--lockout-threshold',
      '3',
      '--lockout-window',
      '30',
      '--rate-limit-window',
      '60',
      '--rate-limit-authenticated',
      '100',
      '--rate-limit-unauthenticated',
      '7',
      '--engagement-token-ttl',
      '90',
      '--engagement-time-zone=+0530',
      '--stats-delay',
      '1500',
    ]);
    assert.deepEqual(o, {
      port: 0,
      host: '127.0.0.2',
      dataDir: '/tmp/x',
      seed: 'demo',
      baseUrl: 'http://emulator.test/api',
      logRequests: false,
      vendor: 'github',
      loginLockoutThreshold: 3,
      loginLockoutWindowSeconds: 30,
      rateLimitWindowSeconds: 60,
      rateLimits: { authenticated: 100, unauthenticated: 7 },
      engagementTokenTtlSeconds: 90,
      engagementTimeZone: '+0530',
      statisticsDelayMs: 1500,
    });
  });

  it('--port takes 0 to 65535 (0 picks a free one); anything else is a usage error', () => {
    assert.equal(parseOptions(['--data', '/tmp/x', '--port', '65535']).port, 65535);
    for (const bad of ['-1', '65536', '80.5', 'http']) {
      assert.throws(
        () => parseOptions(['--data', '/tmp/x', `--port=${bad}`]),
        usage(new RegExp(`^--port must be a port number, got "${bad.replace('.', '\\.')}"`)),
        bad,
      );
    }
  });

  it('--data or --memory is required, not both; --seed is demo or a file (resolved); --base-url must be absolute; --help is the usage', () => {
    assert.throws(() => parseOptions([]), usage(/^--data <dir> or --memory is required/));
    assert.throws(() => parseOptions(['--data', '/tmp/x', '--memory']), usage(/^--data and --memory exclude each other/));
    assert.equal(parseOptions(['--data', '/tmp/x', '--seed', 'scenarios/big.yaml']).seed, path.resolve('scenarios/big.yaml'));
    assert.throws(() => parseOptions(['--data', '/tmp/x', '--seed', '']), usage(/^--seed needs demo or the path of a scenario file/));
    assert.equal(
      parseOptions(['--data', '/tmp/x', '--base-url', 'http://emulator.test/api//']).baseUrl,
      'http://emulator.test/api',
      'every trailing slash goes',
    );
    assert.throws(() => parseOptions(['--data', '/tmp/x', '--base-url', 'emulator.test']), usage(/^--base-url must be an absolute URL, got "emulator.test"$/));
    assert.throws(
      () => parseOptions(['--help']),
      (e: unknown) => e instanceof UsageError && e.message === USAGE,
    );
    assert.throws(() => parseOptions(['--data', '/tmp/x', '--no-such-flag']), {
      code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION',
      message: "Unknown option '--no-such-flag'",
    });
  });

  it('every count is a positive integer, named in its error', () => {
    for (const flag of [
      'lockout-threshold',
      'lockout-window',
      'rate-limit-window',
      'rate-limit-authenticated',
      'rate-limit-unauthenticated',
      'engagement-token-ttl',
      'stats-delay',
    ]) {
      for (const bad of ['0', '2.5', 'many']) {
        assert.throws(
          () => parseOptions(['--data', '/tmp/x', `--${flag}`, bad]),
          usage(new RegExp(`^--${flag} must be a positive integer, got "${bad.replace('.', '\\.')}"`)),
          `${flag} ${bad}`,
        );
      }
    }
  });

  it('--engagement-time-zone is ±hhmm from -1459 to +1459, nothing around it', () => {
    assert.equal(parseOptions(['--data', '/tmp/x', '--engagement-time-zone=-1459']).engagementTimeZone, '-1459');
    for (const bad of ['x+0530', '+0530x', '+1500', '+0560', '0530']) {
      assert.throws(
        () => parseOptions(['--data', '/tmp/x', `--engagement-time-zone=${bad}`]),
        usage(/^--engagement-time-zone must look like -0300 or \+0530/),
        bad,
      );
    }
  });
});

describe('emulator options: the limits resolved', () => {
  it('the documented defaults', () => {
    assert.deepEqual(resolveLimits({ port: 0, host: '127.0.0.1', dataDir: '/tmp/x', logRequests: false }), {
      vendor: 'service',
      loginLockoutThreshold: 10,
      loginLockoutWindowSeconds: 300,
      rateLimitWindowSeconds: 3600,
      rateLimits: { authenticated: 5000, unauthenticated: 60, application: 5000 },
      searchRateLimit: 20,
      bodyLimitBytes: 25 * 1024 * 1024,
      docsUrl: 'https://docs.service.test',
      statisticsDelayMs: 0,
    });
  });

  it('what is given wins; a docs URL loses its trailing slashes', () => {
    assert.deepEqual(
      resolveLimits({
        port: 0,
        host: '127.0.0.1',
        dataDir: '/tmp/x',
        logRequests: false,
        vendor: 'github',
        loginLockoutThreshold: 2,
        loginLockoutWindowSeconds: 5,
        rateLimitWindowSeconds: 9,
        rateLimits: { authenticated: 11, unauthenticated: 12, application: 13 },
        searchRateLimit: 4,
        bodyLimitBytes: 1000,
        docsUrl: 'https://docs.example.test/v3//',
        statisticsDelayMs: 250,
      }),
      {
        vendor: 'github',
        loginLockoutThreshold: 2,
        loginLockoutWindowSeconds: 5,
        rateLimitWindowSeconds: 9,
        rateLimits: { authenticated: 11, unauthenticated: 12, application: 13 },
        searchRateLimit: 4,
        bodyLimitBytes: 1000,
        docsUrl: 'https://docs.example.test/v3',
        statisticsDelayMs: 250,
      },
    );
  });
});
