// Input that reaches the git command line or its environment: checked before
// git runs, so that a value git refuses (a NUL byte cannot even be passed to a
// process) answers 422 Validation Failed instead of failing inside git.

/**
 * A branch, tag or commitish name git accepts (the rules of
 * git-check-ref-format for one name, plus a SHA): no control characters,
 * space, `~ ^ : ? * [ \`, no `..`, `@{`, `//`, no leading `-` or `/`, no
 * trailing `/`, `.` or `.lock`, no component starting with `.`.
 */
export function isSafeRefName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  if (name.includes('..') || name.includes('@{') || name.includes('//') || name === '@') return false;
  if (name.startsWith('-') || name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.endsWith('.lock')) return false;
  return !name.split('/').some((part) => part.startsWith('.'));
}

/** Text git stores as is but a process cannot receive: a NUL byte. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}
