// Who takes part in a pull request, for the `@` completion of a review
// comment: its author, then everyone who commented, on the conversation
// (issue comments) or on the code (review comments), in the order they first
// spoke. The service's pull requests have no assignees or requested
// reviewers, so these are all the participants. Pure: tested in plain Node.

export interface ParticipantUser {
  login: string;
  avatar_url?: string | undefined;
}

export interface Participant {
  login: string;
  avatarUrl: string | undefined;
}

interface Spoken {
  user: ParticipantUser | null;
  created_at: string;
}

/** The author first, then the commenters of both lists by their first comment; each login once. */
export function pullParticipants(author: ParticipantUser | null | undefined, conversation: readonly Spoken[], review: readonly Spoken[]): Participant[] {
  const byLogin = new Map<string, Participant>();
  const add = (u: ParticipantUser | null | undefined) => {
    if (u && !byLogin.has(u.login)) byLogin.set(u.login, { login: u.login, avatarUrl: u.avatar_url });
  };
  add(author);
  const spoken = [...conversation, ...review].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const c of spoken) add(c.user);
  return [...byLogin.values()];
}
