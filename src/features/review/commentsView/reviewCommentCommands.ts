// Review Comments' commands: the repository mode's filter, and a comment
// revealed in its diff. Loaded on first use (registerReviewComments.ts
// registers them).
import * as vscode from 'vscode';
import { lineOfDiffHunk, pullNumberOf } from '../../../util/viewFormat';
import { openDiff } from '../../shared/gitfs/openDiff';
import type { SelectedPull } from '../../shared/selection/selectedPull';
import { showFailure } from '../../shared/failure';
import { directions, pickCurrent, plain } from '../../shared/tree/pickCurrent';
import { inSteps } from '../../shared/stepBoxes';
import { givenAnswers } from '../../shared/commandArgs';
import { CommentNode } from '../../shared/tree/reviewThreadNodes';
import type { CommandHandler } from '../../shared/lazyCommands';
import { FILTER_KEY, MODE_KEY, type RepoCommentFilter, type ReviewCommentCommandId } from './registerReviewComments';
import type { HostingClient } from '../../../hosting';

export function reviewCommentCommands(
  selected: SelectedPull,
  state: vscode.Memento,
  filter: () => RepoCommentFilter,
  changed: () => void,
  need: () => HostingClient | undefined,
): Record<ReviewCommentCommandId, CommandHandler> {
  return {
    'repodesk.reviewComments.filter': async (arg?: unknown) => {
      const given = givenAnswers<Partial<RepoCommentFilter>>(arg);
      if (given) {
        await state.update(FILTER_KEY, { ...filter(), ...given });
        await state.update(MODE_KEY, 'repository');
        changed();
        return;
      }
      const current = filter();
      const chosen = await inSteps(async (steps) => {
        const sort = await pickCurrent(steps, vscode.l10n.t('Sort review comments by (1/3)'), plain(['created', 'updated'] as const), current.sort);
        if (!sort) return undefined;
        const direction = await pickCurrent(
          steps,
          vscode.l10n.t('Direction (2/3)'),
          directions(vscode.l10n.t('oldest first'), vscode.l10n.t('newest first')),
          current.direction,
        );
        if (!direction) return undefined;
        const since = await steps.text({
          title: vscode.l10n.t('Only comments updated since (3/3)'),
          prompt: vscode.l10n.t('A date such as 2024-01-31, or empty for all'),
          value: current.since,
          validateInput: (v) => (!v.trim() || !Number.isNaN(Date.parse(v.trim())) ? undefined : vscode.l10n.t('Not a date.')),
        });
        return since === undefined ? undefined : { sort, direction, since };
      });
      if (!chosen) return;
      const { sort, direction, since } = chosen;
      const iso = since.trim() ? new Date(Date.parse(since.trim())).toISOString().replace(/\.\d{3}Z$/, 'Z') : '';
      await state.update(FILTER_KEY, { sort, direction, since: iso });
      await state.update(MODE_KEY, 'repository');
      changed();
    },
    'repodesk.reviewComments.reveal': async (node?: CommentNode) => {
      const client = need();
      if (!client || !(node instanceof CommentNode)) return;
      const c = node.comment;
      const pullNumber = pullNumberOf(c);
      try {
        const known = selected.value;
        const pull =
          known && known.number === pullNumber && known.owner === node.ctx.owner && known.repo === node.ctx.repo
            ? known.pull
            : await client.pulls.get(node.ctx.owner, node.ctx.repo, pullNumber);
        // An outdated comment is shown where it was written: on its original commit.
        const head = c.position === null ? c.original_commit_id : c.commit_id;
        const at = lineOfDiffHunk(c.diff_hunk);
        const sides = await openDiff(
          { owner: node.ctx.owner, repo: node.ctx.repo, baseSha: pull.base.sha, headSha: head, path: c.path, number: pullNumber },
          at,
        );
        // The thread there opens expanded, even in a file whose many threads start collapsed.
        if (at) await vscode.commands.executeCommand('repodesk.comments.expandAt', sides[at.side], at.line);
      } catch (err) {
        showFailure(vscode.l10n.t('Could not open the diff'), err);
      }
    },
  };
}
