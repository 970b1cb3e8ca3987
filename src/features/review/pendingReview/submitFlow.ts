// Submit Review, the host's part: the head read from the service, a choice
// per draft written on an older head (post it on its commit, outdated, or
// place it on the new head where its line still maps, or keep it), the
// optional summary, then the drafts posted in order with progress. Each step
// is stored as it happens (model/submit.ts): what was posted leaves the list,
// what failed stays with the service's message.
import * as vscode from 'vscode';
import { collect, type HostingClient, type PullRequestFile } from '../../../hosting';
import { shortSha } from '../../../util/viewFormat';
import { errorText } from '../../shared/failure';
import { inSteps, type StepBoxes } from '../../shared/stepBoxes';
import type { PullKey } from '../stores/pullReviewComments';
import type { PendingReviews } from './pendingReviews';
import { positionOnNewHead } from './model/replace';
import { submitReview, type HeadMovedChoice, type ReviewService, type SubmitResult } from './model/submit';
import type { Draft } from './model/reviewRecord';

/** Answers given by a caller (tests, keybindings) instead of the dialogs. */
export interface SubmitAnswers {
  summary?: string;
  /** For every draft written on an older head (or per draft id). */
  moved?: 'original' | 'replace' | 'keep' | Record<string, 'original' | 'replace' | 'keep'>;
}

export interface SubmitOutcome extends SubmitResult {
  /** Drafts still pending after it. */
  left: number;
}

export function wrapped(run: () => Promise<unknown>): Promise<unknown> {
  // The service's own words reach the draft (docs: errors reach the user as the service's text).
  return run().catch((err: unknown) => {
    throw new Error(errorText(err));
  });
}

/** The service's side of submitReview for `pull`; `wrap` turns each write's failure into the message kept on its draft. */
export function serviceOf(client: HostingClient, pull: PullKey, wrap: (run: () => Promise<unknown>) => Promise<unknown> = wrapped): ReviewService {
  const { owner, repo, number } = pull;
  return {
    reviewComments: () => client.reviewComments.listAllForPull(owner, repo, number),
    issueComments: () => collect(client.issueComments.listForIssue(owner, repo, number)),
    postLine: (input) => wrap(() => client.reviewComments.create(owner, repo, number, input)),
    postReply: (input) => wrap(() => client.reviewComments.create(owner, repo, number, input)),
    postConversation: (body) => wrap(() => client.issueComments.create(owner, repo, number, body)),
  };
}

type Choice = 'original' | 'replace' | 'keep';

/** Asks, per draft written on an older head, what to do with it (or takes the given answers). */
async function movedChoices(
  steps: StepBoxes,
  moved: Draft[],
  headSha: string,
  files: Map<string, PullRequestFile>,
  given: SubmitAnswers['moved'],
): Promise<Map<string, HeadMovedChoice> | undefined> {
  const out = new Map<string, HeadMovedChoice>();
  let i = 0;
  for (const d of moved) {
    i++;
    if (d.target.kind !== 'line') continue;
    const t = d.target;
    const file = files.get(t.path);
    const position = positionOnNewHead(t, file?.patch);
    let choice: Choice | undefined = typeof given === 'string' ? given : given?.[d.id];
    if (!choice) {
      const where = file ? vscode.l10n.t('line {0} of {1}', t.line, t.path) : vscode.l10n.t('{0} (no longer changed in the pull request)', t.path);
      const items: (vscode.QuickPickItem & { choice: Choice })[] = [
        {
          label: vscode.l10n.t('Post on {0} (outdated)', shortSha(t.commitId)),
          detail: vscode.l10n.t('Where it was written; it shows as outdated.'),
          choice: 'original',
        },
        ...(position !== undefined
          ? [
              {
                label: vscode.l10n.t('Place on the new head {0}', shortSha(headSha)),
                detail: vscode.l10n.t('The line is still there.'),
                choice: 'replace' as const,
              },
            ]
          : []),
        { label: vscode.l10n.t('Keep it pending'), choice: 'keep' },
      ];
      const picked = await steps.pick(items, {
        title: vscode.l10n.t('Draft {0} of {1}: the head moved since it was written', i, moved.length),
        placeHolder: vscode.l10n.t('Written on {0} at {1}: “{2}”', shortSha(t.commitId), where, d.body.split('\n')[0]!.slice(0, 60)),
        ignoreFocusOut: true,
      });
      if (!picked) return undefined;
      choice = picked.choice;
    }
    out.set(d.id, choice === 'replace' && position !== undefined ? { choice: 'replace', position } : choice === 'replace' ? { choice: 'keep' } : { choice });
  }
  return out;
}

export async function runSubmit(
  client: HostingClient,
  me: string,
  pull: PullKey,
  reviews: PendingReviews,
  answers: SubmitAnswers | undefined,
  afterPosted: () => void,
): Promise<SubmitOutcome | undefined> {
  const record = reviews.record(pull);
  if (!record) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No review is pending on #{0}. Start Review first.', pull.number));
    return undefined;
  }
  const head = (await client.pulls.get(pull.owner, pull.repo, pull.number)).head.sha;
  const moved = record.drafts.filter((d) => d.target.kind === 'line' && d.target.commitId !== head);
  // A choice per moved draft, then the summary: the steps of one quick input (a box shows busy while the files are read).
  const asked = await inSteps(async (steps) => {
    let choices = new Map<string, HeadMovedChoice>();
    if (moved.length) {
      const files = new Map((await collect(client.pulls.listFiles(pull.owner, pull.repo, pull.number))).map((f) => [f.filename, f]));
      const chosen = await movedChoices(steps, moved, head, files, answers?.moved);
      if (!chosen) return undefined;
      choices = chosen;
    }
    const summary =
      answers?.summary ??
      (await steps.text({
        title: vscode.l10n.t('Submit Review on #{0}', pull.number),
        prompt: vscode.l10n.t('A summary, posted in the conversation after the comments (optional)'),
        value: record.summary ?? '',
        ignoreFocusOut: true,
      }));
    return summary === undefined ? undefined : { choices, summary };
  });
  if (!asked) return undefined;
  const { choices, summary } = asked;
  const total = record.drafts.length;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Submitting review on #{0}…', pull.number) },
    async (progress) => {
      let done = 0;
      return submitReview(
        { drafts: record.drafts, headSha: head, me, moved: choices, summary, summaryTried: record.summaryTried && record.summary?.trim() === summary.trim() },
        serviceOf(client, pull),
        async (s) => {
          if (s.id === 'summary') {
            await reviews.update(pull, (r) => ({ ...r, summary, summaryTried: true }));
            return;
          }
          switch (s.step) {
            case 'trying':
              progress.report({ message: vscode.l10n.t('comment {0} of {1}', done + 1, total), increment: total ? 100 / total : 0 });
              return reviews.mark(pull, s.id, { tried: true });
            case 'posted':
            case 'alreadyPosted':
              done++;
              return reviews.remove(pull, new Set([s.id]));
            case 'failed':
              return reviews.mark(pull, s.id, { error: s.message });
            case 'kept':
              return;
          }
        },
      );
    },
  );
  afterPosted();
  const left = reviews.drafts(pull).length;
  const summaryDone = result.summary === 'posted' || result.summary === 'alreadyPosted' || result.summary === 'none';
  if (left === 0 && summaryDone) await reviews.end(pull);
  else
    await reviews.update(pull, (r) => {
      const { summaryError: _e, ...rest } = r;
      return { ...rest, ...(summary.trim() ? { summary } : {}), ...(typeof result.summary === 'object' ? { summaryError: result.summary.failed } : {}) };
    });
  const posted = result.steps.filter((s) => s.step === 'posted' || s.step === 'alreadyPosted').length;
  const failed = result.steps.flatMap((s) => (s.step === 'failed' ? [s.message] : []));
  if (left === 0 && summaryDone) {
    void vscode.window.showInformationMessage(
      posted === 1
        ? vscode.l10n.t('Review submitted on #{0}: 1 comment posted.', pull.number)
        : vscode.l10n.t('Review submitted on #{0}: {1} comments posted.', pull.number, posted),
    );
  } else if (failed.length) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Review on #{0}: {1} of {2} posted; {3} still pending. The service said: {4}', pull.number, posted, total, left, failed[0]!),
    );
  } else if (typeof result.summary === 'object') {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Review on #{0}: the comments were posted, the summary was not: {1}', pull.number, result.summary.failed),
    );
  } else {
    void vscode.window.showWarningMessage(
      left === 1
        ? vscode.l10n.t('Review on #{0}: 1 draft kept pending (written on an older head).', pull.number)
        : vscode.l10n.t('Review on #{0}: {1} drafts kept pending (written on an older head).', pull.number, left),
    );
  }
  return { ...result, left };
}
