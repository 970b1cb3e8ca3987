// The quick picks and boxes of the Pull Requests view's filter (pullFilter.ts
// keeps it). Loaded with the filter command, not at activation.
import * as vscode from 'vscode';
import { directions, pickCurrent, plain } from '../shared/tree/pickCurrent';
import { inSteps } from '../shared/stepBoxes';
import { loadPullFilter, savePullFilter, type PullFilter } from './pullFilter';

export async function pickPullFilter(state: vscode.Memento): Promise<PullFilter | undefined> {
  const current = loadPullFilter(state);
  const next = await inSteps(async (steps): Promise<PullFilter | undefined> => {
    const st = await pickCurrent(steps, vscode.l10n.t('Pull requests in which state? (1/5)'), plain(['open', 'closed', 'all'] as const), current.state);
    if (!st) return undefined;
    const sort = await pickCurrent(steps, vscode.l10n.t('Sort by (2/5)'), plain(['created', 'updated', 'popularity', 'long-running'] as const), current.sort);
    if (!sort) return undefined;
    const direction = await pickCurrent(steps, vscode.l10n.t('Direction (3/5)'), directions(), current.direction);
    if (!direction) return undefined;
    const head = await steps.text({
      title: vscode.l10n.t('Head filter (4/5)'),
      prompt: vscode.l10n.t('"user:branch" or empty for any head'),
      value: current.head,
    });
    if (head === undefined) return undefined;
    const base = await steps.text({
      title: vscode.l10n.t('Base filter (5/5)'),
      prompt: vscode.l10n.t('A branch name, or empty for any base'),
      value: current.base,
    });
    if (base === undefined) return undefined;
    return { state: st, sort, direction, head: head.trim(), base: base.trim() };
  });
  if (!next) return undefined;
  await savePullFilter(state, next);
  return next;
}
