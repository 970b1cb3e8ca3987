// `showInputBox` for a step a test answers: it says when the box is up
// (confirmation.ts keeps the titles under tests). The box is sent to VS Code
// at once, so it is said at once.
import * as vscode from 'vscode';
import { stepShown } from './confirmation';

export function askText(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  const answer = vscode.window.showInputBox(options);
  stepShown(options.title);
  return answer;
}
