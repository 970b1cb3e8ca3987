// Commands take their answers as a plain object (from tests, scripts or
// keybindings). VS Code itself passes other things to the same parameter: a
// view's title button passes the view's focused node, a context menu the
// selection. Only a plain object literal counts as answers.
export function givenAnswers<T extends object>(value: unknown): T | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? (value as T) : undefined;
}
