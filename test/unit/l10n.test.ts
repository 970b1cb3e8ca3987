// "Every user-facing string through vscode.l10n": the manifest's
// strings come from package.nls.json, the code's from vscode.l10n.t, and the
// bundle translators start from (l10n/bundle.l10n.json) holds exactly the
// strings the code asks for, as `npm run l10n` writes it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';

const root = path.resolve(__dirname, '../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

/** The files that may show text in VS Code: the entry and the features (only they import vscode). */
const uiFiles = ['src/extension.ts', 'src/wiring.ts', ...sourceFiles('src/features')];

type Json = Record<string, unknown>;
/** A manifest object as read: any field may be there (the manifest's own schema is VS Code's). */
type Entry = Record<string, string | undefined> & { properties?: Record<string, Record<string, unknown>> };
const manifest = JSON.parse(read('package.json')) as Json & { contributes: Json };
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;

/** Every manifest string a user reads, with where it is. */
function userFacingManifestStrings(): { where: string; value: string }[] {
  const out: { where: string; value: string }[] = [];
  const c = manifest.contributes as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v : []) as Entry[];
  const add = (where: string, value: unknown) => {
    if (typeof value === 'string') out.push({ where, value });
  };
  add('displayName', manifest.displayName);
  add('description', manifest.description);
  for (const v of Object.values(c.viewsContainers ?? {})) for (const x of list(v)) add(`viewsContainer ${x.id}`, x.title);
  for (const v of Object.values(c.views ?? {}))
    for (const x of list(v)) {
      add(`view ${x.id}`, x.name);
      add(`view ${x.id} contextualTitle`, x.contextualTitle);
    }
  for (const w of list(c.viewsWelcome)) add(`viewsWelcome ${w.view}`, w.contents);
  for (const a of list(c.authentication)) add(`authentication ${a.id}`, a.label);
  for (const f of list(c.resourceLabelFormatters))
    add(`resourceLabelFormatter ${f.scheme}`, (f as unknown as { formatting: { label?: string } }).formatting.label);
  for (const cmd of list(c.commands)) {
    add(`command ${cmd.command}`, cmd.title);
    add(`command ${cmd.command} category`, cmd.category);
  }
  for (const s of list(c.submenus)) add(`submenu ${s.id}`, s.label);
  for (const l of list(c.languages)) (Array.isArray(l.aliases) ? (l.aliases as unknown[]) : []).forEach((a, i) => add(`language ${l.id} aliases[${i}]`, a));
  const confs = Array.isArray(c.configuration) ? list(c.configuration) : [c.configuration as Entry];
  for (const conf of confs) {
    add('configuration title', conf.title);
    for (const [name, prop] of Object.entries(conf.properties ?? {})) {
      for (const f of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) add(`setting ${name} ${f}`, prop[f]);
      for (const f of ['enumDescriptions', 'markdownEnumDescriptions'])
        (Array.isArray(prop[f]) ? (prop[f] as unknown[]) : []).forEach((d, i) => add(`setting ${name} ${f}[${i}]`, d));
    }
  }
  return out;
}

describe('localization (vscode.l10n, package.nls.json)', () => {
  it('every user-facing manifest string is a %key% that package.nls.json defines', () => {
    const strings = userFacingManifestStrings();
    assert.ok(strings.length > 50, 'the manifest has its commands, views and settings');
    const literal = strings.filter((s) => !/^%[^%]+%$/.test(s.value));
    assert.deepEqual(
      literal.map((s) => s.where),
      [],
      'not localized',
    );
    const missing = strings.filter((s) => !(s.value.slice(1, -1) in nls));
    assert.deepEqual(
      missing.map((s) => `${s.where}: ${s.value}`),
      [],
      'keys missing from package.nls.json',
    );
  });

  it('package.nls.json has no key the manifest does not use, and no empty text', () => {
    const used = new Set(userFacingManifestStrings().map((s) => s.value.slice(1, -1)));
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
    );
    assert.deepEqual(
      Object.entries(nls)
        .filter(([, v]) => !v.trim())
        .map(([k]) => k),
      [],
    );
  });

  it('the manifest points VS Code at the l10n/ bundles', () => {
    assert.equal(manifest.l10n, './l10n');
  });

  it('l10n/bundle.l10n.json holds exactly the strings the code passes to vscode.l10n.t (run npm run l10n after changing them)', async function () {
    this.timeout(60_000);
    // The extractor compiles its queries again for each file and each import of vscode it finds (~100 ms a file: 15 s
    // for the features). Every file imports it as `import * as vscode from 'vscode'` (asserted below), so the files
    // that name l10n are read as one: that import once, then their bodies without it. The calls found are the same.
    const VSCODE_IMPORT = /^import (?:type )?\* as vscode from 'vscode';$/m;
    const sources = uiFiles.map(read);
    assert.deepEqual(
      uiFiles.filter((_, i) => /from 'vscode'/.test(sources[i]!) && !VSCODE_IMPORT.test(sources[i]!)),
      [],
      "files importing vscode otherwise than `import * as vscode from 'vscode'`",
    );
    const bodies = sources.filter((c) => c.includes('l10n') && VSCODE_IMPORT.test(c)).map((c) => c.replace(VSCODE_IMPORT, ''));
    const extracted = await getL10nJson([{ extension: '.ts', contents: [`import * as vscode from 'vscode';`, ...bodies].join('\n') }]);
    const bundle = JSON.parse(read('l10n/bundle.l10n.json')) as Record<string, unknown>;
    assert.ok(Object.keys(extracted).length > 200, 'the features word their messages through vscode.l10n.t');
    assert.deepEqual(Object.keys(bundle).sort(), Object.keys(extracted).sort());
  });

  it('the code passes vscode.l10n.t a literal message (a variable could not be extracted), and never aliases it', () => {
    const offending: string[] = [];
    for (const f of uiFiles) {
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (/l10n\.t\(\s*[^'"`{\s)]/.test(line) || /=\s*vscode\.l10n\.t\s*;/.test(line)) offending.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(offending, []);
  });

  it('messages, titles and prompts shown to the user are not bare English literals', () => {
    const pattern = /show(Error|Warning|Information)Message\(\s*['"][A-Za-z]|\b(title|prompt|placeHolder|placeholder):\s*['"`][A-Za-z]/;
    const offending: string[] = [];
    for (const f of uiFiles) {
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (pattern.test(line)) offending.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(offending, []);
  });
});
