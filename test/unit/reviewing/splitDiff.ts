// Test support: a whole pull request's `git diff` split into its files' blocks, as the service
// serves each file's patch; the position tests feed one file's block to src/reviewing/diffPosition.ts.

/**
 * Splits a whole pull request's `git diff` into its files' blocks, keyed by
 * the head path (the new name of a renamed file, the old name of a deleted
 * one).
 */
export function splitDiffByFile(diff: string): Map<string, string> {
  const files = new Map<string, string>();
  const blocks = diff.split(/^(?=diff --git )/m).filter((b) => b.startsWith('diff --git '));
  for (const block of blocks) {
    const head = block.split('\n', 1)[0]!;
    const renamed = /^rename to (.*)$/m.exec(block)?.[1];
    const plus = /^\+\+\+ b\/(.*?)\r?$/m.exec(block)?.[1];
    const minus = /^--- a\/(.*?)\r?$/m.exec(block)?.[1];
    const fromHeader = /^diff --git a\/(.*) b\/(.*)$/.exec(head);
    const name = renamed ?? plus ?? minus ?? fromHeader?.[2];
    if (name !== undefined) files.set(name, block);
  }
  return files;
}
