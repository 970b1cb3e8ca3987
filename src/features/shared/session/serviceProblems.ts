// Tells the user what is wrong with the service lists (a duplicate name, a
// URL of neither form, no OAuth application, an engagement service that is
// not listed): one line per problem in the log, and a warning naming the
// setting, once per change of the problems.
import * as vscode from 'vscode';
import type { ServiceProblem } from '../../../util/serviceRegistry';
import { parseEngagementServices } from '../../../util/serviceRegistry';
import type { Logger } from '../log/outputLog';
import { readHostingServices } from './settings';

export const HOSTING_SERVICES_SETTING = 'repodesk.hosting.services';
export const ENGAGEMENT_SERVICES_SETTING = 'repodesk.engagement.services';

/** The problems of both lists, by setting, hosting first. */
function currentServiceProblems(): Array<{ setting: string; problem: ServiceProblem }> {
  const hosting = vscode.workspace.getConfiguration('repodesk.hosting').get<unknown>('services');
  const engagement = vscode.workspace.getConfiguration('repodesk.engagement');
  const found: Array<{ setting: string; problem: ServiceProblem }> = [];
  // The older single URL settings have their own checks where they are used; only the lists are reported here.
  if (hosting !== undefined) found.push(...readHostingServices().problems.map((problem) => ({ setting: HOSTING_SERVICES_SETTING, problem })));
  const engagementList = engagement.get<unknown>('services');
  if (engagementList !== undefined) {
    found.push(
      ...parseEngagementServices(engagementList, engagement.get<string>('apiUrl', '')).problems.map((problem) => ({
        setting: ENGAGEMENT_SERVICES_SETTING,
        problem,
      })),
    );
  }
  return found;
}

/** Reports the problems now and whenever the lists change (only a change of the problems shows a warning again). */
export function watchServiceProblems(log: Logger): vscode.Disposable {
  let shown = '';
  const check = () => {
    const problems = currentServiceProblems();
    const key = JSON.stringify(problems);
    if (key === shown) return;
    shown = key;
    if (!problems.length) return;
    // The sentences load only when there is a problem to tell (most windows have none).
    void import('./serviceProblemText.js').then(({ problemText }) => {
      if (shown !== key) return;
      const lines = problems.map((p) => problemText(p.setting, p.problem));
      for (const line of lines) log.warn(line);
      const open = vscode.l10n.t('Open Settings');
      const more = lines.length - 1;
      const message =
        more === 0
          ? lines[0]!
          : more === 1
            ? vscode.l10n.t('{0} (and 1 more problem: see the RepoDesk log)', lines[0]!)
            : vscode.l10n.t('{0} (and {1} more problems: see the RepoDesk log)', lines[0]!, more);
      void vscode.window.showWarningMessage(message, open).then((picked) => {
        if (picked === open)
          void vscode.commands.executeCommand(
            'workbench.action.openSettings',
            lines[0]!.includes(ENGAGEMENT_SERVICES_SETTING) ? ENGAGEMENT_SERVICES_SETTING : HOSTING_SERVICES_SETTING,
          );
      });
    });
  };
  check();
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(HOSTING_SERVICES_SETTING) || e.affectsConfiguration(ENGAGEMENT_SERVICES_SETTING)) check();
  });
}
