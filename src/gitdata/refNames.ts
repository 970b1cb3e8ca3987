// Branch and tag names as `git check-ref-format --branch` accepts them, so a
// name the service would refuse is refused while the user types it, before
// any request. The reason is a code: the UI words it in the user's language.

/** Which rule a name breaks. */
export type RefNameProblem =
  | 'empty'
  /** A character below 0x20, or DEL. */
  | 'control'
  /** A space or one of ~ ^ : ? * [ \ */
  | 'special'
  /** ".." or "@{" */
  | 'dots'
  /** A leading or trailing "/", or "//". */
  | 'emptyPart'
  /** A name ending with ".", a component starting with "." or ending with ".lock". */
  | 'dotOrLock'
  /** A leading "-" (git would read it as an option). */
  | 'dash'
  /** "HEAD", which git keeps for the current commit. */
  | 'head';

/** Why `name` cannot name a branch or tag, or undefined when it can. */
export function refNameProblem(name: string): RefNameProblem | undefined {
  if (name === '') return 'empty';
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return 'control';
  if (/[ ~^:?*[\\]/.test(name)) return 'special';
  if (name.includes('..') || name.includes('@{')) return 'dots';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'emptyPart';
  if (name.endsWith('.') || name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'))) return 'dotOrLock';
  if (name.startsWith('-')) return 'dash';
  if (name === 'HEAD') return 'head';
  return undefined;
}
