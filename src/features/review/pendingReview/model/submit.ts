// Submit Review without a review object on the service: each draft posted in
// the order written as its own comment (a line comment with the commit, path
// and position it was written against; a reply; a conversation comment), then
// the summary as a conversation comment once no draft is left. Each step is
// reported as it happens so the host stores it at once: what was posted leaves
// the pending list even if the window closes mid-way. A draft tried before is
// first looked for on the service (body, path, position, commit, author), so a
// retry after a lost answer never posts it twice.
import { ordered, type Draft } from './reviewRecord';

export interface ServiceReviewComment {
  id: number;
  body?: string | null;
  path: string;
  position: number | null;
  original_position: number | null;
  commit_id: string;
  original_commit_id: string;
  /** The root of the thread it replies to (the answer names POST's `in_reply_to` so). */
  in_reply_to_id?: number | null;
  user: { login: string };
}

export interface ServiceIssueComment {
  body?: string | null;
  user: { login: string };
}

/** The service's side, given by the host (the hosting client) or a test. */
export interface ReviewService {
  reviewComments(): Promise<readonly ServiceReviewComment[]>;
  issueComments(): Promise<readonly ServiceIssueComment[]>;
  postLine(input: { body: string; commit_id: string; path: string; position: number }): Promise<unknown>;
  postReply(input: { body: string; in_reply_to: number }): Promise<unknown>;
  postConversation(body: string): Promise<unknown>;
}

/** What to do with a line draft written on an older head: post it there (outdated), at a position of the new head, or keep it pending. */
export type HeadMovedChoice = { choice: 'original' } | { choice: 'replace'; position: number } | { choice: 'keep' };

export interface SubmitInput {
  drafts: readonly Draft[];
  headSha: string;
  /** The signed-in login: only its comments count as already posted. */
  me: string;
  /** Per draft id, for drafts written on another head; a draft without one is kept. */
  moved?: ReadonlyMap<string, HeadMovedChoice>;
  summary?: string;
  /** The summary was sent before (its answer may have been lost). */
  summaryTried?: boolean;
}

export type DraftStep =
  | { id: string; step: 'trying' }
  | { id: string; step: 'posted' }
  | { id: string; step: 'alreadyPosted' }
  | { id: string; step: 'failed'; message: string }
  | { id: string; step: 'kept' }
  /** The summary is about to be sent. */
  | { id: 'summary'; step: 'trying' };

type SummaryResult = 'none' | 'posted' | 'alreadyPosted' | 'held' | { failed: string };

export interface SubmitResult {
  steps: DraftStep[];
  summary: SummaryResult;
}

const sameBody = (a: string | null | undefined, b: string) => (a ?? '').trim() === b.trim();

function matchesLine(c: ServiceReviewComment, me: string, body: string, path: string, commit: string, position: number): boolean {
  if (c.user.login !== me || c.path !== path || !sameBody(c.body, body)) return false;
  return (c.commit_id === commit && c.position === position) || (c.original_commit_id === commit && c.original_position === position);
}

function matchesReply(c: ServiceReviewComment, me: string, body: string, inReplyTo: number): boolean {
  return c.user.login === me && c.in_reply_to_id === inReplyTo && sameBody(c.body, body);
}

function failure(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function submitReview(
  input: SubmitInput,
  service: ReviewService,
  report: (step: DraftStep) => void | Promise<void> = () => undefined,
): Promise<SubmitResult> {
  const steps: DraftStep[] = [];
  const say = async (s: DraftStep) => {
    if (s.step !== 'trying') steps.push(s);
    await report(s);
  };
  // Read once, only when a retry needs them.
  let reviewComments: Promise<readonly ServiceReviewComment[]> | undefined;
  let issueComments: Promise<readonly ServiceIssueComment[]> | undefined;
  const reviewOnes = () => (reviewComments ??= service.reviewComments());
  const issueOnes = () => (issueComments ??= service.issueComments());

  for (const d of ordered(input.drafts)) {
    const t = d.target;
    try {
      let send: () => Promise<unknown>;
      let already: () => Promise<boolean>;
      if (t.kind === 'line') {
        let commit = t.commitId;
        let position = t.position;
        if (commit !== input.headSha) {
          const choice = input.moved?.get(d.id) ?? { choice: 'keep' };
          if (choice.choice === 'keep') {
            await say({ id: d.id, step: 'kept' });
            continue;
          }
          if (choice.choice === 'replace') {
            commit = input.headSha;
            position = choice.position;
          }
        }
        const c = commit;
        const p = position;
        send = () => service.postLine({ body: d.body, commit_id: c, path: t.path, position: p });
        already = async () => (await reviewOnes()).some((x) => matchesLine(x, input.me, d.body, t.path, c, p));
      } else if (t.kind === 'reply') {
        send = () => service.postReply({ body: d.body, in_reply_to: t.inReplyTo });
        already = async () => (await reviewOnes()).some((x) => matchesReply(x, input.me, d.body, t.inReplyTo));
      } else {
        send = () => service.postConversation(d.body);
        already = async () => (await issueOnes()).some((x) => x.user.login === input.me && sameBody(x.body, d.body));
      }
      if (d.tried && (await already())) {
        await say({ id: d.id, step: 'alreadyPosted' });
        continue;
      }
      await say({ id: d.id, step: 'trying' });
      await send();
      await say({ id: d.id, step: 'posted' });
    } catch (err) {
      await say({ id: d.id, step: 'failed', message: failure(err) });
    }
  }

  const summary = input.summary?.trim();
  if (!summary) return { steps, summary: 'none' };
  if (steps.some((s) => s.step === 'failed' || s.step === 'kept')) return { steps, summary: 'held' };
  try {
    if (input.summaryTried && (await issueOnes()).some((x) => x.user.login === input.me && sameBody(x.body, summary)))
      return { steps, summary: 'alreadyPosted' };
    await report({ id: 'summary', step: 'trying' });
    await service.postConversation(summary);
    return { steps, summary: 'posted' };
  } catch (err) {
    return { steps, summary: { failed: failure(err) } };
  }
}
