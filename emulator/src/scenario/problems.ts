// One thing wrong with a scenario file: where (a path of keys and indexes
// from the file's root) and what. Printed as `repositories[2].pulls[0].head:
// branch "x" does not exist`, with the line when the parser knows it.
export interface Problem {
  path: ReadonlyArray<string | number>;
  message: string;
  /** 1-based line of the file, when known. */
  line?: number | undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `['repositories', 2, 'pulls', 0, 'head']` → `repositories[2].pulls[0].head`; a key that is not a word is quoted. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (IDENTIFIER.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out || '(file)';
}

export function formatProblem(p: Problem): string {
  return `${p.line !== undefined ? `line ${p.line}: ` : ''}${formatPath(p.path)}: ${p.message}`;
}

/** A scenario file that cannot be loaded; its message lists every problem, one a line. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly Problem[],
  ) {
    super(
      `invalid seed file ${file} (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    );
    this.name = 'ScenarioError';
  }
}
