// The messages between a pull request's overview page (the webview) and its
// host: one discriminated union each way, checked with zod on both sides.
// The host makes every request and posts the page model; nothing here
// carries a token. zod/mini keeps the webview bundle small.
import * as z from 'zod/mini';
import { DRAWN_PAGE_MAX_CHARS } from '../../../util/drawnPageLimit';

const PULL_STATES = ['open', 'closed', 'merged'] as const;
export type PullStateName = (typeof PULL_STATES)[number];
const PULL_ACTIONS = ['edit', 'close', 'reopen', 'merge', 'checkout', 'openInBrowser'] as const;
export type PullAction = (typeof PULL_ACTIONS)[number];

const count = z.int().check(z.nonnegative());
/** The most drafts of a pending review the page lists (the count says how many there are). */
export const PENDING_LISTED = 200;
const id = z.int().check(z.positive());
const sha = z.string().check(z.regex(/^[0-9a-f]{40}$/));
/** A section read on its own: its rows, or why it could not be read. */
const section = <T extends z.ZodMiniType>(row: T) => z.object({ rows: z.array(row), error: z.optional(z.string()) });

/** A section read a page at a time: whether more is to be read, and what the service left out of the pull request's count. */
const pagedSection = <T extends z.ZodMiniType>(row: T) =>
  z.object({ rows: z.array(row), error: z.optional(z.string()), more: z.optional(z.boolean()), unlisted: z.optional(count) });

const person = z.object({ login: z.string(), avatar: z.optional(z.string()) });

const commitRowSchema = z.object({
  sha,
  shortSha: z.string(),
  /** The message's first line. */
  title: z.string(),
  /** The rest of the message, if any (shown on hover). */
  more: z.string(),
  author: z.string(),
  login: z.optional(z.string()),
  date: z.string(),
});
export type CommitRow = z.infer<typeof commitRowSchema>;

const fileRowSchema = z.object({ path: z.string(), status: z.string(), additions: count, deletions: count });
export type FileRow = z.infer<typeof fileRowSchema>;

const commentItemSchema = z.object({
  kind: z.literal('comment'),
  id,
  author: person,
  created: z.string(),
  updated: z.string(),
  /** The body as markdown, for editing. */
  body: z.string(),
  /** The body rendered from markdown (raw HTML escaped); the webview sanitizes it again. */
  html: z.string(),
  own: z.boolean(),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

/** A reply in a review thread, read in place on the page. */
const replyItemSchema = z.object({ id, author: person, created: z.string(), html: z.string() });

export const threadItemSchema = z.object({
  kind: z.literal('thread'),
  /** The id of the thread's first comment. */
  id,
  path: z.string(),
  /** Where (src/reviewing/commentLocation): the line it was made on, whether removed, the commit when outdated. */
  line: z.nullable(z.int()),
  removed: z.boolean(),
  outdated: z.boolean(),
  commit: z.nullable(z.string()),
  author: person,
  created: z.string(),
  updated: z.string(),
  excerpt: z.string(),
  /** The root's suggested change drawn as a diff (HTML, sanitized again by the page), when its body holds one. */
  suggestionHtml: z.optional(z.string()),
  replies: count,
  participants: z.array(z.string()),
  replyItems: z.array(replyItemSchema),
});
export type ThreadItem = z.infer<typeof threadItemSchema>;

const conversationItemSchema = z.discriminatedUnion('kind', [commentItemSchema, threadItemSchema]);
export type ConversationItem = z.infer<typeof conversationItemSchema>;

const REVIEW_ACTIONS = ['startReview', 'submitReview', 'discardReview'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** A draft of the pending review, as the page lists it. */
export const pendingItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['line', 'reply', 'conversation']),
  /** The file and line (a line draft), or the file of the thread replied to. */
  path: z.optional(z.string()),
  line: z.optional(z.int()),
  body: z.string(),
  /** Written on another head, or on a file no longer in the pull request. */
  outdated: z.boolean(),
  /** The service's message of the last attempt to post it. */
  error: z.optional(z.string()),
});
export type PendingItem = z.infer<typeof pendingItemSchema>;

export const pageModelSchema = z.object({
  owner: z.string(),
  repo: z.string(),
  number: id,
  title: z.string(),
  url: z.string(),
  state: z.enum(PULL_STATES),
  author: person,
  base: z.string(),
  /** The head's label, or null when its repository was deleted. */
  head: z.nullable(z.string()),
  headRef: z.string(),
  /** The head branch was deleted on the service (its reference answers 404, git-data §5): nothing can be merged or checked out from it. */
  headDeleted: z.optional(z.literal(true)),
  created: z.string(),
  updated: z.string(),
  closed: z.nullable(z.string()),
  merged: z.nullable(z.string()),
  body: z.string(),
  bodyHtml: z.string(),
  labels: z.array(z.object({ name: z.string(), color: z.string().check(z.regex(/^[0-9a-fA-F]{6}$/)) })),
  counts: z.object({ commits: count, changedFiles: count, additions: count, deletions: count, comments: count, reviewComments: count }),
  mergeable: z.nullable(z.boolean()),
  commits: pagedSection(commitRowSchema),
  files: pagedSection(fileRowSchema),
  /** How many changed files the user marked viewed (at their blob now), of all. */
  viewed: z.optional(z.object({ viewed: count, total: count })),
  /** loading: drawn before the comments were read (a large pull request's come later); the rows follow in the next model. */
  conversation: z.extend(section(conversationItemSchema), {
    loading: z.optional(z.boolean()),
    /** The rows left out of a long conversation, between rows[at - 1] and rows[at] (model/conversationShown.ts). */
    hidden: z.optional(z.object({ at: count, count })),
  }),
  /** The signed-in login (its comments can be edited and deleted). */
  me: z.nullable(z.string()),
  /** The pending review, when one is started: how many drafts, and the first of them (a page lists at most PENDING_LISTED). */
  pending: z.optional(z.object({ count, items: z.array(pendingItemSchema) })),
  /** Comments written while the service did not answer, posted once it does (not part of a review). */
  queued: z.optional(z.array(pendingItemSchema)),
});
export type PageModel = z.infer<typeof pageModelSchema>;

export const hostToWebview = z.discriminatedUnion('type', [
  /** `localFiles`: the extension host has a local git (not the browser build): Checkout is offered. */
  z.object({ type: z.literal('init'), strings: z.record(z.string(), z.string()), locale: z.string(), localFiles: z.boolean() }),
  z.object({ type: z.literal('loading') }),
  z.object({ type: z.literal('model'), model: pageModelSchema }),
  /** The pull request could not be read (the page keeps what it showed, if anything). */
  z.object({ type: z.literal('failed'), message: z.string() }),
  /** The answer to a comment the page sent: done, or why not (the page keeps the text). */
  z.object({ type: z.literal('commentDone'), request: count, ok: z.boolean(), message: z.optional(z.string()) }),
]);
export type HostToWebview = z.infer<typeof hostToWebview>;

const commentBody = z.string().check(z.trim(), z.minLength(1), z.maxLength(65_536));

export const webviewToHost = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('refresh') }),
  z.object({ type: z.literal('openFile'), path: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('openCommit'), sha }),
  z.object({ type: z.literal('openThread'), id }),
  /** The next page of the Commits or Files tab (its Load more, or scrolled to its end). */
  z.object({ type: z.literal('loadMore'), list: z.enum(['commits', 'files', 'conversation']) }),
  z.object({ type: z.literal('action'), action: z.enum(PULL_ACTIONS) }),
  z.object({ type: z.literal('review'), action: z.enum(REVIEW_ACTIONS) }),
  z.object({ type: z.literal('addComment'), request: count, body: commentBody }),
  z.object({ type: z.literal('editComment'), request: count, id, body: commentBody }),
  /** `confirmed` skips the host's confirmation (tests). */
  z.object({ type: z.literal('deleteComment'), request: count, id, confirmed: z.optional(z.boolean()) }),
  /** The page as drawn (shared/webview/drawnPage.ts): the next page of this pull request shows it at its first paint. */
  z.object({ type: z.literal('drawing'), html: z.string().check(z.maxLength(DRAWN_PAGE_MAX_CHARS)) }),
]);
export type WebviewToHost = z.infer<typeof webviewToHost>;
