// The rules of the Create Pull Request form, apart from VS Code and the page:
// which branches it starts with, the commits a head has that its base has not
// (the service has no compare endpoint, so they are found by walking
// `GET /git/commits/:sha` down to what both sides share, as git's merge-base
// walk does), the title and description those commits suggest, which pull
// request templates the workspace offers and how a template's bytes become
// text, and whether the form may be sent.

import { divergence, type WalkCommit } from '../gitdata/branchBase';

/** A commit as the walk reads it: parents, committer time (ms), message. */
export interface ReadCommit extends WalkCommit {
  message: string;
}

/** A commit of the head that the base has not. */
interface BetweenCommit {
  sha: string;
  message: string;
}

export interface Between {
  /** The head's commits that the base has not, oldest first. */
  commits: BetweenCommit[];
  /** How many of the base's commits the head has not. */
  behind: number;
}

/**
 * The commits between `base` and `head` (shas); undefined when telling needs
 * more than `budget` commits read.
 */
export async function commitsBetween(read: (sha: string) => Promise<ReadCommit>, head: string, base: string, budget = 300): Promise<Between | undefined> {
  if (head === base) return { commits: [], behind: 0 };
  const walked = await divergence(read, head, base, budget);
  if (!walked) return undefined;
  const commits = walked.read;
  const ahead = walked.onlyHead;
  // Oldest first, and a commit always after its parents: commits made in the same second have the same time.
  const ordered: string[] = [];
  const visit = (sha: string) => {
    if (ordered.includes(sha) || !ahead.includes(sha)) return;
    for (const parent of commits.get(sha)!.parents) visit(parent);
    ordered.push(sha);
  };
  for (const sha of ahead.sort((a, b) => commits.get(a)!.time - commits.get(b)!.time)) visit(sha);
  return { commits: ordered.map((sha) => ({ sha, message: commits.get(sha)!.message })), behind: walked.onlyBase.length };
}

/** A branch's name as a sentence: "gear-train" → "Gear train", "fix/carry_ripple" → "Fix/carry ripple". */
export function branchAsSentence(branch: string): string {
  const words = branch.replace(/[-_\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const subjectOf = (message: string) => message.split('\n')[0]!.trim();

/**
 * The title and description the commits suggest: one commit, its subject and
 * body; several (or none), the head's name as a sentence and the subjects as
 * a Markdown list.
 */
export function suggestedText(head: string, commits: readonly { message: string }[]): { title: string; body: string } {
  if (commits.length === 1) {
    const [subject = '', ...rest] = commits[0]!.message.split('\n');
    return { title: subject.trim(), body: rest.join('\n').trim() };
  }
  return { title: branchAsSentence(head), body: commits.map((c) => `- ${subjectOf(c.message)}`).join('\n') };
}

/** The suggested description with the template after it (either alone when the other is empty). */
export function withTemplate(body: string, template: string | undefined): string {
  const parts = [body.trim(), template?.trim() ?? ''].filter(Boolean);
  return parts.join('\n\n');
}

/**
 * A description the user wrote, with another template chosen: the earlier
 * template's text, where the description still holds it, becomes the new
 * one's; else the new one goes after the text. What the user wrote stays.
 */
export function swapTemplate(body: string, before: string | undefined, after: string | undefined): string {
  const old = before?.trim() ?? '';
  if (old && body.includes(old)) return body.replace(old, after?.trim() ?? '').trim();
  return withTemplate(body, after);
}

/** Where a single template may be, in the order a template is looked for. */
export const TEMPLATE_FILES = ['.github/PULL_REQUEST_TEMPLATE.md', 'PULL_REQUEST_TEMPLATE.md', 'docs/PULL_REQUEST_TEMPLATE.md'] as const;
/** A folder of templates to choose among. */
export const TEMPLATE_FOLDER = '.github/PULL_REQUEST_TEMPLATE';

/**
 * The templates offered, as workspace paths: the first single template found,
 * then the folder's Markdown files by name. `found` is the single files that
 * exist; `folder` the names in the folder.
 */
export function templateChoices(found: readonly string[], folder: readonly string[]): string[] {
  const single = TEMPLATE_FILES.find((f) => found.includes(f));
  const many = folder
    .filter((name) => /\.md$/i.test(name))
    .sort((a, b) => a.localeCompare(b))
    .map((name) => `${TEMPLATE_FOLDER}/${name}`);
  return single ? [single, ...many] : many;
}

/** The most of a template the form takes. */
export const TEMPLATE_LIMIT = 64 * 1024;

/** A template's text, and why it was cut if it was: over the limit, or not UTF-8 (cut where it stops being). */
export function templateText(bytes: Uint8Array): { text: string; cut?: 'tooLarge' | 'notUtf8' } {
  const large = bytes.length > TEMPLATE_LIMIT;
  const kept = large ? bytes.subarray(0, TEMPLATE_LIMIT) : bytes;
  try {
    // Streamed, a character split at the limit is held back (left out), not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(kept, { stream: large });
    return large ? { text, cut: 'tooLarge' } : { text };
  } catch {
    const lenient = new TextDecoder('utf-8').decode(kept);
    return { text: lenient.slice(0, lenient.indexOf('\uFFFD')), cut: 'notUtf8' };
  }
}

/**
 * The branches the form starts with: the base is the default branch; the
 * head the one given, else the workspace's branch when the workspace is a
 * checkout of this repository and the service has that branch (never the
 * default branch), else none.
 */
export function startingBranches(
  branches: readonly string[],
  defaultBranch: string,
  given: string | undefined,
  workspace: { branch: string | undefined; onRepository: boolean },
): { base: string; head: string | undefined } {
  const base = branches.includes(defaultBranch) ? defaultBranch : (branches[0] ?? defaultBranch);
  if (given) return { base, head: given };
  const head = workspace.onRepository && workspace.branch !== base && branches.includes(workspace.branch ?? '') ? workspace.branch : undefined;
  return { base, head };
}

/** Why the form cannot be sent, or 'ready'. */
export type Readiness = 'ready' | 'noHead' | 'sameBranches' | 'counting' | 'nothingToMerge' | 'noTitle';

/**
 * `ahead`: the head's commits the base has not; 'counting' while they are
 * read, 'unknown' when there were too many to read (the service decides).
 */
export function readiness(form: { head: string; base: string; title: string; ahead: number | 'counting' | 'unknown' }): Readiness {
  if (!form.head) return 'noHead';
  if (form.head === form.base) return 'sameBranches';
  if (form.ahead === 0) return 'nothingToMerge';
  if (!form.title.trim()) return 'noTitle';
  return form.ahead === 'counting' ? 'counting' : 'ready';
}

/** The service's refusal in its own words: its message, then what each error says, once each. */
export function refusalText(message: string, details: readonly (string | undefined)[]): string {
  const said = [...new Set(details.map((d) => d?.trim()).filter((d): d is string => !!d && !message.includes(d)))];
  return [message, ...said].join(' — ');
}
