// What the language server asks the extension: only the extension talks to
// the service (one client, one ETag cache, one rate limit; no token leaves the
// extension host), so people, issues and pull requests come through these
// custom requests. Types and names only: both sides import this file.

export interface Person {
  login: string;
  name?: string | undefined;
  /** An image the editor can show (a data: URI when the extension has loaded it). */
  avatarUrl?: string | undefined;
  /** A participant of the pull request the comment belongs to: offered first. */
  participant?: boolean | undefined;
}

export interface PersonDetail {
  login: string;
  name?: string | null | undefined;
  company?: string | null | undefined;
  publicRepos?: number | undefined;
}

export interface IssueRef {
  number: number;
  title: string;
  state: string;
  author: string;
  kind: 'pull' | 'issue';
}

export interface DocumentParams {
  /** The document being written (a comment input or a markdown file). */
  uri: string;
}

export const REQUESTS = {
  /** DocumentParams → Person[]: participants first, then collaborators or members. */
  people: 'repodesk/people',
  /** DocumentParams → IssueRef[]: the repository's pull requests and issues. */
  issues: 'repodesk/issues',
  /** DocumentParams & { login } → PersonDetail | null (null: no such user). */
  person: 'repodesk/person',
  /** DocumentParams & { number } → IssueRef | null (null: neither an issue nor a pull request). */
  issue: 'repodesk/issue',
} as const;

/** The extension tells the server that what it answered before may be stale (sign-in, another pull request). */
export const NOTIFICATIONS = {
  invalidate: 'repodesk/invalidate',
} as const;
