// Tells the user what is wrong with the service lists (a duplicate name, a
// URL of neither form, no OAuth application, an engagement service that is
// not listed): one line per problem in the log, and a warning naming the
// setting, once per change of the problems.
import * as vscode from 'vscode';
import type { ServiceProblem } from '../../../util/serviceRegistry';
import { parseEngagementServices } from '../../../util/serviceRegistry';
import type { Logger } from '../log/outputLog';
import { readHostingServices } from './settings';

const HOSTING_SERVICES_SETTING = 'repodesk.hosting.services';
const ENGAGEMENT_SERVICES_SETTING = 'repodesk.engagement.services';

/** The sentence for one problem of `setting`. */
function problemText(setting: string, p: ServiceProblem): string {
  switch (p.kind) {
    case 'notAList':
      return vscode.l10n.t('"{0}" must be a list of services; it is ignored.', setting);
    case 'notAnObject':
      return vscode.l10n.t('"{0}" entry {1} is not an object with name and apiUrl; it is left out.', setting, p.index + 1);
    case 'missingName':
      return vscode.l10n.t('"{0}" entry {1} has no name; it is left out.', setting, p.index + 1);
    case 'duplicateName':
      return vscode.l10n.t('"{0}" entry {1}: the name "{2}" is already used by an earlier entry; it is left out.', setting, p.index + 1, p.name);
    case 'badUrl':
      return setting === HOSTING_SERVICES_SETTING
        ? vscode.l10n.t(
            '"{0}" entry {1} ("{2}"): the API URL "{3}" is neither https://host nor https://host/api/v3; it is left out.',
            setting,
            p.index + 1,
            p.name,
            p.value,
          )
        : vscode.l10n.t('"{0}" entry {1} ("{2}"): the URL "{3}" is not of the form https://host; it is left out.', setting, p.index + 1, p.name, p.value);
    case 'missingOAuth':
      return vscode.l10n.t(
        '"{0}" entry {1} ("{2}") has no OAuth application (oauthClientId): sign in to it with a token or a password.',
        setting,
        p.index + 1,
        p.name,
      );
    case 'unknownEngagement':
      return vscode.l10n.t(
        '"{0}" entry {1} ("{2}"): its engagement service "{3}" is not a name in "{4}"; its repositories show no support cases.',
        setting,
        p.index + 1,
        p.name,
        p.value,
        ENGAGEMENT_SERVICES_SETTING,
      );
  }
}

/** The problems of both lists as sentences, hosting first. */
function currentServiceProblems(): string[] {
  const hosting = vscode.workspace.getConfiguration('repodesk.hosting').get<unknown>('services');
  const engagement = vscode.workspace.getConfiguration('repodesk.engagement');
  const lines: string[] = [];
  // The older single URL settings have their own checks where they are used; only the lists are reported here.
  if (hosting !== undefined) lines.push(...readHostingServices().problems.map((p) => problemText(HOSTING_SERVICES_SETTING, p)));
  const engagementList = engagement.get<unknown>('services');
  if (engagementList !== undefined) {
    lines.push(
      ...parseEngagementServices(engagementList, engagement.get<string>('apiUrl', '')).problems.map((p) => problemText(ENGAGEMENT_SERVICES_SETTING, p)),
    );
  }
  return lines;
}

/** Reports the problems now and whenever the lists change (only a change of the problems shows a warning again). */
export function watchServiceProblems(log: Logger): vscode.Disposable {
  let shown = '';
  const check = () => {
    const lines = currentServiceProblems();
    const key = lines.join('\n');
    if (key === shown) return;
    shown = key;
    for (const line of lines) log.warn(line);
    if (!lines.length) return;
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
  };
  check();
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(HOSTING_SERVICES_SETTING) || e.affectsConfiguration(ENGAGEMENT_SERVICES_SETTING)) check();
  });
}
