// "Create Repository": a multi-step quick input with every create option of
// docs/service-api/hosting/repositories §7 (POST /user/repos and POST
// /orgs/:org/repos).
import * as vscode from 'vscode';
import type { HostingClient } from '../../hosting';
import { ValidationFailedError } from '../../hosting';
import { errorText } from '../shared/failure';
import { inSteps, type StepBoxes } from '../shared/stepBoxes';

interface Answers {
  owner: string | undefined; // undefined: the user
  name: string;
  description: string;
  homepage: string;
  private: boolean;
  options: Set<string>;
  teamId?: number;
  gitignore: string;
  license: string;
}

export async function createRepository(client: HostingClient, organizations: string[], login: string): Promise<{ owner: string; name: string } | undefined> {
  // The questions are steps of one quick input: each box shows in the place of the last.
  const answers = await inSteps((steps) => ask(steps, client, organizations, login));
  if (!answers) return undefined;
  const body = {
    name: answers.name,
    ...(answers.description ? { description: answers.description } : {}),
    ...(answers.homepage ? { homepage: answers.homepage } : {}),
    private: answers.options.has('private'),
    has_issues: answers.options.has('has_issues'),
    has_wiki: answers.options.has('has_wiki'),
    has_downloads: answers.options.has('has_downloads'),
    auto_init: answers.options.has('auto_init'),
    ...(answers.gitignore ? { gitignore_template: answers.gitignore } : {}),
    ...(answers.license ? { license_template: answers.license } : {}),
    ...(answers.teamId !== undefined ? { team_id: answers.teamId } : {}),
  };
  try {
    const created = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating {0}…', answers.name) },
      () => (answers.owner ? client.repos.createInOrg(answers.owner, body) : client.repos.createForAuthenticatedUser(body)),
    );
    void vscode.window.showInformationMessage(vscode.l10n.t('Created {0}.', created.full_name));
    return { owner: created.owner.login, name: created.name };
  } catch (err) {
    const detail =
      err instanceof ValidationFailedError && err.errors.some((e) => e.code === 'already_exists')
        ? vscode.l10n.t('a repository with that name already exists')
        : errorText(err);
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not create the repository: {0}', detail));
    return undefined;
  }
}

/** The create's questions, in `steps`: its answers, or undefined when one was closed. */
async function ask(steps: StepBoxes, client: HostingClient, organizations: string[], login: string): Promise<Answers | undefined> {
  const ownerPick = await steps.pick(
    [
      { label: login, description: vscode.l10n.t('your account'), org: undefined as string | undefined },
      ...organizations.map((o) => ({ label: o, description: vscode.l10n.t('organization'), org: o })),
    ],
    { title: vscode.l10n.t('Create Repository (1/6): owner') },
  );
  if (!ownerPick) return undefined;
  const name = await steps.text({
    title: vscode.l10n.t('Create Repository (2/6): name'),
    prompt: vscode.l10n.t('Letters, digits, ".", "-" and "_"'),
    validateInput: (v) => (/^[A-Za-z0-9._-]+$/.test(v) && v !== '.' && v !== '..' ? undefined : vscode.l10n.t('Use letters, digits, ".", "-" and "_" only.')),
    ignoreFocusOut: true,
  });
  if (!name) return undefined;
  const description = await steps.text({ title: vscode.l10n.t('Create Repository (3/6): description (optional)'), ignoreFocusOut: true });
  if (description === undefined) return undefined;
  const homepage = await steps.text({ title: vscode.l10n.t('Create Repository (4/6): homepage (optional)'), ignoreFocusOut: true });
  if (homepage === undefined) return undefined;
  const choices = await steps.pickMany(
    [
      { label: 'private', description: vscode.l10n.t('only people with access can see it'), picked: false },
      { label: 'auto_init', description: vscode.l10n.t('initial commit with an empty README'), picked: true },
      { label: 'has_issues', description: vscode.l10n.t('issues'), picked: true },
      { label: 'has_wiki', description: vscode.l10n.t('wiki'), picked: true },
      { label: 'has_downloads', description: vscode.l10n.t('downloads'), picked: true },
    ],
    { title: vscode.l10n.t('Create Repository (5/6): options'), ignoreFocusOut: true },
  );
  if (!choices) return undefined;
  const answers: Answers = {
    owner: ownerPick.org,
    name,
    description,
    homepage,
    private: false,
    options: new Set(choices.map((c) => c.label)),
    gitignore: '',
    license: '',
  };
  if (answers.options.has('auto_init')) {
    const templates = await steps.text({
      title: vscode.l10n.t('Create Repository (6/6): templates (optional)'),
      prompt: vscode.l10n.t('gitignore and license template names, e.g. "Node MIT"; leave empty for none'),
      ignoreFocusOut: true,
    });
    if (templates === undefined) return undefined;
    const [gitignore = '', license = ''] = templates.trim().split(/\s+/);
    answers.gitignore = gitignore;
    answers.license = license;
  }
  if (ownerPick.org) {
    // The box answered stays, busy, while the teams are read.
    const teams = [];
    for await (const t of client.teams.listForOrg(ownerPick.org)) teams.push(t);
    if (teams.length > 0) {
      const team = await steps.pick(
        [{ label: vscode.l10n.t('No team'), id: undefined as number | undefined }, ...teams.map((t) => ({ label: t.name, id: t.id as number | undefined }))],
        { title: vscode.l10n.t('Grant a team access (optional)') },
      );
      if (!team) return undefined;
      if (team.id !== undefined) answers.teamId = team.id;
    }
  }
  return answers;
}
