import assert from 'node:assert/strict';
import {
  normalizeEngagementApiUrl,
  normalizeHostingApiUrl,
  parseEngagementServices,
  parseHostingServices,
  engagementServiceFor,
} from '../../src/util/serviceRegistry';

const legacy = { apiUrl: 'http://127.0.0.1:7480', oauthClientId: 'Iv1.legacy' };

describe('service registry: hosting API URL forms', () => {
  it('https://host is accepted as is', () => {
    assert.equal(normalizeHostingApiUrl('https://code.example.com'), 'https://code.example.com');
  });
  it('https://host/api/v3 is accepted, the trailing slash dropped', () => {
    assert.equal(normalizeHostingApiUrl('https://code.example.com/api/v3/'), 'https://code.example.com/api/v3');
  });
  it('a trailing slash of the origin form is dropped', () => {
    assert.equal(normalizeHostingApiUrl('http://127.0.0.1:7480/'), 'http://127.0.0.1:7480');
  });
  it('several trailing slashes are dropped too', () => {
    assert.equal(normalizeHostingApiUrl('https://h.test/api/v3//'), 'https://h.test/api/v3');
  });
  it('spaces around the URL are ignored', () => {
    assert.equal(normalizeHostingApiUrl('  https://h.test  '), 'https://h.test');
  });
  it('a URL that is neither form (another path) is refused', () => {
    assert.equal(normalizeHostingApiUrl('https://h.test/api/v4'), undefined);
    assert.equal(normalizeHostingApiUrl('https://h.test/gitlab/api/v3'), undefined);
  });
  it('a scheme other than http or https is refused', () => {
    assert.equal(normalizeHostingApiUrl('ftp://h.test'), undefined);
  });
  it('text that is no URL is refused', () => {
    assert.equal(normalizeHostingApiUrl('h.test'), undefined);
    assert.equal(normalizeHostingApiUrl(''), undefined);
  });
  it('a query, a fragment or credentials in the URL are refused', () => {
    assert.equal(normalizeHostingApiUrl('https://h.test/?x=1'), undefined);
    assert.equal(normalizeHostingApiUrl('https://h.test/#a'), undefined);
    assert.equal(normalizeHostingApiUrl('https://me@h.test'), undefined);
    assert.equal(normalizeHostingApiUrl('https://me:pw@h.test'), undefined);
    assert.equal(normalizeHostingApiUrl('https://:pw@h.test'), undefined);
  });
});

describe('service registry: engagement URL form', () => {
  it('an origin is accepted, the trailing slash dropped', () => {
    assert.equal(normalizeEngagementApiUrl('https://crm.example.com/'), 'https://crm.example.com');
    assert.equal(normalizeEngagementApiUrl('https://crm.example.com//'), 'https://crm.example.com');
  });
  it('a URL with a path is refused', () => {
    assert.equal(normalizeEngagementApiUrl('https://crm.example.com/api/v2'), undefined);
  });
  it('text that is no http URL is refused', () => {
    assert.equal(normalizeEngagementApiUrl('crm'), undefined);
    assert.equal(normalizeEngagementApiUrl('file:///x'), undefined);
  });
});

describe('service registry: repodesk.hosting.services', () => {
  it('unset: the older single-URL settings are one service named by its host', () => {
    assert.deepEqual(parseHostingServices(undefined, legacy), {
      services: [{ name: '127.0.0.1:7480', apiUrl: 'http://127.0.0.1:7480', oauthClientId: 'Iv1.legacy' }],
      problems: [],
    });
  });
  it('null or an empty list: the older settings too', () => {
    assert.equal(parseHostingServices(null, legacy).services[0]?.apiUrl, 'http://127.0.0.1:7480');
    assert.equal(parseHostingServices([], legacy).services[0]?.name, '127.0.0.1:7480');
  });
  it('unset, the older URL in the enterprise form keeps its path and the client id is trimmed', () => {
    const parsed = parseHostingServices(undefined, { apiUrl: 'https://ghe.corp/api/v3/', oauthClientId: ' id ' });
    assert.deepEqual(parsed.services, [{ name: 'ghe.corp', apiUrl: 'https://ghe.corp/api/v3', oauthClientId: 'id' }]);
  });
  it('unset, an older URL of neither form: no service and a badUrl problem', () => {
    assert.deepEqual(parseHostingServices(undefined, { apiUrl: 'nonsense', oauthClientId: '' }), {
      services: [],
      problems: [{ kind: 'badUrl', index: 0, name: 'nonsense', value: 'nonsense' }],
    });
  });
  it('two services in both forms, in the order given', () => {
    const parsed = parseHostingServices(
      [
        { name: 'Public', apiUrl: 'https://api.code.test', oauthClientId: 'a' },
        { name: 'Work', apiUrl: 'https://git.corp/api/v3', oauthClientId: 'b' },
      ],
      legacy,
    );
    assert.deepEqual(parsed, {
      services: [
        { name: 'Public', apiUrl: 'https://api.code.test', oauthClientId: 'a' },
        { name: 'Work', apiUrl: 'https://git.corp/api/v3', oauthClientId: 'b' },
      ],
      problems: [],
    });
  });
  it('names and values are trimmed', () => {
    const parsed = parseHostingServices([{ name: ' Work ', apiUrl: ' https://git.corp ', oauthClientId: ' b ' }], legacy);
    assert.deepEqual(parsed.services, [{ name: 'Work', apiUrl: 'https://git.corp', oauthClientId: 'b' }]);
  });
  it('a duplicate name (any case): the later entry is left out and named', () => {
    const parsed = parseHostingServices(
      [
        { name: 'Work', apiUrl: 'https://a.corp', oauthClientId: 'a' },
        { name: 'work', apiUrl: 'https://b.corp', oauthClientId: 'b' },
      ],
      legacy,
    );
    assert.deepEqual(
      parsed.services.map((s) => s.apiUrl),
      ['https://a.corp'],
    );
    assert.deepEqual(parsed.problems, [{ kind: 'duplicateName', index: 1, name: 'work' }]);
  });
  it('a URL that is neither form: the entry is left out, the others kept', () => {
    const parsed = parseHostingServices(
      [
        { name: 'Bad', apiUrl: 'https://a.corp/api', oauthClientId: 'a' },
        { name: 'Good', apiUrl: 'https://b.corp', oauthClientId: 'b' },
      ],
      legacy,
    );
    assert.deepEqual(
      parsed.services.map((s) => s.name),
      ['Good'],
    );
    assert.deepEqual(parsed.problems, [{ kind: 'badUrl', index: 0, name: 'Bad', value: 'https://a.corp/api' }]);
  });
  it('a missing URL is a badUrl problem with an empty value', () => {
    assert.deepEqual(parseHostingServices([{ name: 'X', oauthClientId: 'a' }], legacy).problems, [{ kind: 'badUrl', index: 0, name: 'X', value: '' }]);
  });
  it('a URL that is not text is a badUrl problem with an empty value', () => {
    assert.deepEqual(parseHostingServices([{ name: 'X', apiUrl: 7, oauthClientId: 'a' }], legacy).problems, [
      { kind: 'badUrl', index: 0, name: 'X', value: '' },
    ]);
  });
  it('a missing OAuth application: the service is kept without one, and reported', () => {
    const parsed = parseHostingServices(
      [
        { name: 'Work', apiUrl: 'https://git.corp' },
        { name: 'Other', apiUrl: 'https://o.corp', oauthClientId: '  ' },
      ],
      legacy,
    );
    assert.deepEqual(parsed.services, [
      { name: 'Work', apiUrl: 'https://git.corp', oauthClientId: '' },
      { name: 'Other', apiUrl: 'https://o.corp', oauthClientId: '' },
    ]);
    assert.deepEqual(parsed.problems, [
      { kind: 'missingOAuth', index: 0, name: 'Work' },
      { kind: 'missingOAuth', index: 1, name: 'Other' },
    ]);
  });
  it('an entry without a name (missing, blank or not text) is left out', () => {
    const parsed = parseHostingServices(
      [
        { apiUrl: 'https://a.corp', oauthClientId: 'a' },
        { name: '  ', apiUrl: 'https://b.corp' },
        { name: 3, apiUrl: 'https://c.corp' },
      ],
      legacy,
    );
    assert.deepEqual(parsed.services, []);
    assert.deepEqual(parsed.problems, [
      { kind: 'missingName', index: 0 },
      { kind: 'missingName', index: 1 },
      { kind: 'missingName', index: 2 },
    ]);
  });
  it('an entry that is not an object (text, null, a list) is left out', () => {
    const parsed = parseHostingServices(['https://a.corp', null, [], { name: 'Ok', apiUrl: 'https://ok.corp', oauthClientId: 'x' }], legacy);
    assert.deepEqual(
      parsed.services.map((s) => s.name),
      ['Ok'],
    );
    assert.deepEqual(parsed.problems, [
      { kind: 'notAnObject', index: 0 },
      { kind: 'notAnObject', index: 1 },
      { kind: 'notAnObject', index: 2 },
    ]);
  });
  it('a setting that is not a list: no service, one notAList problem', () => {
    assert.deepEqual(parseHostingServices({ name: 'x' }, legacy), { services: [], problems: [{ kind: 'notAList' }] });
    assert.deepEqual(parseHostingServices('https://a.corp', legacy), { services: [], problems: [{ kind: 'notAList' }] });
  });
  it("a duplicate name: the name stays its first entry's even when that one is left out for its URL", () => {
    const parsed = parseHostingServices(
      [
        { name: 'Work', apiUrl: 'bad' },
        { name: 'Work', apiUrl: 'https://b.corp', oauthClientId: 'b' },
      ],
      legacy,
    );
    assert.deepEqual(parsed.services, []);
    assert.deepEqual(parsed.problems, [
      { kind: 'duplicateName', index: 1, name: 'Work' },
      { kind: 'badUrl', index: 0, name: 'Work', value: 'bad' },
    ]);
  });
});

describe('service registry: repodesk.engagement.services', () => {
  it('unset: the older repodesk.engagement.apiUrl is one service named by its host', () => {
    assert.deepEqual(parseEngagementServices(undefined, 'http://127.0.0.1:7480/'), {
      services: [{ name: '127.0.0.1:7480', apiUrl: 'http://127.0.0.1:7480' }],
      problems: [],
    });
    assert.equal(parseEngagementServices([], 'https://crm.test').services[0]?.name, 'crm.test');
    assert.equal(parseEngagementServices(null, 'https://crm.test').services.length, 1);
  });
  it('unset, an older URL with a path: no service and a badUrl problem', () => {
    assert.deepEqual(parseEngagementServices(undefined, 'https://crm.test/x'), {
      services: [],
      problems: [{ kind: 'badUrl', index: 0, name: 'https://crm.test/x', value: 'https://crm.test/x' }],
    });
  });
  it('two services; a duplicate name and a bad URL are left out and named', () => {
    const parsed = parseEngagementServices(
      [
        { name: 'Support', apiUrl: 'https://crm.test' },
        { name: 'SUPPORT', apiUrl: 'https://crm2.test' },
        { name: 'Sales', apiUrl: 'https://sales.test/api/v2' },
        { name: 'Field', apiUrl: ' https://field.test/ ' },
      ],
      '',
    );
    assert.deepEqual(parsed.services, [
      { name: 'Support', apiUrl: 'https://crm.test' },
      { name: 'Field', apiUrl: 'https://field.test' },
    ]);
    assert.deepEqual(parsed.problems, [
      { kind: 'duplicateName', index: 1, name: 'SUPPORT' },
      { kind: 'badUrl', index: 2, name: 'Sales', value: 'https://sales.test/api/v2' },
    ]);
  });
  it('no OAuth application is asked of an engagement service', () => {
    assert.deepEqual(parseEngagementServices([{ name: 'S', apiUrl: 'https://crm.test' }], '').problems, []);
  });
  it('a setting that is not a list: one notAList problem', () => {
    assert.deepEqual(parseEngagementServices(5, ''), { services: [], problems: [{ kind: 'notAList' }] });
  });
});

describe('service registry: the engagement service of each hosting service', () => {
  const engagementNames = ['Support', 'Enterprise support'];
  const support = { name: 'Support', apiUrl: 'https://crm.example.com' };
  const enterpriseSupport = { name: 'Enterprise support', apiUrl: 'https://crm.corp.example' };
  const parse = (entries: unknown[]) => parseHostingServices(entries, legacy, engagementNames);

  it('an entry naming an engagement service keeps the name as that service spells it (any case given)', () => {
    const { services, problems } = parse([{ name: 'Corp', apiUrl: 'https://git.corp.example/api/v3', oauthClientId: 'a', engagement: ' enterprise SUPPORT ' }]);
    assert.deepEqual(problems, []);
    assert.equal(services[0]!.engagement, 'Enterprise support');
  });
  it('an entry without engagement names none, and no problem is reported', () => {
    const { services, problems } = parse([{ name: 'Corp', apiUrl: 'https://git.corp.example', oauthClientId: 'a' }]);
    assert.deepEqual(problems, []);
    assert.equal('engagement' in services[0]!, false);
  });
  it('an engagement name not in repodesk.engagement.services: the service is kept without one, and the problem names both', () => {
    const { services, problems } = parse([
      { name: 'Corp', apiUrl: 'https://git.corp.example', oauthClientId: 'a', engagement: 'Helpdesk' },
      { name: 'Public', apiUrl: 'https://api.example.com', oauthClientId: 'b', engagement: 'Support' },
    ]);
    assert.deepEqual(
      services.map((s) => [s.name, s.engagement]),
      [
        ['Corp', undefined],
        ['Public', 'Support'],
      ],
    );
    assert.deepEqual(problems, [{ kind: 'unknownEngagement', index: 0, name: 'Corp', value: 'Helpdesk' }]);
  });
  it('an engagement that is not text (a number, an object) or blank is an unknownEngagement problem showing what was given', () => {
    const { services, problems } = parse([
      { name: 'A', apiUrl: 'https://a.example', oauthClientId: 'a', engagement: 7 },
      { name: 'B', apiUrl: 'https://b.example', oauthClientId: 'b', engagement: { apiUrl: 'https://crm.example.com' } },
      { name: 'C', apiUrl: 'https://c.example', oauthClientId: 'c', engagement: '  ' },
    ]);
    assert.equal(services.length, 3);
    assert.ok(services.every((s) => s.engagement === undefined));
    assert.deepEqual(problems, [
      { kind: 'unknownEngagement', index: 0, name: 'A', value: '7' },
      { kind: 'unknownEngagement', index: 1, name: 'B', value: '{"apiUrl":"https://crm.example.com"}' },
      { kind: 'unknownEngagement', index: 2, name: 'C', value: '  ' },
    ]);
  });
  it('without the engagement services given, any engagement name is unknown', () => {
    const { problems } = parseHostingServices([{ name: 'A', apiUrl: 'https://a.example', oauthClientId: 'a', engagement: 'Support' }], legacy);
    assert.deepEqual(problems, [{ kind: 'unknownEngagement', index: 0, name: 'A', value: 'Support' }]);
  });

  it('a named engagement service is the one used', () => {
    assert.deepEqual(engagementServiceFor({ engagement: 'Enterprise support' }, 2, [support, enterpriseSupport]), enterpriseSupport);
    assert.deepEqual(engagementServiceFor({ engagement: 'enterprise support' }, 1, [support, enterpriseSupport]), enterpriseSupport);
  });
  it('a name no longer among the engagement services: none, and which name', () => {
    assert.deepEqual(engagementServiceFor({ engagement: 'Helpdesk' }, 2, [support]), { reason: 'unknown', name: 'Helpdesk' });
  });
  it('several hosting services, one naming none: none (not the first engagement service)', () => {
    assert.deepEqual(engagementServiceFor({}, 2, [support, enterpriseSupport]), { reason: 'notNamed' });
  });
  it('one hosting service naming none (or not known): the first engagement service, as with the older settings', () => {
    assert.deepEqual(engagementServiceFor({}, 1, [support, enterpriseSupport]), support);
    assert.deepEqual(engagementServiceFor(undefined, 1, [enterpriseSupport]), enterpriseSupport);
  });
  it('one hosting service and no engagement service at all: none configured', () => {
    assert.deepEqual(engagementServiceFor({}, 1, []), { reason: 'noneConfigured' });
    assert.deepEqual(engagementServiceFor(undefined, 0, []), { reason: 'noneConfigured' });
  });
});
