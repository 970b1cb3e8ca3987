// Every citation in the repository resolves inside it: a comment, test title
// or document that cites the services' API names a file of docs/service-api/
// and a numbered section of it (`docs/service-api/hosting/auth §4`, also
// `… §4, §9` and `… §1–§6`; docs/service-api/README.md, "Citing it"). And the
// rewrite that scripts/cite-service-api.mjs makes of the old citations of the
// services' own documents, which are not in the repository, and the code's
// comments never cite a bare "rule N" of their numbering.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const REFERENCE = path.join(ROOT, 'docs', 'service-api');
const SCANNED = ['src', 'test', 'emulator', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vscode-test', 'test-results', 'coverage', 'reports', '.stryker-tmp']);
const TEXT = /\.(?:[cm]?[jt]sx?|md|css|html|ya?ml|sql)$/;

/** Every text file under the scanned folders (relative, with `/`). */
function files(): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) visit(p);
      } else if (TEXT.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join('/'));
    }
  };
  for (const d of SCANNED) visit(path.join(ROOT, d));
  return out;
}

/** A line break and the next line's comment marker, or plain whitespace. */
const GAP = String.raw`\s+(?:(?:\/\/|\*|--|#)[ \t]*)?`;
/** `docs/service-api/<file> §N`, then more sections of the same file: `, §M`, `–§M`, ` and §M`. */
const CITATION = new RegExp(String.raw`docs\/service-api\/([a-z0-9/-]+) §(\d+)((?:(?:,${GAP}|–| and${GAP})§\d+)*)`, 'g');

/** The section numbers a file of the reference has (`## §N …`), or undefined when there is no such file. */
function sectionsOf(file: string): Set<number> | undefined {
  const p = path.join(REFERENCE, `${file}.md`);
  if (!fs.existsSync(p)) return undefined;
  return new Set([...fs.readFileSync(p, 'utf8').matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1])));
}

interface Citation {
  where: string;
  file: string;
  sections: number[];
}

function citationsIn(rel: string): Citation[] {
  const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
  return [...text.matchAll(CITATION)].map((m) => ({
    where: `${rel}:${text.slice(0, m.index).split('\n').length}`,
    file: m[1]!,
    sections: [m[2]!, ...[...m[3]!.matchAll(/§(\d+)/g)].map((s) => s[1]!)].map(Number),
  }));
}

/** A mocha title: it(, describe(, context( or specify( (also .only / .skip), then a quoted string. */
const TITLE = /\b(?:it|describe|context|specify)(?:\.only|\.skip)?\(\s*(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g;

/** The titles of a test file's it() and describe() calls, each with the line it starts on. */
function testTitles(text: string): Array<{ line: number; title: string }> {
  return [...text.matchAll(TITLE)].map((m) => ({ line: text.slice(0, m.index + m[0].indexOf(m[1]!)).split('\n').length, title: m[2]! }));
}

/** The script's interface, as the tests use it. */
interface CiteScript {
  CITATIONS: Array<[string, string, RegExp?]>;
  rewrite(text: string, file?: string): { text: string; mapped: number };
  leftovers(text: string): Array<{ line: number; text: string }>;
  bareRules(text: string): Array<{ line: number; text: string }>;
  RULE_CHECKED: string[];
  expand(target: string): string;
}
const loadScript = async (): Promise<CiteScript> => (await import(path.join(ROOT, 'scripts', 'cite-service-api.mjs'))) as CiteScript;

describe('citations resolve inside the repository (docs/service-api)', () => {
  it('every "docs/service-api/<file> §N" citation in src, test, emulator and docs names an existing file and section', () => {
    const all = files().flatMap(citationsIn);
    assert.ok(all.length > 0, 'the reference is cited somewhere');
    const broken = all.flatMap((c) => {
      const sections = sectionsOf(c.file);
      if (!sections) return [`${c.where}: docs/service-api/${c.file}.md does not exist`];
      return c.sections.filter((n) => !sections.has(n)).map((n) => `${c.where}: docs/service-api/${c.file}.md has no § ${n}`);
    });
    assert.deepEqual(broken, []);
  });

  it('the citation check itself: a missing file and a missing section are both found', () => {
    const ref = ['docs', 'service-api'].join('/'); // not written out, so that the check above does not read this sample
    const text = `// (${ref}/hosting/auth §4, §99) and ${ref}/hosting/nowhere §1\n`;
    const found = [...text.matchAll(CITATION)].map((m) => [m[1], m[2], m[3]]);
    assert.deepEqual(found, [
      ['hosting/auth', '4', ', §99'],
      ['hosting/nowhere', '1', ''],
    ]);
    assert.equal(sectionsOf('hosting/nowhere'), undefined);
    assert.equal(sectionsOf('hosting/auth')?.has(99), false);
    assert.equal(sectionsOf('hosting/auth')?.has(4), true);
  });

  it('each file of the reference numbers its sections §1, §2, … in order, and its links to other files resolve', () => {
    const problems: string[] = [];
    const visit = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          visit(p);
          continue;
        }
        const rel = path.relative(REFERENCE, p).split(path.sep).join('/');
        const text = fs.readFileSync(p, 'utf8');
        const numbers = [...text.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1]));
        if (rel !== 'README.md' && numbers.join() !== numbers.map((_, i) => i + 1).join()) problems.push(`${rel}: sections ${numbers.join(', ')}`);
        for (const m of text.matchAll(/\]\(([^)#]+\.md)\)(?: §(\d+))?/g)) {
          const target = path.resolve(path.dirname(p), m[1]!);
          if (!fs.existsSync(target)) problems.push(`${rel}: link to ${m[1]} does not resolve`);
          else if (m[2] && !new RegExp(`^## §${m[2]} `, 'm').test(fs.readFileSync(target, 'utf8'))) problems.push(`${rel}: ${m[1]} has no § ${m[2]}`);
        }
      }
    };
    visit(REFERENCE);
    assert.deepEqual(problems, []);
  });

  // ┌──────────────────────────────────────────────────────────────────────────┐
  // │ (b) FAILS UNTIL THE LEAD RUNS THE REWRITE AFTER MERGING EVERY BRANCH:    │
  // │     node scripts/cite-service-api.mjs                                    │
  // │ It rewrites the old citations of the services' own documents in place    │
  // │ and lists any it cannot map (add a row to its CITATIONS table for them).  │
  // └──────────────────────────────────────────────────────────────────────────┘
  it("(b) no citation of the services' own documents is left (run scripts/cite-service-api.mjs after merging)", async () => {
    const { leftovers } = await loadScript();
    const own = new Set(['test/unit/lint/citations.test.ts']);
    const left = files()
      .filter((f) => !own.has(f) && !f.startsWith('docs/service-api/'))
      .flatMap((f) => leftovers(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((l) => `${f}:${l.line}: ${l.text}`));
    assert.deepEqual(left, [], 'run `node scripts/cite-service-api.mjs`; it rewrites these or says which form it lacks');
  });

  it('no comment in src or emulator/src cites a bare "rule N" of the old numbering: it cites docs/service-api/<file> §N', async () => {
    const { bareRules, RULE_CHECKED } = await loadScript();
    const bare = files()
      .filter((f) => RULE_CHECKED.some((d) => f.startsWith(d)))
      .flatMap((f) => bareRules(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((l) => `${f}:${l.line}: ${l.text}`));
    assert.deepEqual(bare, []);
  });

  it('no test title (it / describe) under test or emulator/test cites a bare "rule N": it cites docs/service-api/<file> §N', async () => {
    const { bareRules } = await loadScript();
    // This file's own titles quote the forms it refuses.
    const own = new Set(['test/unit/lint/citations.test.ts']);
    const scanned = files().filter((f) => !own.has(f) && (f.startsWith('test/') || f.startsWith('emulator/test/')));
    const titled = scanned.map((f) => ({ f, titles: testTitles(fs.readFileSync(path.join(ROOT, f), 'utf8')) }));
    assert.ok(titled.filter((t) => t.titles.length > 0).length > 100, 'the titles of the test files are read');
    const bare = titled.flatMap(({ f, titles }) => titles.flatMap((t) => bareRules(t.title).map((r) => `${f}:${t.line}: ${r.text} in '${t.title}'`)));
    assert.deepEqual(bare, []);
  });

  it('the title check itself: "rule N" in it(), describe() and it.only() titles of any quoting is found, in a comment or an assertion message it is not', async () => {
    const { bareRules } = await loadScript();
    const text = [
      "describe('conventions (rule 5)', () => {",
      '  // rule 9: a comment, not a title',
      '  it("Authentication rule 2: a wrong password", () => assert.ok(true, \'rule 1: a message\'));',
      // Written in two parts so that no search for focused tests takes this fixture for one.
      '  it' + '.only(`rule 4 — ${what}: ${uri}`, () => undefined);',
      "  it('an escaped \\' quote, then rules 1-3', () => undefined);",
      '  it(',
      "    'a title on the next line, rule 7',",
      '  );',
      "  it('no bare rule here (docs/service-api/hosting/conventions §6)', () => undefined);",
      '  await submit(form);',
      '});',
    ].join('\n');
    const titles = testTitles(text);
    assert.deepEqual(
      titles.map((t) => t.line),
      [1, 3, 4, 5, 7, 9],
    );
    assert.deepEqual(
      titles.flatMap((t) => bareRules(t.title).map((r) => r.text)),
      ['rule 5', 'rule 2', 'rule 4', 'rules 1', 'rule 7'],
    );
  });

  it('the bare-rule check itself: "rule 9", "Authentication rule 2" and "rules 1 and 3" are found, a § citation is not', async () => {
    const { bareRules } = await loadScript();
    const ref = ['docs', 'service-api'].join('/');
    const text = `// Hidden resources answer 404 (rule 9).\n// Authentication rule 2, then\n// rules 1 and 3.\n// 404 in place of 403 (${ref}/hosting/conventions §10).\n`;
    assert.deepEqual(bareRules(text), [
      { line: 1, text: 'rule 9' },
      { line: 2, text: 'rule 2' },
      { line: 3, text: 'rules 1' },
    ]);
  });

  describe('scripts/cite-service-api.mjs', () => {
    const old = (n: number): string => ['docu', 'ment ', String(n)].join('');

    it('rewrites a citation on one line, and one that runs over a line break keeping the comment marker', async () => {
      const { rewrite } = await loadScript();
      assert.deepEqual(rewrite(`/** A user summary as ${old(1)} describes it. */\n`), {
        text: '/** A user summary as docs/service-api/hosting/users §1 describes it. */\n',
        mapped: 1,
      });
      const split = `// The files of a pull request and the review-comment positions (${old(2)},\n// "Pull requests: files" and "Review comments"; positions count the lines\n// below a file's first header.\n`;
      assert.equal(
        rewrite(split).text,
        "// The files of a pull request and the review-comment positions\n// (docs/service-api/hosting/pulls §5, §7–§9; positions count the lines\n// below a file's first header.\n",
      );
    });

    it('keeps the closing punctuation of a split citation on its line and the words after it below', async () => {
      const { rewrite } = await loadScript();
      const text = `// Organization (${old(2)},\n// "Organization members"): Members first.\n`;
      assert.equal(rewrite(text).text, '// Organization (docs/service-api/hosting/organizations §5, §6):\n// Members first.\n');
    });

    it('is idempotent: a second run maps nothing and changes nothing', async () => {
      const { rewrite } = await loadScript();
      const once = rewrite(`// Rate limits of ${old(1)} ("Limits"): a fixed window.\ndescribe('v3 teams (${old(2)})', () => {});\n`);
      assert.equal(once.mapped, 2);
      assert.deepEqual(rewrite(once.text), { text: once.text, mapped: 0 });
    });

    it('uses a form meant for some files only in those files', async () => {
      const { rewrite } = await loadScript();
      const text = `  // Not rows of ${old(2)}; fixed by the spec README.\n`;
      assert.match(rewrite(text, 'src/hosting/git.ts').text, /git-data §8/);
      assert.match(rewrite(text, 'src/hosting/pulls.ts').text, /pulls §5/);
      assert.equal(rewrite(text, 'src/other.ts').mapped, 0);
    });

    it('reports what it cannot map, with its line', async () => {
      const { rewrite, leftovers } = await loadScript();
      const r = rewrite(`// fine\n// See ${old(3)}, "Somewhere new".\n`);
      assert.equal(r.mapped, 0);
      assert.deepEqual(leftovers(r.text), [{ line: 2, text: old(3) }]);
    });

    it('maps every form of its table to sections that exist', async () => {
      const { CITATIONS, expand } = await loadScript();
      const bad = CITATIONS.flatMap(([form, target]) =>
        [...expand(target).matchAll(CITATION)].flatMap((m) => {
          const sections = sectionsOf(m[1]!);
          const numbers = [m[2]!, ...[...m[3]!.matchAll(/§(\d+)/g)].map((s) => s[1]!)].map(Number);
          return !sections ? [`${form} → ${m[1]}`] : numbers.filter((n) => !sections.has(n)).map((n) => `${form} → ${m[1]} §${n}`);
        }),
      );
      assert.deepEqual(bad, []);
    });
  });
});
