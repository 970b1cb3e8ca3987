// A pull request and its lists, shaped into the overview page's model: the
// state (merged reads before closed), the counts, commit and file rows, and
// the conversation (issue comments and review threads, oldest first). Each
// list is read on its own, so one that fails shows its error and the rest of
// the page still draws.
import { shownRows } from './conversationShown';
import type { CommitSummary, IssueComment, Label, PullRequestDetailed, PullRequestFile, ReviewComment } from '../../../hosting';
import { commentLocation } from '../../../reviewing/commentLocation';
import { firstLine, groupReviewThreads, shortSha } from '../../../util/viewFormat';
import { renderMarkdown } from '../../../util/markdown';
import { parseSuggestions, suggestedLine, suggestionMarkdown } from '../../../reviewing/suggestions';
import { viewedProgress, type PullViewed } from '../../../reviewing/viewedFiles';
import { moreToList, unlisted } from '../../../reviewing/listShortfall';
import type { CommitRow, ConversationItem, FileRow, PageModel, PullStateName } from './messages';

/** A list as read: its items, or the message of the failure. */
export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

export interface PageSources {
  /** The files the user marked viewed, for the Files tab's progress. */
  viewed?: PullViewed | undefined;
  /** The heading of a suggested change, localized by the host. */
  suggestionLabel?: string | undefined;
  pull: PullRequestDetailed;
  commits: Read<readonly CommitSummary[]>;
  files: Read<readonly PullRequestFile[]>;
  comments: Read<readonly IssueComment[]>;
  reviewComments: Read<readonly ReviewComment[]>;
  labels: Read<readonly Label[]>;
  /** How many rows of the conversation the page shows (absent: all; model/conversationShown.ts). */
  conversationShown?: number | undefined;
  /** Whether the service's commits and files lists were read to their end (absent: they were). */
  ended?: { commits: boolean; files: boolean } | undefined;
  me: string | undefined;
  /** Whether the head branch of the (open) pull request was deleted on the service (its reference answers 404). */
  headDeleted?: boolean | undefined;
  /** The avatar of an avatar URL as a data: URI, if loaded. */
  avatar(url: string): string | undefined;
}

export function pullStateName(pull: { state: 'open' | 'closed'; merged_at: string | null; merged?: boolean }): PullStateName {
  return pull.merged || pull.merged_at ? 'merged' : pull.state;
}

/** A list read a page at a time, with whether more is to be read and what the service leaves out of the count. */
function pagedSection<T, R>(
  read: Read<readonly T[]>,
  shape: (items: readonly T[]) => R[],
  counted: number,
  ended: boolean,
): { rows: R[]; error?: string; more?: boolean; unlisted?: number } {
  if (!read.ok) return { rows: [], error: read.error };
  const listed = read.value.length;
  const missing = unlisted(listed, counted, !ended);
  return { rows: shape(read.value), ...(moreToList(listed, counted, ended) ? { more: true } : {}), ...(missing > 0 ? { unlisted: missing } : {}) };
}

export function commitRow(c: CommitSummary): CommitRow {
  const message = c.commit.message.replace(/\r\n/g, '\n');
  const newline = message.indexOf('\n');
  const login = (c as { author?: { login?: unknown } | null }).author?.login;
  return {
    sha: c.sha,
    shortSha: shortSha(c.sha),
    title: (newline < 0 ? message : message.slice(0, newline)).trim(),
    more: newline < 0 ? '' : message.slice(newline + 1).trim(),
    author: c.commit.author.name,
    ...(typeof login === 'string' ? { login } : {}),
    date: c.commit.author.date,
  };
}

function fileRow(f: PullRequestFile): FileRow {
  return { path: f.filename, status: f.status, additions: f.additions, deletions: f.deletions };
}

/** Issue comments and review threads in one list, by creation (a thread by its first comment). */
/** A review comment's body with its suggested changes drawn as diffs of the commented line (the thread's hunk ends at it). */
function withSuggestions(body: string | undefined, diffHunk: string, label: string): string {
  const old = suggestedLine(diffHunk);
  return suggestionMarkdown(body, old ? [old.text] : undefined, label);
}

export function conversation(
  comments: readonly IssueComment[],
  reviewComments: readonly ReviewComment[],
  me: string | undefined,
  avatar: (url: string) => string | undefined,
  headSha?: string,
  suggestionLabel = 'Suggested change',
): ConversationItem[] {
  const drawSuggestions = (body: string | undefined, hunk: string) => withSuggestions(body, hunk, suggestionLabel);
  const person = (u: { login: string; avatar_url: string }) => {
    const a = avatar(u.avatar_url);
    return a ? { login: u.login, avatar: a } : { login: u.login };
  };
  const items: ConversationItem[] = comments.map((c) => ({
    kind: 'comment',
    id: c.id,
    author: person(c.user),
    created: c.created_at,
    updated: c.updated_at,
    body: c.body ?? '',
    html: renderMarkdown(c.body),
    own: me !== undefined && c.user.login === me,
  }));
  for (const file of groupReviewThreads(reviewComments)) {
    for (const t of file.threads) {
      const last = t.comments[t.comments.length - 1]!;
      // Without the head, a thread is outdated when it has no position.
      const where = commentLocation(t.root, { headSha: headSha ?? t.root.commit_id });
      items.push({
        kind: 'thread',
        id: t.root.id,
        path: file.path,
        line: where.line ?? null,
        removed: where.removed,
        outdated: where.outdated,
        commit: where.outdated ? where.commit : null,
        author: person(t.root.user),
        created: t.root.created_at,
        updated: last.updated_at,
        excerpt: firstLine(t.root.body, 200),
        replies: t.comments.length - 1,
        participants: [...new Set(t.comments.map((c) => c.user.login))],
        ...(parseSuggestions(t.root.body).length > 0 ? { suggestionHtml: renderMarkdown(drawSuggestions(t.root.body, t.root.diff_hunk)) } : {}),
        replyItems: t.comments
          .slice(1)
          .map((c) => ({ id: c.id, author: person(c.user), created: c.created_at, html: renderMarkdown(drawSuggestions(c.body, t.root.diff_hunk)) })),
      });
    }
  }
  return items.sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id);
}

/** Conversations shaped last, by everything they are shaped from (see shapedOnce). */
const shaped = new Map<string, ConversationItem[]>();
const SHAPED_KEPT = 3;

/**
 * The conversation, shaped again only when what it is shaped from changed:
 * a page read again (its lists answering 304) or opened again does not
 * render 2,000 comments' markdown over again (a few hundred ms of the host's
 * time that the views drawn meanwhile waited for). Its rows are shared: read them, never change them.
 */
function shapedOnce(s: PageSources, comments: readonly IssueComment[], reviewComments: readonly ReviewComment[]): ConversationItem[] {
  const people = new Set([...comments.map((c) => c.user.avatar_url), ...reviewComments.map((c) => c.user.avatar_url)]);
  const key = JSON.stringify([comments, reviewComments, s.me, s.pull.head.sha, s.suggestionLabel, [...people].map((url) => s.avatar(url) ?? null)]);
  const kept = shaped.get(key);
  if (kept) {
    // Map order is recency: the one used goes to the end.
    shaped.delete(key);
    shaped.set(key, kept);
    return kept;
  }
  const rows = conversation(comments, reviewComments, s.me, s.avatar, s.pull.head.sha, s.suggestionLabel);
  shaped.set(key, rows);
  if (shaped.size > SHAPED_KEPT) shaped.delete(shaped.keys().next().value!);
  return rows;
}

export function pageModel(owner: string, repo: string, s: PageSources): PageModel {
  const p = s.pull;
  const author = s.avatar(p.user.avatar_url);
  return {
    owner,
    repo,
    number: p.number,
    title: p.title,
    url: p.html_url,
    state: pullStateName(p),
    author: author ? { login: p.user.login, avatar: author } : { login: p.user.login },
    base: p.base.label,
    head: p.head.repo ? p.head.label : null,
    headRef: p.head.ref,
    ...(s.headDeleted ? { headDeleted: true } : {}),
    created: p.created_at,
    updated: p.updated_at,
    closed: p.closed_at,
    merged: p.merged_at,
    body: p.body ?? '',
    bodyHtml: renderMarkdown(p.body),
    labels: s.labels.ok ? s.labels.value.map((l) => ({ name: l.name, color: l.color })) : [],
    counts: {
      commits: p.commits,
      changedFiles: p.changed_files,
      additions: p.additions,
      deletions: p.deletions,
      comments: p.comments,
      reviewComments: p.review_comments,
    },
    mergeable: p.mergeable,
    commits: pagedSection(s.commits, (list) => list.map(commitRow), p.commits, s.ended?.commits ?? true),
    files: pagedSection(s.files, (list) => list.map(fileRow), p.changed_files, s.ended?.files ?? true),
    // Of every changed file the pull request counts, not only the pages read.
    ...(s.viewed && s.files.ok ? { viewed: { ...viewedProgress(s.viewed, s.files.value), total: Math.max(p.changed_files, s.files.value.length) } } : {}),
    conversation:
      s.comments.ok && s.reviewComments.ok
        ? shownRows(shapedOnce(s, s.comments.value, s.reviewComments.value), s.conversationShown ?? Infinity)
        : { rows: [], error: s.comments.ok ? (s.reviewComments as { error: string }).error : s.comments.error },
    me: s.me ?? null,
  };
}

/** The avatar URLs a page shows (the author's and every commenter's), to load before shaping. */
export function avatarUrls(pull: PullRequestDetailed, comments: Read<readonly IssueComment[]>, reviewComments: Read<readonly ReviewComment[]>): string[] {
  const urls = new Set([pull.user.avatar_url]);
  if (comments.ok) for (const c of comments.value) urls.add(c.user.avatar_url);
  if (reviewComments.ok) for (const c of reviewComments.value) urls.add(c.user.avatar_url);
  return [...urls];
}
