// Reads what a pull request's overview page shows: the pull request, its
// commits and changed files (as many as the page shows: a page of 100 at
// first, more as the user scrolls), issue comments, review comments and labels, in
// parallel, each through the session's one client (so a list read before is
// a conditional request: an unchanged page costs no rate limit), and the
// avatars of the people on it (public images, no token, no rate limit).
import { collect, type HostingClient, type PullRequestDetailed, type ReviewComment } from '../../hosting';
import type { AvatarCache } from '../../util/avatars';
import type { PageSources, Read } from './model/pageModel';
import type { PageModel } from './model/messages';
import type { PullReviewComments } from '../review/stores/pullReviewComments';
import { errorText } from '../shared/failure';
import { headBranchGone } from '../shared/headBranch';

export interface PullKeyParts {
  owner: string;
  repo: string;
  number: number;
}

export interface LoadedPage {
  model: PageModel;
  pull: PullRequestDetailed;
  reviewComments: readonly ReviewComment[];
}

/** Rows of the Commits and Files tabs read at first, and added by each Load more: one page of the service's. */
export const OVERVIEW_PAGE = 100;

/** How many rows of each paged tab the page shows (the conversation: model/conversationShown.ts). */
export interface Shown {
  commits: number;
  files: number;
  conversation: number;
}

/** The first `n` items of a paged list, and whether the list ended there (the service said it had no more). */
async function firstOf<T>(list: AsyncIterable<T>, n: number): Promise<{ items: T[]; ended: boolean }> {
  const items: T[] = [];
  if (n <= 0) return { items, ended: false };
  for await (const item of list) {
    items.push(item);
    // Stopping here reads no further page (the loop's return ends the iterator).
    if (items.length >= n) return { items, ended: false };
  }
  return { items, ended: true };
}

async function read<T>(p: Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    return { ok: false, error: errorText(err) };
  }
}

/** The page; throws when the pull request itself cannot be read (the lists fail one by one). */
export async function loadPage(
  client: HostingClient,
  store: PullReviewComments,
  key: PullKeyParts,
  me: string | undefined,
  avatars: AvatarCache,
  background: boolean,
  extras: Pick<PageSources, 'viewed' | 'suggestionLabel'> = {},
  shown: Shown = { commits: OVERVIEW_PAGE, files: OVERVIEW_PAGE, conversation: OVERVIEW_PAGE },
  /** Given the page drawn without its conversation, before that is shaped (a large pull request's comments take longest to read and to shape). */
  onEarly?: (page: LoadedPage) => void,
): Promise<LoadedPage> {
  const { owner, repo, number } = key;
  const options = background ? { priority: 'background' as const } : undefined;
  const pullRead = client.pulls.get(owner, repo, number, options);
  // The author's avatar is in the page drawn first: read as soon as the author is known, beside the lists.
  void pullRead.then((p) => avatars.loadAll([p.user.avatar_url])).catch(() => undefined);
  const commitsRead = read(firstOf(client.pulls.listCommits(owner, repo, number, options), shown.commits));
  const filesRead = read(firstOf(client.pulls.listFiles(owner, repo, number, options), shown.files));
  const labelsRead = read(collect(client.labels.listForIssue(owner, repo, number, options)));
  const conversation = Promise.all([read(collect(client.issueComments.listForIssue(owner, repo, number, options))), read(store.list(key))]);
  // A head branch deleted on the service shows only in its reference (shared/headBranch.ts): one more read of an
  // open pull request, conditional as the rest, not waited for by the page drawn early.
  const headDeleted = pullRead.then(
    (p) => p.state === 'open' && headBranchGone(client, p, options),
    () => false,
  );
  // The page model renders markdown (markdown-it): loaded with the first page, not at activation.
  const { avatarUrls, pageModel } = await import('./model/pageModel.js');
  const build = (parts: Omit<PageSources, 'me' | 'avatar' | 'viewed' | 'suggestionLabel'>): PageModel =>
    pageModel(owner, repo, { ...extras, ...parts, me, conversationShown: shown.conversation, avatar: (url) => avatars.get(url)?.dataUri });
  const items = <T>(r: Read<{ items: T[]; ended: boolean }>): Read<readonly T[]> => (r.ok ? { ok: true, value: r.value.items } : r);
  const [pull, commits, files, labels] = await Promise.all([pullRead, commitsRead, filesRead, labelsRead]);
  const ended = { commits: !commits.ok || commits.value.ended, files: !files.ok || files.value.ended };
  const lists = { pull, commits: items(commits), files: items(files), ended, labels };
  if (onEarly) {
    // A large pull request's comments take many pages, and shaping them
    // (markdown, threads) takes the host a while even when their pages
    // answered 304 already: the page is drawn without them first, so the
    // tabs wait for neither.
    // Nor for the author's avatar: drawn if it is in memory already (the row clicked drew it), else its
    // placeholder until the whole page comes, which waits for every avatar.
    const none: Read<readonly never[]> = { ok: true, value: [] };
    const early = build({ ...lists, comments: none, reviewComments: none });
    onEarly({ model: { ...early, conversation: { ...early.conversation, loading: true } }, pull, reviewComments: [] });
    // The early page is posted before the conversation is shaped (one task of the host's).
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  const [[comments, reviewComments], deleted] = await Promise.all([conversation, headDeleted]);
  await avatars.loadAll(avatarUrls(pull, comments, reviewComments));
  const model = build({ ...lists, comments, reviewComments, headDeleted: deleted });
  return { model, pull, reviewComments: reviewComments.ok ? reviewComments.value : [] };
}
