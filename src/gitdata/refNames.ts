// Branch and tag names as `git check-ref-format` accepts them, so a name the
// service would refuse is refused while the user types it.

/** Why `name` cannot name a branch or tag, or undefined when it can. */
export function refNameProblem(name: string): string | undefined {
  if (name === '') return 'empty';
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return 'control character';
  if (/[ ~^:?*[\\]/.test(name)) return 'space or one of ~ ^ : ? * [ \\';
  if (name.includes('..') || name.includes('@{')) return '".." or "@{"';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'empty path component';
  if (name.endsWith('.') || name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'))) return 'component starting with "." or ending with ".lock"';
  return undefined;
}
