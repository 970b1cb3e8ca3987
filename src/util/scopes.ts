// The hosting service's OAuth scopes and the ones each implies
// (docs/service-api/hosting/auth §6). Used to decide whether a stored session
// covers the scopes a caller asks for, so the user is not sent through sign-in
// again needlessly.
const IMPLIES: Readonly<Record<string, readonly string[]>> = {
  user: ['user:email', 'user:follow'],
  repo: ['public_repo', 'repo:status', 'repo_deployment', 'notifications'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  'admin:org': ['write:org', 'read:org'],
  'write:org': ['read:org'],
  'admin:public_key': ['write:public_key', 'read:public_key'],
  'write:public_key': ['read:public_key'],
};

/** Every scope the granted ones give, implied ones included. */
export function expandScopes(granted: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (s: string) => {
    if (out.has(s)) return;
    out.add(s);
    for (const implied of IMPLIES[s] ?? []) visit(implied);
  };
  for (const s of granted) visit(s.trim());
  out.delete('');
  return out;
}

/** True when the granted scopes give every requested one. */
export function scopesCover(granted: readonly string[], requested: readonly string[]): boolean {
  const have = expandScopes(granted);
  return requested.every((s) => have.has(s));
}

/** The scopes of an `X-OAuth-Scopes` header or an exchange's `scope` field: a comma-separated list, possibly with spaces, possibly empty; each once. */
export function parseScopes(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(/[\s,]+/).filter(Boolean))];
}
