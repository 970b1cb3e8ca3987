// Scopes from the `X-OAuth-Scopes` header or the exchange's `scope` field:
// a comma-separated list, possibly with spaces, possibly empty.
export function parseScopes(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean))];
}
