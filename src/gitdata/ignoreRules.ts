// Which workspace files a commit leaves out, as git decides it: the
// `.gitignore` of every folder (patterns relative to that folder, deeper files
// deciding last, `!` re-including), `.git/info/exclude` and any extra patterns
// (VS Code's `files.exclude`) at the root. A folder that is left out is not
// entered, so nothing under it can be re-included, as in git. Pattern matching
// is the `ignore` library's (it follows gitignore(5)).
import ignore, { type Ignore } from 'ignore';

export interface IgnoreFile {
  /** The folder the file sits in, slash-separated, '' for the root. */
  dir: string;
  text: string;
}

export class IgnoreRules {
  private readonly levels: { dir: string; rules: Ignore }[];

  /** `root` patterns apply from the workspace root, before any `.gitignore` (git reads info/exclude first). */
  constructor(files: readonly IgnoreFile[], root: readonly string[] = []) {
    const levels = files.map((f) => ({ dir: trimSlashes(f.dir), rules: ignore().add(f.text) }));
    if (root.length > 0) levels.push({ dir: '', rules: ignore().add([...root]) });
    // Shallow folders first (root patterns before the root .gitignore), so a deeper file decides last.
    this.levels = levels
      .map((l, i) => ({ ...l, order: i < files.length ? 1 : 0 }))
      .sort((a, b) => depth(a.dir) - depth(b.dir) || a.order - b.order)
      .map(({ dir, rules }) => ({ dir, rules }));
  }

  /** Whether `path` (slash-separated, from the root) is left out; `isDir` for a folder. */
  ignores(path: string, isDir = false): boolean {
    const clean = trimSlashes(path);
    if (clean === '.git' || clean.startsWith('.git/') || clean.split('/').includes('.git')) return true;
    let ignored = false;
    for (const { dir, rules } of this.levels) {
      if (dir !== '' && !clean.startsWith(`${dir}/`)) continue;
      const rel = dir === '' ? clean : clean.slice(dir.length + 1);
      const result = rules.test(isDir ? `${rel}/` : rel);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

/** Turns VS Code's `files.exclude` object (glob → true) into gitignore patterns anchored at the root. */
export function patternsOfFilesExclude(exclude: Record<string, unknown> | undefined): string[] {
  return Object.entries(exclude ?? {})
    .filter(([, on]) => on === true)
    .map(([glob]) => (glob.startsWith('**/') ? glob.slice(3) : `/${glob.replace(/^\/+/, '')}`));
}

function trimSlashes(p: string): string {
  return p.replace(/^\/+|\/+$/g, '');
}

function depth(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length;
}
