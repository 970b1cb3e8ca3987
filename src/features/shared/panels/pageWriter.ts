// What writes a kind of panel's pages: the stylesheets its first paint needs
// (PanelSpec.inlineStyles), read from dist/webview/ once per kind and written
// into each page's HTML (webviewHtml.ts). Loaded with the first panel or
// prepare(), not at activation.
import * as vscode from 'vscode';
import type { PanelSpec, PageWriter } from './webviewPanels';
import { webviewHtml } from './webviewHtml';
import { errorText } from '../failure';

interface InlineStyles {
  /** The stylesheets' text, in order. */
  texts: string[];
  /** Those that could not be read: the page links them instead. */
  unread: string[];
}

async function readInlineStyles(root: vscode.Uri, files: readonly string[], warn: (message: string) => void): Promise<InlineStyles> {
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, file))) };
      } catch (err) {
        warn(`${file} is linked, not written into the page: ${errorText(err)}`);
        return { file, text: undefined };
      }
    }),
  );
  return {
    texts: read.flatMap((r) => (r.text === undefined ? [] : [r.text])),
    unread: read.flatMap((r) => (r.text === undefined ? [r.file] : [])),
  };
}

/** The writer of `spec`'s pages, its files read (one that cannot be read is linked instead, with a warning). */
export async function pageWriter(
  root: vscode.Uri,
  spec: Pick<PanelSpec<unknown, unknown>, 'script' | 'styles' | 'inlineStyles'>,
  warn: (message: string) => void,
): Promise<PageWriter> {
  const inline = await readInlineStyles(root, spec.inlineStyles ?? [], warn);
  return (panel, panelKey, first) =>
    webviewHtml({
      webview: panel.webview,
      root,
      script: spec.script,
      styles: [...spec.styles, ...inline.unread],
      inlineStyles: inline.texts,
      title: panel.title,
      panelKey,
      lang: vscode.env.language,
      initial: first.given,
      heading: first.heading,
      drawing: first.drawing,
    });
}
