// The sentences of the service lists' problems (serviceProblems.ts), loaded
// only when a list has one.
import * as vscode from 'vscode';
import type { ServiceProblem } from '../../../util/serviceRegistry';
import { ENGAGEMENT_SERVICES_SETTING, HOSTING_SERVICES_SETTING } from './serviceProblems';

/** The sentence for one problem of `setting`. */
export function problemText(setting: string, p: ServiceProblem): string {
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
