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
