// The support cases' palette commands: show the active repository's cases,
// create one. Loaded on first use (registerCases.ts registers them).
import * as vscode from 'vscode';
import { repoTag } from '../../util/caseLinks';
import { givenAnswers } from '../shared/commandArgs';
import { errorText } from '../shared/failure';
import type { ActiveRepository } from '../shared/selection/activeRepository';
import type { EngagementSession } from '../shared/session/engagementSession';
import type { HostingSession } from '../shared/session/hostingSession';
import { casesSource } from '../shared/session/casesSource';
import type { CommandHandler } from '../shared/lazyCommands';
import type { CaseCommandId } from './registerCases';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

interface NewCaseAnswers {
  subject: string;
  /** An existing contact's id, or a new contact's name. */
  contact: { id: number } | { name: string };
  campaign?: string;
  note?: string;
}

/** The new case's subject, contact, campaign and first note; undefined when cancelled. */
async function askNewCase(
  owner: string,
  name: string,
  contacts: () => Promise<{ id: number; name: string }[]>,
  campaigns: () => Promise<string[]>,
): Promise<NewCaseAnswers | undefined> {
  // The questions are steps of one quick input: each box shows in the place of the last.
  return inSteps((steps) => askNewCaseSteps(steps, owner, name, contacts, campaigns));
}

async function askNewCaseSteps(
  steps: StepBoxes,
  owner: string,
  name: string,
  contacts: () => Promise<{ id: number; name: string }[]>,
  campaigns: () => Promise<string[]>,
): Promise<NewCaseAnswers | undefined> {
  const title = (n: number, what: string) => vscode.l10n.t('New Support Case for {0}/{1} ({2}/4): {3}', owner, name, n, what);
  const subject = await steps.text({
    title: title(1, vscode.l10n.t('Subject')),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A case needs a subject.')),
  });
  if (!subject) return undefined;
  const newContact = { label: vscode.l10n.t('$(add) New contact…'), id: undefined as number | undefined };
  // The subject's box stays, busy, while the contacts are read.
  const people = await contacts();
  const who = await steps.pick([...people.map((p) => ({ label: p.name, id: p.id as number | undefined })), newContact], {
    title: title(2, vscode.l10n.t('Contact')),
    ignoreFocusOut: true,
    placeHolder: vscode.l10n.t('Who the case is for'),
  });
  if (!who) return undefined;
  let contact: NewCaseAnswers['contact'];
  if (who.id === undefined) {
    const named = await steps.text({
      title: title(2, vscode.l10n.t('New contact’s name')),
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A contact needs a name.')),
    });
    if (!named) return undefined;
    contact = { name: named.trim() };
  } else {
    contact = { id: who.id };
  }
  const none = vscode.l10n.t('No campaign');
  const campaign = (
    await steps.pick(
      [none, ...(await campaigns())].map((label) => ({ label })),
      { title: title(3, vscode.l10n.t('Campaign')), ignoreFocusOut: true },
    )
  )?.label;
  if (!campaign) return undefined;
  const note = await steps.text({
    title: title(4, vscode.l10n.t('First note')),
    prompt: vscode.l10n.t('Optional: what the case is about'),
    ignoreFocusOut: true,
  });
  if (note === undefined) return undefined;
  return { subject: subject.trim(), contact, ...(campaign === none ? {} : { campaign }), note };
}
export function caseCommands(engagement: EngagementSession, active: ActiveRepository, session: HostingSession): Record<CaseCommandId, CommandHandler> {
  const repository = () => {
    const repo = active.value;
    if (!repo) void vscode.window.showWarningMessage(vscode.l10n.t('Select a repository in the Repositories view first: its support cases are shown.'));
    return repo;
  };
  const showCases = (owner: string, name: string) => vscode.commands.executeCommand('repodesk.insights.show', { owner, name, tab: 'cases' });

  return {
    'repodesk.cases.show': async () => {
      const repo = repository();
      return repo ? showCases(repo.owner, repo.name) : undefined;
    },
    'repodesk.cases.create': async (arg?: unknown) => {
      const repo = repository();
      if (!repo) return undefined;
      // The engagement service of the hosting service of the account in use (the active repository's).
      const source = casesSource(session.accounts.find((a) => a.id === session.account?.id)?.apiUrl ?? session.accounts[0]?.apiUrl);
      if ('unavailable' in source) {
        void vscode.window.showWarningMessage(source.unavailable);
        return undefined;
      }
      let client = await engagement.client(source.serviceUrl);
      if (!client) {
        await engagement.signIn(source.serviceUrl);
        client = await engagement.client(source.serviceUrl);
        if (!client) return undefined;
      }
      const c = client;
      const answers =
        givenAnswers<NewCaseAnswers>(arg) ??
        (await askNewCase(
          repo.owner,
          repo.name,
          async () => (await c.searchContacts({ count: 100, order_by: 'name', order_dir: 'ASC' })).items,
          async () => (await c.listCampaigns()).map((x) => x.name),
        ));
      if (!answers) return undefined;
      try {
        const created = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating the case “{0}”…', answers.subject) },
          async () => {
            const contactId = 'id' in answers.contact ? answers.contact.id : (await c.createContact({ name: answers.contact.name })).id;
            return c.createCase(contactId, {
              subject: answers.subject,
              ...(answers.campaign ? { campaign: answers.campaign } : {}),
              tags: [repoTag(repo.owner, repo.name)],
              notes: answers.note?.trim() ? [answers.note.trim()] : [],
            });
          },
        );
        await showCases(repo.owner, repo.name);
        void vscode.window.showInformationMessage(vscode.l10n.t('Created case #{0} “{1}” for {2}/{3}.', created.id, answers.subject, repo.owner, repo.name));
        return created.id;
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not create the case: {0}', errorText(err)));
        return undefined;
      }
    },
  };
}
