// The v2 service's parameters (docs/EMULATOR-V2.md, "Conventions as
// implemented" and the error table): the query string and a form or JSON
// body, a repeated name giving several values and the last one winning for a
// single value; integers, booleans and dates; count/index/order_by/order_dir;
// dynamic attributes; the numeric :id; the JSON depth limit. Checked
// in-process so that mutation testing sees them.
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import {
  badRequest,
  DEFAULT_COUNT,
  dynamicAttributes,
  failed,
  idParam,
  jsonTooDeep,
  MAX_COUNT,
  MAX_JSON_DEPTH,
  notFound,
  paging,
  Params,
  EngagementError,
} from '../../../src/engagement/params';

/** A request as a route sees it: the URL as sent, and the body the content-type parser made. */
function params(url: string, body?: unknown): Params {
  return Params.of({ url, body } as FastifyRequest);
}

/** The EngagementError a call throws (its status and statusMessage). */
function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof EngagementError, `not a EngagementError: ${String(e)}`);
    return { status: e.status, message: e.message };
  }
  assert.fail('no error was thrown');
}

const bad = (message: string) => ({ status: 400, message });

describe('emulator v2 parameters', () => {
  describe('the failures of the v2 envelope', () => {
    it('400 for a bad request, 404 for a missing record, 200 for a processed failure', () => {
      assert.deepEqual(
        refusal(() => {
          throw badRequest('b');
        }),
        { status: 400, message: 'b' },
      );
      assert.deepEqual(
        refusal(() => {
          throw notFound('n');
        }),
        { status: 404, message: 'n' },
      );
      assert.deepEqual(
        refusal(() => {
          throw failed('f');
        }),
        { status: 200, message: 'f' },
      );
    });
  });

  describe('where parameters come from', () => {
    it('the query string, percent-decoded, + as a space', () => {
      const p = params('/api/v2/contact?firstName=Ada&note=a%26b+c');
      assert.deepEqual(p.names(), ['firstName', 'note']);
      assert.equal(p.get('firstName'), 'Ada');
      assert.equal(p.get('note'), 'a&b c');
    });

    it('a URL without a query has no parameters', () => {
      assert.deepEqual(params('/api/v2/contact').names(), []);
      assert.deepEqual(params('/api/v2/contact', undefined).names(), []);
    });

    it('a form body, after the query string; a repeated name gives several values, the last one wins for get', () => {
      const p = params('/api/v2/case?tag=q', new URLSearchParams('tag=a&tag=b&subject=Hi'));
      assert.deepEqual(p.all('tag'), ['q', 'a', 'b']);
      assert.equal(p.get('tag'), 'b');
      assert.deepEqual(p.names(), ['tag', 'subject']);
    });

    it('a JSON object body: strings, numbers and booleans as text, arrays as several values, objects as JSON', () => {
      const p = params('/api/v2/case', { subject: 'Hi', credits: 3, private: false, tag: ['a', 2], meta: { k: 'v' } });
      assert.equal(p.get('subject'), 'Hi');
      assert.equal(p.get('credits'), '3');
      assert.equal(p.get('private'), 'false');
      assert.deepEqual(p.all('tag'), ['a', '2']);
      assert.equal(p.get('meta'), '{"k":"v"}');
    });

    it('null and absent JSON values are no parameter at all', () => {
      const p = params('/api/v2/case', { subject: null, source: undefined, state: 'Open' });
      assert.deepEqual(p.names(), ['state']);
      assert.equal(p.has('subject'), false);
      assert.equal(p.get('subject'), undefined);
    });

    it('a JSON body of null carries no parameters', () => {
      assert.deepEqual(params('/api/v2/case?a=1', null).names(), ['a']);
    });

    it('a JSON value of [] names the parameter with no value', () => {
      const p = params('/api/v2/case', { tag: [] });
      assert.equal(p.has('tag'), true);
      assert.equal(p.get('tag'), undefined);
      assert.deepEqual(p.all('tag'), []);
    });

    it('a JSON object without a prototype is read too', () => {
      const body = Object.assign(Object.create(null) as Record<string, unknown>, { subject: 'bare' });
      assert.equal(params('/api/v2/case', body).get('subject'), 'bare');
    });

    it('any other body carries no parameters: raw bytes, text, a JSON array, an instance of a class', () => {
      for (const body of [Buffer.from('subject=x'), 'subject=x', ['subject'], new Date(0), new Map([['subject', 'x']])]) {
        assert.deepEqual(params('/api/v2/case?a=1', body).names(), ['a'], Object.prototype.toString.call(body));
      }
    });
  });

  describe('reading one parameter', () => {
    it('has, get and all of a missing name', () => {
      const p = params('/x?a=1');
      assert.equal(p.has('a'), true);
      assert.equal(p.has('b'), false);
      assert.equal(p.get('b'), undefined);
      assert.deepEqual(p.all('b'), []);
    });

    it('required: the trimmed last value; missing or blank is 400 Missing required parameter', () => {
      assert.equal(params('/x?name=+Ada+').required('name'), 'Ada');
      assert.deepEqual(
        refusal(() => params('/x').required('name')),
        bad('Missing required parameter: name'),
      );
      assert.deepEqual(
        refusal(() => params('/x?name=+++').required('name')),
        bad('Missing required parameter: name'),
      );
      assert.deepEqual(
        refusal(() => params('/x?name=Ada&name=').required('name')),
        bad('Missing required parameter: name'),
      );
    });

    it('int: digits with an optional minus; empty or missing is no value', () => {
      assert.equal(params('/x?n=42').int('n'), 42);
      assert.equal(params('/x?n=-7').int('n'), -7);
      assert.equal(params('/x?n=').int('n'), undefined);
      assert.equal(params('/x').int('n'), undefined);
      for (const text of ['4.2', '1e3', 'x1', '1x', ' 1', '+1', '--1']) {
        assert.deepEqual(
          refusal(() => params(`/x?n=${encodeURIComponent(text)}`).int('n')),
          bad(`Parameter n must be an integer, got "${text}"`),
          text,
        );
      }
    });

    it('int within a range: both ends included', () => {
      const range = { min: 1, max: 100 };
      assert.equal(params('/x?n=1').int('n', range), 1);
      assert.equal(params('/x?n=100').int('n', range), 100);
      assert.deepEqual(
        refusal(() => params('/x?n=0').int('n', range)),
        bad('Parameter n must be between 1 and 100, got 0'),
      );
      assert.deepEqual(
        refusal(() => params('/x?n=101').int('n', range)),
        bad('Parameter n must be between 1 and 100, got 101'),
      );
      assert.equal(params('/x?n=101').int('n'), 101, 'no range, no limit');
    });

    it('bool: true/1/yes and false/0/no in any case; empty or missing is no value; anything else 400', () => {
      for (const t of ['true', 'TRUE', '1', 'yes', 'Yes']) assert.equal(params(`/x?b=${t}`).bool('b'), true, t);
      for (const f of ['false', 'False', '0', 'no', 'NO']) assert.equal(params(`/x?b=${f}`).bool('b'), false, f);
      assert.equal(params('/x?b=').bool('b'), undefined);
      assert.equal(params('/x').bool('b'), undefined);
      assert.deepEqual(
        refusal(() => params('/x?b=Maybe').bool('b')),
        bad('Parameter b must be true or false, got "Maybe"'),
      );
    });

    it('date: a v2 date as epoch milliseconds; empty or missing is no value; anything else 400 naming the shape', () => {
      assert.equal(params('/x?since=2026-03-01T09:30:45-0300').date('since'), Date.UTC(2026, 2, 1, 12, 30, 45));
      assert.equal(params('/x?since=2026-03-01T18:00:45+0530').date('since'), Date.UTC(2026, 2, 1, 12, 30, 45), 'an unencoded + arrives as a space');
      assert.equal(params('/x?since=').date('since'), undefined);
      assert.equal(params('/x').date('since'), undefined);
      assert.deepEqual(
        refusal(() => params('/x?since=2026-03-01').date('since')),
        bad('Parameter since is not a date of the form yyyy-MM-ddTHH:mm:ss±hhmm, e.g. 2026-03-01T09:30:00-0300: "2026-03-01"'),
      );
    });

    it('texts: every value trimmed, the blank ones dropped', () => {
      assert.deepEqual(params('/x?tag=+a+&tag=&tag=b&tag=+++').texts('tag'), ['a', 'b']);
      assert.deepEqual(params('/x').texts('tag'), []);
    });
  });

  describe('dynamic attributes', () => {
    const known = new Set(['subject', 'state']);
    const readOnly = new Set(['id', 'creation_date']);

    it('parameters that are not known fields become attributes, with their last value', () => {
      assert.deepEqual(dynamicAttributes(params('/x?subject=s&color=red&size_2=L&color=blue'), known, readOnly), { color: 'blue', size_2: 'L' });
      assert.deepEqual(dynamicAttributes(params('/x?subject=s'), known, readOnly), {});
    });

    it('an attribute given as an empty JSON list is set to the empty text', () => {
      assert.deepEqual(dynamicAttributes(params('/x', { color: [] }), known, readOnly), { color: '' });
    });

    it('a read-only field cannot be set', () => {
      assert.deepEqual(
        refusal(() => dynamicAttributes(params('/x?creation_date=1'), known, readOnly)),
        bad('Field creation_date is read-only'),
      );
    });

    it('a name must start with a letter and hold only letters, digits and _, 64 at most', () => {
      const message = (name: string) => bad(`Attribute name "${name}" must start with a letter and hold only letters, digits and _`);
      for (const name of ['1st', '_x', 'a-b', 'a b', 'é']) {
        assert.deepEqual(
          refusal(() => dynamicAttributes(params(`/x?${encodeURIComponent(name)}=v`), known, readOnly)),
          message(name),
          name,
        );
      }
      const longest = `a${'b'.repeat(63)}`;
      assert.deepEqual(dynamicAttributes(params(`/x?${longest}=v`), known, readOnly), { [longest]: 'v' });
      assert.deepEqual(
        refusal(() => dynamicAttributes(params(`/x?${longest}c=v`), known, readOnly)),
        message(`${longest}c`),
      );
    });
  });

  describe('the numeric :id', () => {
    const req = (id: string) => ({ params: { id } }) as unknown as FastifyRequest;

    it('1 to 15 digits is the id', () => {
      assert.equal(idParam(req('42'), 'Contact'), 42);
      assert.equal(idParam(req('999999999999999'), 'Contact'), 999999999999999);
    });

    it("anything else is the record's 404", () => {
      for (const id of ['abc', '4x', '-1', '1.5', '', '1000000000000000']) {
        assert.deepEqual(
          refusal(() => idParam(req(id), 'Case')),
          { status: 404, message: `Case ${id} not found` },
          id,
        );
      }
    });
  });

  describe('count, index, order_by and order_dir', () => {
    const orderable = ['id', 'subject'];

    it('defaults: 20 from 0, ascending on the default attribute', () => {
      assert.equal(DEFAULT_COUNT, 20);
      assert.equal(MAX_COUNT, 100);
      assert.deepEqual(paging(params('/x'), orderable, 'id'), { count: 20, index: 0, orderBy: 'id', desc: false });
      assert.deepEqual(paging(params('/x?count=&index=&order_by=&order_dir='), orderable, 'subject'), { count: 20, index: 0, orderBy: 'subject', desc: false });
    });

    it('the given values, order_dir in any case', () => {
      assert.deepEqual(paging(params('/x?count=100&index=7&order_by=subject&order_dir=desc'), orderable, 'id'), {
        count: 100,
        index: 7,
        orderBy: 'subject',
        desc: true,
      });
      assert.deepEqual(paging(params('/x?count=1&order_dir=Asc'), orderable, 'id'), { count: 1, index: 0, orderBy: 'id', desc: false });
    });

    it('count outside 1..100 and a negative index are 400', () => {
      assert.deepEqual(
        refusal(() => paging(params('/x?count=0'), orderable, 'id')),
        bad('Parameter count must be between 1 and 100, got 0'),
      );
      assert.deepEqual(
        refusal(() => paging(params('/x?count=101'), orderable, 'id')),
        bad('Parameter count must be between 1 and 100, got 101'),
      );
      assert.deepEqual(
        refusal(() => paging(params('/x?index=-1'), orderable, 'id')),
        bad(`Parameter index must be between 0 and ${Number.MAX_SAFE_INTEGER}, got -1`),
      );
    });

    it('an unknown order_by is 400 naming the attributes one may sort on', () => {
      assert.deepEqual(
        refusal(() => paging(params('/x?order_by=color'), orderable, 'id')),
        bad('order_by: unknown attribute "color"; one of id, subject'),
      );
    });

    it('order_dir other than ASC or DESC is 400 quoting the value as sent', () => {
      assert.deepEqual(
        refusal(() => paging(params('/x?order_dir=up'), orderable, 'id')),
        bad('order_dir must be ASC or DESC, got "up"'),
      );
    });
  });

  describe('the JSON depth limit', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    it('32 levels of objects and arrays are allowed, 33 are too deep', () => {
      assert.equal(MAX_JSON_DEPTH, 32);
      assert.equal(jsonTooDeep(nested(32)), false);
      assert.equal(jsonTooDeep(nested(33)), true);
      assert.equal(jsonTooDeep('{"a":{"b":[1]}}', 3), false);
      assert.equal(jsonTooDeep('{"a":{"b":[1]}}', 2), true);
    });

    it('closed levels are given back: siblings do not add up', () => {
      assert.equal(jsonTooDeep('[[1],[2],{"a":3}]', 2), false);
      assert.equal(jsonTooDeep('[[1],[2],{"a":[3]}]', 2), true);
      assert.equal(jsonTooDeep('{}{}{}', 1), false);
    });

    it('brackets inside strings do not count, escaped quotes included', () => {
      assert.equal(jsonTooDeep('{"a":"[[[[{{{{"}', 1), false);
      assert.equal(jsonTooDeep('{"a":"x\\"[[[["}', 1), false, 'an escaped quote does not end the string');
      assert.equal(jsonTooDeep('{"a":"x\\\\"}', 1), false);
      assert.equal(jsonTooDeep('{"a":"x\\\\","b":[1]}', 1), true, 'an escaped backslash does not escape the closing quote');
      assert.equal(jsonTooDeep('["]",[1]]', 1), true, 'a string ends at its quote');
    });
  });
});
