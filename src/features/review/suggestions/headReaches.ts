// A commit to a pull request's head branch moves the pull request's head
// once the service has taken in the push: that is not described as
// immediate (docs/service-api/hosting/pulls.md §1: how a pull request moves
// is not described), and the emulator does it just after the ref's update.
// The pull request is read again until its head is the commit, a few times.
import type { HostingClient } from '../../../hosting';
import type { PullKey } from '../stores/pullReviewComments';

/** Pauses between reads: a little over 6 s in all. */
const PAUSES_MS = [50, 100, 200, 400, 800, 1600, 3200];

/** Whether the pull request's head is `sha` within a few reads. */
export async function headReaches(client: HostingClient, key: PullKey, sha: string, pauses: readonly number[] = PAUSES_MS): Promise<boolean> {
  for (let i = 0; ; i++) {
    const pull = await client.pulls.get(key.owner, key.repo, key.number);
    if (pull.head.sha === sha) return true;
    if (i >= pauses.length) return false;
    await new Promise((resolve) => setTimeout(resolve, pauses[i]));
  }
}
