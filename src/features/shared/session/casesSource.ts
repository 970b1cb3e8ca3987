// Which engagement service a repository's support cases come from: the one
// named for its hosting service (settings.ts: engagementForHosting), or why
// none is, as a sentence for the place the cases would be shown.
import * as vscode from 'vscode';
import { engagementForHosting } from './settings';

/** The engagement service the cases are read from, or why none is (shown where the cases would be, not as an error). */
export type CasesSource = { serviceUrl: string } | { unavailable: string };

/** Where the cases of a repository on the hosting service at `apiUrl` come from, or why they cannot be shown. */
export function casesSource(apiUrl: string | undefined): CasesSource {
  const found = engagementForHosting(apiUrl);
  if ('service' in found) return { serviceUrl: found.service.apiUrl };
  switch (found.reason) {
    case 'notNamed':
      return {
        unavailable: vscode.l10n.t(
          '{0} names no engagement service, so no support cases are shown for its repositories. Name one in "engagement" of its entry in "repodesk.hosting.services".',
          found.hostingName,
        ),
      };
    case 'unknown':
      return {
        unavailable: vscode.l10n.t(
          'The engagement service "{0}" that {1} names is not in "repodesk.engagement.services", so no support cases are shown.',
          found.name,
          found.hostingName,
        ),
      };
    case 'noneConfigured':
      return { unavailable: vscode.l10n.t('No engagement service is configured ("repodesk.engagement.services"), so no support cases are shown.') };
  }
}
