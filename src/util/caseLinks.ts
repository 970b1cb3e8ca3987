// How a support case is linked to a repository and a pull request: by the
// tags `repo:<owner>/<name>` and `pr:<number>` (docs/service-api/decisions §4).

export const repoTag = (owner: string, name: string): string => `repo:${owner}/${name}`;
export const pullTag = (number: number): string => `pr:${number}`;

/** The pull request numbers a case's tags name (`pr:<number>`), in ascending order. */
export function pullNumbersOf(tags: readonly string[]): number[] {
  const numbers = tags.flatMap((t) => {
    const m = /^pr:(\d+)$/.exec(t);
    return m ? [Number(m[1])] : [];
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** True when the tags link the case to the repository (and to the pull request, when one is given). */
export function isLinked(tags: readonly string[], owner: string, name: string, pull?: number): boolean {
  if (!tags.includes(repoTag(owner, name))) return false;
  return pull === undefined || tags.includes(pullTag(pull));
}

/** The tags a user adds by hand: no spaces at the ends, none empty, no repeats. Linking tags are made by the panel itself. */
export function cleanTags(input: readonly string[]): string[] {
  return [...new Set(input.map((t) => t.trim()).filter((t) => t.length > 0))];
}
