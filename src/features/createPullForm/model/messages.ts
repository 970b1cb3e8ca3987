// The messages between the Create Pull Request form (the webview) and its
// host: one discriminated union each way, checked with zod on both sides.
// The host makes every request; nothing here carries a token.
import * as z from 'zod/mini';

const count = z.int().check(z.nonnegative());
const branch = z.string().check(z.minLength(1), z.maxLength(1024));
const label = z.object({ name: z.string(), color: z.string() });
const template = z.object({ path: z.string(), text: z.string(), cut: z.optional(z.enum(['tooLarge', 'notUtf8'])) });
export type FormTemplate = z.infer<typeof template>;
export type FormLabel = z.infer<typeof label>;

export const hostToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), strings: z.record(z.string(), z.string()) }),
  /** What the form offers; `head` given by the command (after a commit) replaces the one the page kept. */
  z.object({
    type: z.literal('repository'),
    repository: z.string(),
    branches: z.array(z.string()),
    base: z.string(),
    head: z.optional(z.string()),
    given: z.boolean(),
    labels: z.array(label),
    templates: z.array(template),
  }),
  /** The branches, labels or templates could not be read. */
  z.object({ type: z.literal('loadFailed'), message: z.string() }),
  /**
   * The commits between `base` and `head`: `ahead` null when there were too
   * many to read; the title and description they suggest.
   */
  z.object({
    type: z.literal('compared'),
    base: z.string(),
    head: z.string(),
    ahead: z.nullable(count),
    behind: z.nullable(count),
    title: z.string(),
    body: z.string(),
    error: z.optional(z.string()),
  }),
  /** The description rendered from Markdown (raw HTML escaped); the page sanitizes it again. */
  z.object({ type: z.literal('previewed'), request: count, html: z.string() }),
  /** The service refused the pull request: its words, shown on the form with the text kept. */
  z.object({ type: z.literal('refused'), message: z.string() }),
]);
export type HostToWebview = z.infer<typeof hostToWebview>;

export const webviewToHost = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('compare'), base: branch, head: branch }),
  z.object({ type: z.literal('preview'), request: count, text: z.string().check(z.maxLength(262_144)) }),
  z.object({
    type: z.literal('create'),
    base: branch,
    head: branch,
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(1024)),
    body: z.string().check(z.maxLength(262_144)),
    labels: z.array(z.string()),
  }),
]);
export type WebviewToHost = z.infer<typeof webviewToHost>;
