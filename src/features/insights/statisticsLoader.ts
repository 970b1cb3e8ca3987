// Loads the five statistics of a repository for the Statistics tab. Each
// chart is posted as soon as its data arrives; while the service answers 202
// ("computing") the client retries with backoff and the panel says so; after
// the client's bounded number of tries the chart shows why, with a retry.
// Unchanged statistics are revalidated with their ETag and cost nothing.
import * as vscode from 'vscode';
import type { HostingClient, StatisticsProgress } from '../../hosting';
import { CHARTS, type ChartData, type ChartName, type HostToWebview } from './model/messages';
import { codeFrequencySeries, commitActivitySeries, contributorsSeries, participationSeries, punchCardSeries } from './model/statsSeries';
import { errorText } from '../shared/failure';
import type { Logger } from '../shared/log/outputLog';

type Post = (message: HostToWebview) => unknown;

/** One chart: its request and its shaping. */
function loaders(client: HostingClient, owner: string, repo: string): Record<ChartName, (onProgress: (p: StatisticsProgress) => void) => Promise<ChartData>> {
  const s = client.stats;
  return {
    contributors: async (onProgress) => ({ chart: 'contributors', ...contributorsSeries(await s.contributors(owner, repo, { onProgress })) }),
    commitActivity: async (onProgress) => ({ chart: 'commitActivity', ...commitActivitySeries(await s.commitActivity(owner, repo, { onProgress })) }),
    codeFrequency: async (onProgress) => ({ chart: 'codeFrequency', ...codeFrequencySeries(await s.codeFrequency(owner, repo, { onProgress })) }),
    participation: async (onProgress) => ({ chart: 'participation', ...participationSeries(await s.participation(owner, repo, { onProgress })) }),
    punchCard: async (onProgress) => ({ chart: 'punchCard', ...punchCardSeries(await s.punchCard(owner, repo, { onProgress })) }),
  };
}

/** Loads every chart; resolves when each has been posted (data or error). */
export async function loadStatistics(client: HostingClient | undefined, owner: string, repo: string, post: Post, log: Logger): Promise<void> {
  if (!client) {
    for (const chart of CHARTS) post({ type: 'chartError', chart, message: vscode.l10n.t('Sign in to RepoDesk first.') });
    return;
  }
  const load = loaders(client, owner, repo);
  let computing = 0;
  let report: ((message: string) => void) | undefined;
  let finish: (() => void) | undefined;
  const startProgress = () => {
    if (report) return;
    const done = new Promise<void>((resolve) => (finish = resolve));
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Computing statistics of {0}/{1}…', owner, repo) },
      (progress) => {
        report = (message) => progress.report({ message });
        return done;
      },
    );
  };
  await Promise.all(
    CHARTS.map(async (chart) => {
      let pending = false;
      try {
        const data = await load[chart]((p) => {
          if (!pending) {
            pending = true;
            computing++;
            startProgress();
          }
          report?.(vscode.l10n.t('try {0} of {1}', p.attempt + 1, p.maxAttempts));
          post({ type: 'statsPending', chart, attempt: p.attempt, maxAttempts: p.maxAttempts, nextDelayMs: p.nextDelayMs });
        });
        post({ type: 'chart', data });
      } catch (err) {
        log.warn(`Statistics ${chart} of ${owner}/${repo}: ${errorText(err)}`);
        post({ type: 'chartError', chart, message: errorText(err) });
      } finally {
        if (pending && --computing === 0) {
          finish?.();
          report = undefined;
        }
      }
    }),
  );
}
