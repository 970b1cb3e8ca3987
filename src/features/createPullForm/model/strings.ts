// The form's words, by key. The host sends them localized (vscode.l10n in
// src/features/createPullForm/formStrings.ts); the page fills in {0}, {1}…
// as vscode.l10n.t does.
export type StringKey =
  | 'heading'
  | 'base'
  | 'head'
  | 'chooseHead'
  | 'title'
  | 'description'
  | 'write'
  | 'preview'
  | 'noPreview'
  | 'template'
  | 'noTemplate'
  | 'templateTooLarge'
  | 'templateNotUtf8'
  | 'labels'
  | 'noLabels'
  | 'create'
  | 'creating'
  | 'counting'
  | 'aheadBehind'
  | 'tooFarToCount'
  | 'compareFailed'
  | 'nothingToMerge'
  | 'sameBranches'
  | 'noHead'
  | 'noTitle'
  | 'loading'
  | 'loadFailed';

/** The text of `key` with {0}, {1}… filled in. */
export function fill(template: string, ...args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)])));
}
