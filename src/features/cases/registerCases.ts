// Support cases of the active repository from the palette, as the other
// resources are: "Show Support Cases" opens the Insights panel on its Cases
// tab, and "New Support Case…" asks the subject, contact, campaign and a
// first note, creates the case linked to the repository (its `repo:` tag,
// docs/service-api/decisions §4) and shows it there.
import { registerLazyCommands } from '../shared/lazyCommands';
import type { FeatureContext } from '../shared/featureContext';

const CASE_COMMANDS = ['repodesk.cases.show', 'repodesk.cases.create'] as const;
export type CaseCommandId = (typeof CASE_COMMANDS)[number];

export function registerCases({
  extension: context,
  engagement,
  active,
  session,
}: Pick<FeatureContext, 'extension' | 'engagement' | 'active' | 'session'>): void {
  // The commands' code loads on first use, not at activation.
  registerLazyCommands(context, CASE_COMMANDS, () => import('./caseCommands.js').then((m) => m.caseCommands(engagement, active, session)));
}
