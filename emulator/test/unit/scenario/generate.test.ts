// The history generator of a scenario's `generate` entry: deterministic,
// commits where and when the entry says, files that grow and shrink.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { generateHistory } from '../../../src/scenario/generate';
import { scenarioSchema, type ScenarioGenerate } from '../../../src/scenario/schema';

const END = Date.parse('2026-06-03T12:00:00Z') / 1000; // a Wednesday
const DAY = 86_400;

function entry(fields: Record<string, unknown> = {}): ScenarioGenerate {
  return scenarioSchema.parse({
    repositories: [
      {
        owner: 'o',
        name: 'r',
        generate: {
          commits: 200,
          authors: [
            { login: 'ann', weight: 3, zones: ['+0000', '+0530'] },
            { login: 'ben', weight: 1, zones: ['-0500'] },
          ],
          files: ['src/a.js', 'src/b.js', 'docs/c.md', 'test/d.js'],
          ...fields,
        },
      },
    ],
  }).repositories[0]!.generate!;
}

/** The hour of a commit in its author's zone. */
function localHour(seconds: number, zone: string): number {
  const offset = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(3)) * 60);
  return new Date((seconds + offset) * 1000).getUTCHours();
}

describe('scenario history generator', () => {
  it('the same entry and end give the same commits; another seed or end, others', () => {
    const once = generateHistory(entry(), 'main', END);
    assert.deepEqual(generateHistory(entry(), 'main', END), once);
    assert.notDeepEqual(generateHistory(entry({ seed: 2 }), 'main', END).commits, once.commits);
    assert.notDeepEqual(generateHistory(entry(), 'main', END - 7 * DAY).commits, once.commits);
  });

  it('`commits` commits on the default branch, a line: each the parent of the next, the first on the branch tip before', () => {
    const { commits } = generateHistory(entry(), 'main', END);
    assert.equal(commits.length, 200);
    assert.ok(commits.every((c) => c.branch === 'main'));
    assert.equal(commits[0]!.parents, undefined);
    commits.slice(1).forEach((c, i) => assert.deepEqual(c.parents, [i + 1]));
  });

  it("oldest first, before the end, within the weeks asked, in working hours (8 to 22) of the author's zone", () => {
    const { commits } = generateHistory(entry({ weeks: 4 }), 'main', END);
    const times = commits.map((c) => c.seconds);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    assert.ok(Math.max(...times) < END);
    assert.ok(Math.min(...times) >= END - 4 * 7 * DAY);
    for (const c of commits) {
      const hour = localHour(c.seconds, c.zone);
      assert.ok(hour >= 8 && hour < 22, `${c.zone} ${hour}h`);
    }
  });

  it('authors by weight, each in one of their zones; fewer commits at weekends', () => {
    const { commits } = generateHistory(entry({ commits: 2000 }), 'main', END);
    const by = (login: string) => commits.filter((c) => c.author === login);
    const annShare = by('ann').length / commits.length;
    assert.ok(annShare > 0.68 && annShare < 0.82, `ann ${annShare}`);
    assert.deepEqual(new Set(by('ann').map((c) => c.zone)), new Set(['+0000', '+0530']));
    assert.deepEqual(new Set(by('ben').map((c) => c.zone)), new Set(['-0500']));
    const weekend = commits.filter((c) =>
      [0, 6].includes(new Date((c.seconds + (c.zone === '+0530' ? 19_800 : c.zone === '-0500' ? -18_000 : 0)) * 1000).getUTCDay()),
    );
    // Without the skipping, 2/7 (29 %) would fall at weekends; 70 % of them are skipped.
    assert.ok(weekend.length / commits.length < 0.15, `weekend ${weekend.length}`);
    assert.ok(weekend.length > 0);
  });

  it('each commit changes one to three of the listed files, whole contents of generated lines; a subject names a file', () => {
    const g = entry({ words: ['cog'], subjects: ['Oil'] });
    const { commits } = generateHistory(g, 'main', END);
    const contents = new Map<string, string>();
    for (const c of commits) {
      const paths = Object.keys(c.files);
      assert.ok(paths.length >= 1 && paths.length <= 3);
      for (const p of paths) {
        assert.ok(g.files.includes(p), p);
        const lines = c.files[p]!.split('\n');
        assert.equal(lines.pop(), '', 'ends with a newline');
        for (const l of lines) assert.match(l, p.endsWith('.md') ? /^- cog cog \d+$/ : /^\/\/ cog cog \d+$/);
        contents.set(p, c.files[p]!);
      }
      assert.match(c.message, /^Oil (src\/a\.js|src\/b\.js|docs\/c\.md|test\/d\.js)\n$/);
    }
    // Files grow and shrink: about 2,600 lines are added over the 200 commits, the four files keep under 200 lines each.
    for (const text of contents.values()) assert.ok(text.split('\n').length < 200, `${text.split('\n').length} lines`);
  });

  it('first_commit: its files and a paragraph in its message', () => {
    const { commits } = generateHistory(entry({ first_commit: { body: 'Add the README.', files: { 'README.md': '# r\n' } } }), 'main', END);
    assert.equal(commits[0]!.files['README.md'], '# r\n');
    assert.match(commits[0]!.message, /^\S.*\n\nAdd the README\.\n$/);
    assert.equal(commits[1]!.files['README.md'], undefined);
  });

  it('branches: commits an hour apart from the n-th commit, by the authors in turn; tags and notes by the first author', () => {
    const g = entry({
      branches: [{ name: 'side', from: 10, commits: 3 }],
      tags: [
        { name: 'v1', at: 5, message: 'One' },
        { name: 'v0', at: 4 },
      ],
      notes: [{ at: 5, text: 'Checked' }],
    });
    const { commits, tags, notes } = generateHistory(g, 'main', END);
    const side = commits.slice(200);
    assert.deepEqual(
      side.map((c) => [c.branch, c.parents, c.author, c.seconds - commits[9]!.seconds, c.message]),
      [
        ['side', [10], 'ann', 3600, 'Work on side (1)\n'],
        ['side', [201], 'ben', 7200, 'Work on side (2)\n'],
        ['side', [202], 'ann', 10_800, 'Work on side (3)\n'],
      ],
    );
    assert.deepEqual(
      side.map((c) => c.zone),
      ['+0000', '-0500', '+0000'],
    );
    assert.deepEqual(tags, [
      { name: 'v1', mark: 5, message: 'One\n', tagger: 'ann', seconds: commits[4]!.seconds + 600, zone: '+0000' },
      { name: 'v0', mark: 4, message: undefined, tagger: 'ann', seconds: commits[3]!.seconds + 600, zone: '+0000' },
    ]);
    assert.deepEqual(notes, [
      { mark: 5, text: 'Checked\n', message: 'Notes added by the scenario\n', author: 'ann', seconds: commits[4]!.seconds + 900, zone: '+0000' },
    ]);
  });

  it('pinned: a file and a seed time give these commits in every version (scenario authors keep their SHAs), with the default words and subjects', () => {
    const h = generateHistory(entry({ branches: [{ name: 'side', from: 190, commits: 4 }] }), 'main', END);
    assert.deepEqual(h.commits[0], {
      branch: 'main',
      parents: undefined,
      author: 'ann',
      message: 'Fix the carry in docs/c.md\n',
      seconds: 1_749_744_117,
      zone: '+0000',
      files: {
        'test/d.js':
          '// figure carry 5\n// printer lever 6\n// cam wheel 7\n// stereotype sector 8\n// tabulate cam 10\n// wheel stereotype 1\n// polynomial lever 3\n// sector tabulate 9\n// difference axis 2\n// sector column 4\n',
        'docs/c.md': '- difference printer 11\n- stereotype column 12\n',
      },
    });
    assert.equal(crypto.createHash('sha256').update(JSON.stringify(h)).digest('hex'), '08fdcf55175680e376df3c6a69cbb707b7b04413ddd7679f8dd9ee2cd5b74e42');
  });
});
