import * as z from 'zod/mini';

const sha = z.string().check(z.regex(/^[0-9a-f]{40}$/, 'is not a 40-character SHA'));
const person = z.object({ date: z.string(), name: z.string(), email: z.string() });

export const gitCommitSchema = z.object({
  sha,
  url: z.string(),
  author: person,
  committer: person,
  message: z.string(),
  tree: z.object({ url: z.string(), sha }),
  parents: z.array(z.object({ url: z.string(), sha })),
});

/** An annotated tag object (GET/POST .../git/tags). */
export const gitTagSchema = z.object({
  tag: z.string(),
  sha,
  url: z.string(),
  message: z.string(),
  tagger: person,
  object: z.object({ type: z.enum(['commit', 'tag', 'tree', 'blob']), sha, url: z.string() }),
});
export type GitTag = z.infer<typeof gitTagSchema>;

export const referenceSchema = z.object({
  ref: z.string().check(z.startsWith('refs/')),
  url: z.string(),
  object: z.object({ type: z.enum(['commit', 'tag', 'tree', 'blob']), sha, url: z.string() }),
});
export type Reference = z.infer<typeof referenceSchema>;

const treeEntrySchema = z.object({
  path: z.string(),
  mode: z.enum(['100644', '100755', '040000', '160000', '120000']),
  type: z.enum(['blob', 'tree', 'commit']),
  size: z.optional(z.int()),
  sha,
  url: z.optional(z.nullable(z.string())),
});
export const treeSchema = z.object({ sha, url: z.string(), tree: z.array(treeEntrySchema), truncated: z.optional(z.boolean()) });
export type TreeEntry = z.infer<typeof treeEntrySchema>;

export const blobSchema = z.object({ content: z.string(), encoding: z.enum(['base64', 'utf-8']), size: z.int(), sha, url: z.string() });
export const blobCreatedSchema = z.object({ url: z.string(), sha });

/** A commit as listed for a pull request: its SHA and the git commit data. */
export const commitSummarySchema = z.looseObject({
  sha,
  url: z.string(),
  commit: z.looseObject({ message: z.string(), author: person, committer: person }),
});
export type CommitSummary = z.infer<typeof commitSummarySchema>;
