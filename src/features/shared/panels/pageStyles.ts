// The stylesheets a page's first paint needs, read from dist/webview/ once per
// kind of panel and written into its HTML (webviewHtml.ts): loaded with the
// first panel, not at activation.
import * as vscode from 'vscode';

export interface InlineStyles {
  /** The stylesheets' text, in order. */
  texts: string[];
  /** Those that could not be read: the page links them instead. */
  unread: string[];
}

export async function readInlineStyles(root: vscode.Uri, files: readonly string[], warn: (message: string) => void): Promise<InlineStyles> {
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, file))) };
      } catch (err) {
        warn(`${file} is linked, not written into the page: ${err instanceof Error ? err.message : String(err)}`);
        return { file, text: undefined };
      }
    }),
  );
  return {
    texts: read.flatMap((r) => (r.text === undefined ? [] : [r.text])),
    unread: read.flatMap((r) => (r.text === undefined ? [r.file] : [])),
  };
}
