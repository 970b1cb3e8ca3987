// The ✓ / ✕ of the editors where release notes and comments are written
// (notesEditor.ts): registered at activation, as the menus name them; the
// editor's code loads with its first use, not at activation.
import type * as vscode from 'vscode';
import { registerLazyCommands } from './lazyCommands';

export function registerNotesEditor(context: vscode.ExtensionContext): void {
  registerLazyCommands(context, ['repodesk.notesEditor.accept', 'repodesk.notesEditor.discard'], () =>
    import('./notesEditor.js').then((m) => m.notesEditorCommands),
  );
}
