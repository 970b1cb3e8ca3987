// What the route fuzzer sends: a seeded PRNG (a failure reproduces from its
// seed), values for path parameters, query strings and bodies — wrong types,
// missing fields, huge and deep bodies, bad encodings, NUL bytes, names git
// refuses and traversal in tree paths — next to plausible ones, so that the
// requests reach the handlers and not only the first validation.

/** mulberry32: small, fast and the same on every platform. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a text (FNV-1a), to give every route its own stream of cases. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export type Rand = () => number;
export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Strings git or the service refuse, or that break naive code: NUL, control characters, traversal, ref-name rules, huge, non-ASCII. */
const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'line\nbreak',
  'tab\there',
  'a..b',
  'a~1',
  'a^b',
  'a:b',
  'a?b',
  'a*b',
  'a[b',
  'a\\b',
  'x.lock',
  '.hidden',
  'ends.',
  '@{u}',
  'refs/heads/',
  '/leading',
  'trailing/',
  'a//b',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  'é',
  '💥',
  '\ud800',
  'x'.repeat(70_000),
  '-rf',
  '--upload-pack=touch /tmp/pwned',
  '$(id)',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  'HEAD',
  'refs/heads/master',
];

/** Values of the wrong type for any field. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  Number.POSITIVE_INFINITY /* null in JSON */,
  2 ** 53 + 1,
  [],
  [1, 'a', null],
  {},
  { a: { b: 1 } },
  '1',
  'true',
];

/** Field names the v3 and v2 APIs read, so wrong values land where they are parsed. */
const FIELDS: readonly string[] = [
  'name',
  'title',
  'body',
  'description',
  'homepage',
  'sha',
  'ref',
  'tree',
  'base_tree',
  'message',
  'parents',
  'author',
  'committer',
  'head',
  'base',
  'tag_name',
  'target_commitish',
  'draft',
  'prerelease',
  'content',
  'encoding',
  'path',
  'mode',
  'type',
  'state',
  'labels',
  'assignee',
  'milestone',
  'scopes',
  'add_scopes',
  'remove_scopes',
  'note',
  'note_url',
  'client_id',
  'client_secret',
  'fingerprint',
  'config',
  'events',
  'add_events',
  'active',
  'key',
  'private',
  'auto_init',
  'gitignore_template',
  'license_template',
  'organization',
  'team_id',
  'permission',
  'repo_names',
  'commit_id',
  'position',
  'line',
  'in_reply_to',
  'files',
  'public',
  'color',
  'label',
  'force',
  'commit_message',
  'email',
  'blog',
  'company',
  'location',
  'hireable',
  'bio',
  'size',
  'content_type',
  'default_branch',
  'has_issues',
  'has_wiki',
  'has_downloads',
  'userName',
  'apiKey',
  'password',
  'access_token',
  'subject',
  'note',
  'tag',
  'priority',
  'id',
  'contact',
  'case',
  'profiles',
  'phone',
  'company_name',
  'code',
  'redirect_uri',
  'login',
  'since',
  'page',
  'per_page',
];

/** Tree entries that try to leave the tree or break git's rules. */
function badTree(r: Rand): unknown[] {
  const paths = ['../escape', 'a/../../b', '/absolute', 'a//b', '.git/config', '.git', 'a\u0000b', '', '.', '..', 'x/', 'é/💥', 'a\\b', '.GIT/hooks/x'];
  return Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({
    path: pick(r, paths),
    mode: pick(r, ['100644', '100755', '040000', '160000', '120000', '777', 'x', 100644]),
    type: pick(r, ['blob', 'tree', 'commit', 'tag', 'nonsense']),
    ...(r() < 0.5 ? { content: pick(r, ['x', '\u0000', 'y'.repeat(10_000)]) } : { sha: pick(r, ['0'.repeat(40), 'zz', 'a'.repeat(40)]) }),
  }));
}

function nested(depth: number, array: boolean): string {
  return array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export interface Body {
  kind: string;
  contentType?: string;
  bytes: Buffer;
}

const json = (kind: string, value: unknown): Body => ({ kind, contentType: 'application/json', bytes: Buffer.from(JSON.stringify(value)) });

/**
 * One body for a write; `plausible` holds values that pass validation, to get
 * past it. The fields spoiled are FIELDS and any other field `plausible` has:
 * the ones a route reads.
 */
export function body(r: Rand, plausible: Record<string, unknown>): Body | undefined {
  const fields = [...FIELDS, ...Object.keys(plausible).filter((f) => !FIELDS.includes(f))];
  const roll = r();
  if (roll < 0.06) return undefined;
  if (roll < 0.14) return json('empty object', {});
  if (roll < 0.34) {
    const value: Record<string, unknown> = { ...plausible };
    for (let i = 0; i < 1 + Math.floor(r() * 4); i++) value[pick(r, fields)] = pick(r, WRONG_TYPES);
    return json('wrong types', value);
  }
  if (roll < 0.54) {
    const value: Record<string, unknown> = { ...plausible };
    for (let i = 0; i < 1 + Math.floor(r() * 4); i++) value[pick(r, fields)] = pick(r, BAD_STRINGS);
    return json('bad strings', value);
  }
  if (roll < 0.6) return json('tree traversal', { ...plausible, tree: badTree(r), base_tree: pick(r, [undefined, 'master', '0'.repeat(40)]) });
  if (roll < 0.66) return { kind: 'deep JSON', contentType: 'application/json', bytes: Buffer.from(nested(2000 + Math.floor(r() * 8000), r() < 0.5)) };
  if (roll < 0.7) return json('huge field', { ...plausible, [pick(r, fields)]: 'z'.repeat(1_000_000 + Math.floor(r() * 1_000_000)) });
  if (roll < 0.74) return { kind: 'truncated JSON', contentType: 'application/json', bytes: Buffer.from('{"name": "x", "body": ') };
  if (roll < 0.78)
    return {
      kind: 'invalid UTF-8',
      contentType: 'application/json; charset=utf-8',
      bytes: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    };
  if (roll < 0.82) return json('not an object', pick(r, [[1, 2], 'string', 42, null, true]));
  if (roll < 0.86) return { kind: 'empty JSON', contentType: 'application/json', bytes: Buffer.alloc(0) };
  if (roll < 0.9) {
    const deep = `a${'[b]'.repeat(3000)}=1&${pick(r, fields)}=%00&x=%E0%A4%A`;
    return { kind: 'deep form', contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from(deep) };
  }
  if (roll < 0.94)
    return {
      kind: 'wrong content type',
      contentType: pick(r, ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']),
      bytes: Buffer.from(JSON.stringify(plausible)),
    };
  return json('plausible', plausible);
}

/** A query string: none, or bad paging, sorting, encodings and very deep parameter names; `more` adds what some routes read. */
export function query(r: Rand, more: readonly string[] = []): string {
  return pick(r, [
    '',
    '',
    '',
    '?page=-1&per_page=1000000',
    '?per_page=abc&page=%00',
    '?since=not-a-date&sort=%00&direction=sideways',
    '?state=%E0%A4%A&ref=..%2F..%2Fconfig',
    '?name=%C3%A9%F0%9F%92%A5.bin&label=%00',
    `?q=${'x'.repeat(5000)}`,
    `?a${'[b]'.repeat(3000)}=1`,
    '?access_token=garbage',
    '?page=99999999999999999999&per_page=1e3',
    '?filter=all&type=%FF&sort=created&since=-5',
    ...more,
  ]);
}

/** The repository the cases address: its owner, its name and a commit of it. */
export interface Known {
  sha: string;
  owner: string;
  repo: string;
}

/** Path parameter values by name; the first values are the plausible ones. `rest`, when given, holds the plausible values of the wildcard (`*`). */
export function paramValue(r: Rand, name: string, known: Known, rest?: readonly string[]): string {
  const bad = [
    '%00',
    'a%00b',
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    '%2e%2e',
    'a%0Ab',
    '%F0%9F%92%A5',
    'x'.repeat(300),
    '-1',
    '0',
    '99999999999999999999',
    '1e3',
    'a~b',
    'x.lock',
  ];
  const plausible: Record<string, readonly string[]> = {
    owner: [known.owner],
    org: ['analytical-engines'],
    username: ['grace', 'no-such-user'],
    login: ['grace', 'analytical-engines'],
    repo: [known.repo],
    repository: [known.repo],
    repoGit: [`${known.repo}.git`],
    sha: [known.sha, 'master', '0'.repeat(40)],
    id: ['1', '2', '3'],
    number: ['1', '2'],
    gist_id: ['1'],
    delivery_id: ['1'],
    name: ['bug', 'a.txt'],
    tag: ['v1.0'],
    state: ['open', 'closed'],
    keyword: ['engine'],
    email: ['ada@example.com'],
    client_id: ['0123456789abcdef0123'],
    access_token: ['0'.repeat(40)],
    '*': ['heads/master', 'tags/v1.0', 'heads/fuzz'],
  };
  const traversal = [
    'heads/../../config',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    'heads/a..b',
    'heads/x.lock',
    'heads/%00',
    `heads/${'a'.repeat(300)}`,
    'heads/a%20b',
    'heads/@{-1}',
  ];
  const own = (name === '*' ? rest : undefined) ?? plausible[name] ?? ['x'];
  const r1 = r();
  if (r1 < 0.7) return pick(r, own);
  if (name === '*' && r1 < 0.9) return pick(r, traversal);
  return pick(r, bad);
}

/**
 * What the routes of `--vendor github` read beyond what every route is sent,
 * so that the cases reach their handlers: a file write's `branch`; the media
 * types they answer (a comparison's diff and patch, a file's raw bytes); the
 * query of a commit list (its filters) and of a read (`ref`); and their
 * wildcard as what each route reads there (a branch, a file path, a commit,
 * a comparison, with a fork's `owner:` and a web address's `.diff`).
 */
export const vendorGithubInputs = {
  // No `sha`, so that a write may create a file and commit it (the commit's SHA every route gets would not match a file's blob).
  plausible: { branch: 'master', sha: undefined },
  accepts: [
    '',
    'application/vnd.github.diff',
    'application/vnd.github.v3.patch',
    'application/vnd.github.raw',
    'application/vnd.github.v3+json',
    'application/vnd.github.v3.nonsense',
  ],
  queries: [
    '?ref=%00',
    '?ref=..%2F..%2Fconfig&path=..',
    '?sha=a..b&path=%00',
    '?sha=master&path=README.md&author=%00&committer=ada',
    '?since=2026-13-45T99:99:99Z&until=-1',
    '?protected=%FF&per_page=1&page=2',
  ],
  rest(url: string, known: Known): readonly string[] | undefined {
    const rests: Record<string, readonly string[]> = {
      '/repos/:owner/:repo/branches/*': ['master', 'fuzz-0'],
      '/repos/:owner/:repo/contents/*': ['README.md', 'fuzz.txt', 'docs/fuzz.md'],
      '/repos/:owner/:repo/commits/*': ['master', known.sha],
      '/repos/:owner/:repo/compare/*': ['master...master', `${known.sha}...master`, `master...${known.owner}:master`],
      '/:owner/:repo/compare/*': ['master...master.diff', `${known.sha}...master.patch`],
      '/:owner/:repo/raw/*': ['master/README.md', `${known.sha}/README.md`],
    };
    return rests[url];
  },
};
