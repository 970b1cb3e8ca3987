// RepoDesk as VS Code for the Web sees it: a folder whose manifest has only
// the `browser` entry (no `main`), so the workbench runs it in its web worker
// extension host (code-server runs an extension with a `main` in its Node
// host, and has no flag to choose). The bundles are copied, not linked: the
// workbench serves the folder's files to the worker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './codeServer.mjs';

/** Makes the web-only copy of the built extension in a fresh temp folder and returns its path. */
export function prepareWebExtension(root = repoRoot) {
  if (!fs.existsSync(path.join(root, 'dist', 'web', 'extension.js'))) throw new Error('dist/web/extension.js is missing: run npm run build first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-web-'));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  delete manifest.main;
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  for (const f of ['package.nls.json', 'l10n', 'media', 'dist/web', 'dist/webview']) fs.cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  return dir;
}
