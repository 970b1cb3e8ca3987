// Posting the comments of one pull request that were queued while the
// service did not answer: as a review without a summary (model/submit.ts), so
// each goes in the order written and one tried before is first looked for on
// the service: a window closed or a connection lost mid-way never posts one
// twice. A line comment goes where it was written (its commit and position),
// outdated if the head has moved since. A comment the service refuses keeps
// the service's words; one that got no answer stays queued as it was.
import type { HostingClient } from '../../../hosting';
import { isUnreachable } from '../../shared/tree/offlineRows';
import type { PendingReviews } from '../pendingReview/pendingReviews';
import type { HeadMovedChoice } from '../pendingReview/model/submit';
import { submitReview } from '../pendingReview/model/submit';
import { serviceOf, wrapped } from '../pendingReview/submitFlow';
import type { PullKey } from '../stores/pullReviewComments';

export interface SendOutcome {
  posted: number;
  /** The service's words for each comment it refused. */
  refused: string[];
  /** The service stopped answering mid-way: what is left stays queued. */
  unanswered: boolean;
}

/** `retryRefused`: also the comments the service refused before (a person asked to try again); else they wait for that. */
export async function sendQueued(client: HostingClient, me: string, pull: PullKey, queue: PendingReviews, retryRefused = false): Promise<SendOutcome> {
  const outcome: SendOutcome = { posted: 0, refused: [], unanswered: false };
  const drafts = (queue.record(pull)?.drafts ?? []).filter((d) => retryRefused || d.error === undefined);
  if (drafts.length === 0) return outcome;
  const asWritten = new Map<string, HeadMovedChoice>(drafts.map((d) => [d.id, { choice: 'original' }]));
  const service = serviceOf(client, pull, (run) =>
    wrapped(() =>
      run().catch((err: unknown) => {
        if (isUnreachable(err)) outcome.unanswered = true;
        throw err;
      }),
    ),
  );
  await submitReview({ drafts, headSha: '', me, moved: asWritten }, service, async (s) => {
    if (s.id === 'summary') return;
    switch (s.step) {
      case 'trying':
        return queue.mark(pull, s.id, { tried: true });
      case 'posted':
      case 'alreadyPosted':
        outcome.posted++;
        return queue.remove(pull, new Set([s.id]));
      case 'failed':
        if (outcome.unanswered) return;
        outcome.refused.push(s.message);
        return queue.mark(pull, s.id, { error: s.message });
      case 'kept':
        return;
    }
  });
  if (queue.drafts(pull).length === 0) await queue.end(pull);
  return outcome;
}
