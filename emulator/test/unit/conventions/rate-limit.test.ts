// The emulator's rate limits (docs/service-api/hosting/conventions §13;
// docs/EMULATOR.md, "Rate limits"): a fixed window per caller — the user for
// Basic and tokens, the application for client credentials, the address for
// anonymous calls — X-RateLimit-Limit/-Remaining/-Reset on every answer, 403
// "API rate limit exceeded for …" past the limit, and a 304 given back. Checked
// in-process with a fake clock so that mutation testing sees them.
import assert from 'node:assert/strict';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../src/hosting/conventions/errors';
import { RateLimiter } from '../../../src/hosting/conventions/rate-limit';

/** 2023-11-14T22:13:20.250Z: not on a whole second, so Reset's rounding shows. */
const T0 = 1_700_000_000_250;
const HOUR = 3_600_000;
const LIMITS = { authenticated: 5, unauthenticated: 2, application: 3 };

type Auth = FastifyRequest['auth'];
const anonymous = { kind: 'anonymous' } as Auth;
const basicAda = { kind: 'basic', user: { id: 1, login: 'ada' } } as unknown as Auth;
const tokenAda = { kind: 'token', user: { id: 1, login: 'ada' }, scopes: [] } as unknown as Auth;
const basicGrace = { kind: 'basic', user: { id: 2, login: 'grace' } } as unknown as Auth;
const app = { kind: 'application', application: { id: 9, client_id: 'abc123' } } as unknown as Auth;

function request(auth: Auth, ip = '10.0.0.1'): FastifyRequest {
  return { auth, ip } as unknown as FastifyRequest;
}

interface Answer {
  headers: Record<string, string>;
  reply: FastifyReply;
}
function answer(): Answer {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { headers, reply };
}

/** Counts one request; the headers it got, or the refusal's status and message. */
function call(limiter: RateLimiter, req: FastifyRequest): { headers: Record<string, string>; refused?: string } {
  const a = answer();
  try {
    limiter.consume(req, a.reply);
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.status, 403);
    assert.equal(e.documentation, '/v3/#rate-limiting');
    return { headers: a.headers, refused: e.message };
  }
  return { headers: a.headers };
}

const headers = (limit: number, remaining: number, reset: number) => ({
  'X-RateLimit-Limit': String(limit),
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(reset),
});

describe('emulator v3 rate limits (docs/service-api/hosting/conventions §13)', () => {
  let now = T0;
  const realNow = Date.now;
  beforeEach(() => {
    now = T0;
    Date.now = () => now;
  });
  afterEach(() => {
    Date.now = realNow;
  });

  /** Reset: the end of a window opened at T0, in whole epoch seconds rounded up. */
  const RESET = Math.ceil((T0 + HOUR) / 1000);

  it('each request counts; the headers show the limit, what remains and the reset in epoch seconds', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    assert.equal(RESET, 1_700_003_601);
    assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 4, RESET) });
    now += 1000;
    assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 3, RESET) }, 'the window does not move with later requests');
  });

  it('the last request of the window passes with Remaining 0; the next one is 403 with Remaining 0', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    for (let i = 0; i < 4; i++) call(limiter, request(basicAda));
    assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 0, RESET) });
    assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 0, RESET), refused: 'API rate limit exceeded for user ID 1.' });
    assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 0, reset: RESET }, 'a refused request is not counted');
  });

  it('an anonymous caller is limited by address, and told that authenticated requests get more', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.1')), { headers: headers(2, 1, RESET) });
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.1')), { headers: headers(2, 0, RESET) });
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.1')), {
      headers: headers(2, 0, RESET),
      refused:
        "API rate limit exceeded for 10.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
    });
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.2')), { headers: headers(2, 1, RESET) }, 'another address has its own window');
  });

  it('an application is limited by itself, named by its client_id', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    for (let i = 0; i < 3; i++) call(limiter, request(app, `10.0.0.${i}`));
    assert.deepEqual(call(limiter, request(app, '10.0.0.9')), { headers: headers(3, 0, RESET), refused: 'API rate limit exceeded for application abc123.' });
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.1')), { headers: headers(2, 1, RESET) }, 'the address is not charged for the application');
  });

  it('each application has a window of its own', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    const other = { kind: 'application', application: { id: 10, client_id: 'def456' } } as unknown as Auth;
    for (let i = 0; i < 3; i++) call(limiter, request(app));
    assert.deepEqual(call(limiter, request(other)), { headers: headers(3, 2, RESET) });
  });

  it('a user is one caller whether by Basic or by token, from any address; another user has a window of their own', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    call(limiter, request(basicAda, '10.0.0.1'));
    assert.deepEqual(call(limiter, request(tokenAda, '10.0.0.2')), { headers: headers(5, 3, RESET) });
    assert.deepEqual(call(limiter, request(basicGrace, '10.0.0.1')), { headers: headers(5, 4, RESET) });
    assert.deepEqual(call(limiter, request(anonymous, '10.0.0.1')), { headers: headers(2, 1, RESET) }, 'nor is the address charged for the user');
  });

  it('the window ends exactly at its reset time, and a new one starts with the next request', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    call(limiter, request(anonymous));
    call(limiter, request(anonymous));
    now = T0 + HOUR - 1;
    assert.equal(call(limiter, request(anonymous)).refused?.startsWith('API rate limit exceeded for 10.0.0.1.'), true);
    now = T0 + HOUR;
    assert.deepEqual(call(limiter, request(anonymous)), { headers: headers(2, 1, Math.ceil((T0 + 2 * HOUR) / 1000)) });
  });

  it("status: the caller's window without counting", () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 5, reset: RESET });
    assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 5, reset: RESET });
    call(limiter, request(basicAda));
    assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 4, reset: RESET });
    assert.deepEqual(limiter.status(request(app)), { limit: 3, remaining: 3, reset: RESET });
    assert.deepEqual(limiter.status(request(anonymous)), { limit: 2, remaining: 2, reset: RESET });
  });

  it("take, the response cache's fast path: an answer counts, a 304 does not, and past the limit nothing is counted", () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    const bucket = { key: 'user:1', limit: 5 };
    assert.deepEqual(limiter.take(bucket, false), { limit: 5, remaining: 4, reset: RESET });
    assert.deepEqual(limiter.take(bucket, true), { limit: 5, remaining: 4, reset: RESET });
    assert.equal(limiter.status(request(basicAda)).remaining, 4, "ada's own window");
    for (let i = 0; i < 4; i++) limiter.take(bucket, false);
    assert.equal(limiter.take(bucket, false), undefined);
    assert.equal(limiter.take(bucket, true), undefined);
    assert.equal(limiter.status(request(basicAda)).remaining, 0);
  });

  it('expired windows are dropped once a window length has passed since the last sweep', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    for (let i = 0; i < 3; i++) call(limiter, request(anonymous, `10.0.1.${i}`));
    now = T0 + HOUR - 1;
    call(limiter, request(anonymous, '10.0.2.1'));
    assert.equal(limiter.size, 4, 'none expired yet');
    now = T0 + HOUR;
    call(limiter, request(anonymous, '10.0.2.2'));
    assert.equal(limiter.size, 2, 'the three opened at T0 are gone; the later one and the new one stay');
  });

  it('expired windows are dropped sooner when the windows held reach 1,024 (then twice as many)', () => {
    const limiter = new RateLimiter(LIMITS, HOUR);
    call(limiter, request(anonymous, '10.1.0.1'));
    now = T0 + 1;
    call(limiter, request(anonymous, '10.1.0.2'));
    // A window length later: the sweep drops the first; the second expires a millisecond after.
    now = T0 + HOUR;
    call(limiter, request(anonymous, '10.1.0.3'));
    assert.equal(limiter.size, 2);
    now = T0 + HOUR + 1;
    for (let i = 0; i < 1022; i++) call(limiter, request(anonymous, `10.2.${Math.floor(i / 256)}.${i % 256}`));
    assert.equal(limiter.size, 1024, 'the expired second window is still held');
    call(limiter, request(anonymous, '10.3.0.1'));
    assert.equal(limiter.size, 1024, 'the 1,025th window swept the expired one first');
    call(limiter, request(anonymous, '10.3.0.2'));
    assert.equal(limiter.size, 1025, 'no sweep again before twice as many');
  });

  it('a window keeps the limit it opened with', () => {
    const limits = { ...LIMITS };
    const limiter = new RateLimiter(limits, HOUR);
    call(limiter, request(basicAda));
    limits.authenticated = 50;
    assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 3, RESET) });
  });

  describe('giving a request back (a 304 does not count)', () => {
    it('the counted request is given back once, with the headers updated', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      call(limiter, request(basicAda));
      const req = request(basicAda);
      call(limiter, req);
      const back = answer();
      limiter.refund(req, back.reply);
      assert.deepEqual(back.headers, headers(5, 4, RESET));
      const again = answer();
      limiter.refund(req, again.reply);
      assert.deepEqual(again.headers, {}, 'a second refund of the same request gives nothing');
      assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 4, reset: RESET });
    });

    it('a request that was never counted, or was refused, has nothing to give back', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      call(limiter, request(anonymous));
      const uncounted = answer();
      limiter.refund(request(anonymous), uncounted.reply);
      assert.deepEqual(uncounted.headers, {});
      call(limiter, request(anonymous));
      const refused = request(anonymous);
      assert.equal(typeof call(limiter, refused).refused, 'string');
      limiter.refund(refused, answer().reply);
      assert.deepEqual(limiter.status(request(anonymous)), { limit: 2, remaining: 0, reset: RESET });
    });

    it('a request refused past the limit does not use up what an earlier one gives back', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      const counted = request(anonymous);
      call(limiter, counted);
      call(limiter, request(anonymous));
      assert.equal(typeof call(limiter, request(anonymous)).refused, 'string');
      const back = answer();
      limiter.refund(counted, back.reply);
      assert.deepEqual(back.headers, headers(2, 1, RESET));
      assert.deepEqual(call(limiter, request(anonymous)), { headers: headers(2, 0, RESET) }, 'one more request passes');
    });

    it('a window that started afresh is not given a request of the old one below zero', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      const req = request(basicAda);
      call(limiter, req);
      now = T0 + HOUR;
      assert.deepEqual(limiter.status(request(basicAda)), { limit: 5, remaining: 5, reset: Math.ceil((T0 + 2 * HOUR) / 1000) });
      const back = answer();
      limiter.refund(req, back.reply);
      assert.deepEqual(back.headers, {});
      assert.deepEqual(limiter.status(request(basicAda)).remaining, 5);
    });

    it('the search limiter keeps buckets of its own: a core request is not given back there', () => {
      const core = new RateLimiter(LIMITS, HOUR);
      const search = new RateLimiter({ authenticated: 4, unauthenticated: 2, application: 4 }, 60_000, 'search:');
      const coreReq = request(basicAda);
      call(core, coreReq);
      call(search, request(basicAda));
      const back = answer();
      search.refund(coreReq, back.reply);
      assert.deepEqual(back.headers, {});
      assert.deepEqual(search.status(request(basicAda)), { limit: 4, remaining: 3, reset: Math.ceil((T0 + 60_000) / 1000) });
    });
  });

  describe('a read (GET, HEAD) is counted once answered (a 304 costs nothing, and no count is shown that is given back later)', () => {
    const conditional = (header: 'if-none-match' | 'if-modified-since', method = 'GET') =>
      ({
        auth: basicAda,
        ip: '10.0.0.1',
        method,
        headers: { [header]: header === 'if-none-match' ? '"abc"' : 'Tue, 14 Nov 2023 22:13:20 GMT' },
      }) as unknown as FastifyRequest;
    const answered = (status: number) => {
      const a = answer();
      (a.reply as unknown as { statusCode: number }).statusCode = status;
      return a;
    };

    it('in flight, it is not in the count that another answer of the caller carries; answered 304 it never counts', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      const req = conditional('if-none-match');
      const first = answered(304);
      limiter.consume(req, first.reply);
      assert.deepEqual(first.headers, headers(5, 5, RESET), 'nothing counted on arrival');
      assert.deepEqual(call(limiter, request(basicAda)), { headers: headers(5, 4, RESET) }, 'an answer sent meanwhile: only its own count');
      limiter.settle(req, first.reply);
      assert.deepEqual(first.headers, headers(5, 4, RESET));
      assert.deepEqual(limiter.status(request(basicAda)).remaining, 4, 'the 304 cost nothing');
      limiter.settle(req, first.reply);
      assert.equal(limiter.status(request(basicAda)).remaining, 4, 'settled once');
    });

    it('answered otherwise (200, 404), it counts once, and its headers say so', () => {
      for (const [status, header] of [
        [200, 'if-none-match'],
        [404, 'if-modified-since'],
      ] as const) {
        const limiter = new RateLimiter(LIMITS, HOUR);
        const req = conditional(header, 'HEAD');
        const a = answered(status);
        limiter.consume(req, a.reply);
        assert.equal(limiter.status(request(basicAda)).remaining, 5, 'not counted before it is answered');
        limiter.settle(req, a.reply);
        assert.deepEqual(a.headers, headers(5, 4, RESET), `${status}`);
        assert.equal(limiter.status(request(basicAda)).remaining, 4);
        assert.deepEqual(limiter.countedBucket(req), { key: 'user:1', limit: 5 }, 'counted, so the response cache may keep it');
      }
    });

    it('given back before it is settled (a web page, GET /rate_limit), it never counts', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      const req = conditional('if-none-match');
      const a = answered(200);
      limiter.consume(req, a.reply);
      limiter.refund(req, a.reply);
      limiter.settle(req, a.reply);
      assert.equal(limiter.status(request(basicAda)).remaining, 5);
      assert.deepEqual(a.headers, headers(5, 5, RESET));
      assert.equal(limiter.countedBucket(req), undefined);
    });

    it('a GET without a condition is counted when answered too; a POST with If-None-Match on arrival, as any write', () => {
      const read = new RateLimiter(LIMITS, HOUR);
      const get = answered(200);
      const plain = { auth: basicAda, ip: '10.0.0.1', method: 'GET', headers: {} } as unknown as FastifyRequest;
      read.consume(plain, get.reply);
      assert.equal(read.status(request(basicAda)).remaining, 5);
      read.settle(plain, get.reply);
      assert.deepEqual(get.headers, headers(5, 4, RESET));
      const limiter = new RateLimiter(LIMITS, HOUR);
      const a = answered(201);
      limiter.consume(conditional('if-none-match', 'POST'), a.reply);
      assert.deepEqual(a.headers, headers(5, 4, RESET));
    });

    it('past the limit, a read is refused like any other request', () => {
      const limiter = new RateLimiter(LIMITS, HOUR);
      for (let i = 0; i < 5; i++) call(limiter, request(basicAda));
      assert.equal(call(limiter, conditional('if-none-match')).refused, 'API rate limit exceeded for user ID 1.');
    });
  });
});
