// repodesk/layers: the layers of src/ (docs/ARCHITECTURE.md), checked on every relative import, on `vscode`
// and Node's built-ins, and on the DOM globals a pure module reads; and the wall around the emulator package
// (emulator/), checked on every import of src/, test/, scripts/ and emulator/.
// Hand-written because only relative paths need resolving; import-x's no-restricted-paths would need a TypeScript resolver plugin.
// Classification works on the resolved path alone, so the imported file need not exist.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The top of the stack: what VS Code loads and what builds the extension from its features.
const WIRING_ROOT = new Set(['bootstrap', 'extension', 'wiring']);
const CLIENTS = new Set(['hosting', 'engagement']); // features reach these only through their index.ts
const REVIEW_STORES = 'src/features/review/stores';
// The language server's own process: the extension shares its protocol and pure helpers, never these.
const SERVER_PROCESS = new Set(['src/language-server/main', 'src/language-server/worker', 'src/language-server/server']);
// Globals only a browser page has (not Node, not the language).
const DOM = new Set(Object.keys(globals.browser).filter((k) => !(k in globals.node) && !(k in globals.builtin)));
const NODE_BUILTINS = new Set(builtinModules);

const PKG = '@repodesk/emulator';
const PKG_IN = `the emulator is a package of its own: outside emulator/ use it by its name (${PKG}, or ${PKG}/testing for white-box tests), never its files`;
const PKG_OUT = 'the emulator package stands alone: nothing in emulator/ imports the files of the extension';
const PKG_SHIPPED = 'the extension ships without the emulator: only tests and scripts use it';

/** Which side of the package wall a root-relative path is on. */
const packageOf = (rel) => (rel === 'emulator' || rel.startsWith('emulator/') ? 'emulator' : 'extension');

// Each layer: what it is, in the words the messages use.
const NAMES = {
  root: 'the wiring root',
  feature: 'a feature (host code)',
  model: "a feature's model",
  webview: "a feature's webview",
  floor: 'the shared floor',
  webviewFloor: "the webviews' shared floor",
  pure: 'a pure module',
  server: 'the language server',
  emulator: 'the emulator',
};

// Why each kind of import is refused.
const WHY = {
  top: 'src/extension.ts, src/wiring.ts and src/bootstrap.ts are the wiring root, the top of the stack; nothing in src imports them',
  features: 'features do not import each other; move what both need to src/features/shared (host code) or a pure module',
  floor: 'the shared floor lies under the features; it imports only itself and the pure modules',
  pureUp: 'pure modules do not import src/features (host code that needs vscode); pass what they need in from a feature',
  modelUp: "a feature's model is pure (no vscode, no DOM) so that the host, the webview and plain-Node unit tests all load it; it imports only pure modules",
  hostToBrowser: 'webview code is browser code that runs in the webview page, not in the extension host; the host talks to it by the messages its model declares',
  browserToHost: 'webview code is browser code: the host code (vscode, Node) is not in the page; send a message declared in the model instead',
  webviewFloor: "the webviews' shared floor (src/features/shared/webview) is browser code under every webview; it imports only itself and pure modules",
  server: 'the language server is a process of its own (started over IPC); the extension shares only its protocol and pure helpers, and the server imports only pure modules',
  emuIn: 'the emulator is apart: a developer tool the extension never ships; only tests and scripts use it, through its public entry',
  emuOut: 'the emulator is apart: a program of its own that imports nothing from the extension',
};

// REFUSED[importer layer][imported layer] = why. Imports inside one unit are always allowed; feature/model/webview of
// one feature are checked by `sameFeature` below.
const REFUSED = {
  root: { webview: WHY.hostToBrowser, webviewFloor: WHY.hostToBrowser, emulator: WHY.emuIn },
  feature: { root: WHY.top, feature: WHY.features, model: WHY.features, webview: WHY.hostToBrowser, webviewFloor: WHY.hostToBrowser, emulator: WHY.emuIn },
  model: { root: WHY.top, feature: WHY.modelUp, model: WHY.features, webview: WHY.modelUp, floor: WHY.modelUp, webviewFloor: WHY.modelUp, server: WHY.modelUp, emulator: WHY.emuIn },
  webview: { root: WHY.browserToHost, feature: WHY.browserToHost, model: WHY.features, webview: WHY.features, floor: WHY.browserToHost, server: WHY.browserToHost, emulator: WHY.emuIn },
  floor: { root: WHY.top, feature: WHY.floor, model: WHY.floor, webview: WHY.hostToBrowser, webviewFloor: WHY.hostToBrowser, emulator: WHY.emuIn },
  webviewFloor: { root: WHY.webviewFloor, feature: WHY.webviewFloor, model: WHY.webviewFloor, webview: WHY.webviewFloor, floor: WHY.webviewFloor, server: WHY.webviewFloor, emulator: WHY.emuIn },
  pure: { root: WHY.top, feature: WHY.pureUp, model: WHY.pureUp, webview: WHY.pureUp, floor: WHY.pureUp, webviewFloor: WHY.pureUp, server: WHY.server, emulator: WHY.emuIn },
  server: { root: WHY.server, feature: WHY.server, model: WHY.server, webview: WHY.server, floor: WHY.server, webviewFloor: WHY.server, emulator: WHY.emuIn },
  emulator: { root: WHY.emuOut, feature: WHY.emuOut, model: WHY.emuOut, webview: WHY.emuOut, floor: WHY.emuOut, webviewFloor: WHY.emuOut, pure: WHY.emuOut, server: WHY.emuOut },
};

// Who may import `vscode`: code that runs in the extension host. Why the others may not.
const NO_VSCODE = {
  model: WHY.modelUp,
  webview: 'webview code is browser code: the vscode API is not in the page (acquireVsCodeApi posts messages to the host)',
  webviewFloor: 'webview code is browser code: the vscode API is not in the page (acquireVsCodeApi posts messages to the host)',
  pure: 'pure modules do not import vscode, so plain-Node unit tests load them; pass what they need in from a feature',
  server: 'the language server is a process of its own: the vscode API is not there (it speaks LSP through vscode-languageserver)',
  emulator: WHY.emuOut,
};
// Who may not import Node's built-ins: browser code.
const NO_NODE = {
  webview: "webview code is browser code: Node's built-ins are not in the page",
  webviewFloor: "webview code is browser code: Node's built-ins are not in the page",
};
// Who may not read the DOM: code that must load in plain Node.
const NO_DOM = {
  model: WHY.modelUp,
  pure: 'pure modules do not use the DOM, so plain-Node unit tests, the host and the language server load them',
  server: 'the language server is a process of its own under Node: there is no DOM',
};

/** 'src/hosting/errors' (no extension, no trailing /index) → its layer and unit; undefined outside src/ and emulator/. */
function classify(rel) {
  const parts = rel.split('/');
  const [src, top, name, sub] = parts;
  // The emulator: the npm workspace emulator/, a package of its own.
  if (src === 'emulator') return { layer: 'emulator', unit: 'emulator' };
  if (src !== 'src' || !top) return undefined;
  if (parts.length === 2 && WIRING_ROOT.has(top)) return { layer: 'root', unit: `src/${top}.ts` };
  if (top === 'language-server') return { layer: 'server', unit: 'src/language-server', serverProcess: SERVER_PROCESS.has(rel) };
  if (top === 'features') {
    if (!name || parts.length === 3) return undefined;
    const inner = parts.length > 4 ? sub : undefined;
    if (name === 'shared') {
      return inner === 'webview'
        ? { layer: 'webviewFloor', unit: 'src/features/shared/webview' }
        : { layer: 'floor', unit: 'src/features/shared' };
    }
    const feature = `src/features/${name}`;
    // A feature of parts (src/features/review/<part>/…) is one feature: its parts import each other, and each part
    // may have its own model/ and webview/. Review's stores are a floor of their own: the pull requests' views and the
    // overview read the same drafts and viewed files.
    if (REVIEW_STORES === parts.slice(0, 4).join('/') && parts.length > 4) return { layer: 'floor', unit: REVIEW_STORES };
    const dirs = parts.slice(3, -1);
    const at = dirs.findIndex((d) => d === 'model' || d === 'webview');
    if (at >= 0) return { layer: dirs[at], unit: [feature, ...dirs.slice(0, at + 1)].join('/'), feature };
    return { layer: 'feature', unit: feature, feature };
  }
  return { layer: 'pure', unit: `src/${top}`, innerClientFile: CLIENTS.has(top) && parts.length > 2 };
}

/** Within one feature: the host and the webview use the model; nothing else crosses. */
function sameFeature(from, to) {
  if (to.layer === 'model') return undefined;
  if (from.layer === 'model') return WHY.modelUp;
  if (from.layer === 'webview') return WHY.browserToHost;
  return WHY.hostToBrowser;
}

/** An absolute path → root-relative posix path without extension or trailing /index (a folder and its index.ts are one). */
function normalize(abs) {
  return path.relative(ROOT, abs).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs|cjs)$/, '').replace(/\/index$/, '');
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layers of src/ (docs/ARCHITECTURE.md): wiring root, features (host, model, webview), shared floors, pure modules, language server, emulator apart, and the emulator package wall.' },
    schema: [],
  },
  create(context) {
    const fromRel = normalize(context.filename);
    const fromPackage = packageOf(fromRel);
    const from = classify(fromRel);
    const where = from ? `${from.unit} (${NAMES[from.layer]})` : fromRel;

    function check(source) {
      const spec = source?.type === 'Literal' ? source.value : undefined;
      if (typeof spec !== 'string') return;
      if (spec === PKG || spec.startsWith(`${PKG}/`)) {
        if (from && from.layer !== 'emulator') context.report({ node: source, message: `${where} may not import ${spec}: ${PKG_SHIPPED}` });
        return;
      }
      if (!/^\.\.?(\/|$)/.test(spec)) {
        if (!from) return;
        const bare = spec.startsWith('node:') ? spec.slice(5) : spec.split('/')[0];
        if (spec === 'vscode' && NO_VSCODE[from.layer]) context.report({ node: source, message: `${where} may not import vscode: ${NO_VSCODE[from.layer]}` });
        else if ((spec.startsWith('node:') || NODE_BUILTINS.has(bare)) && NO_NODE[from.layer]) {
          context.report({ node: source, message: `${where} may not import ${spec}: ${NO_NODE[from.layer]}` });
        }
        return;
      }
      const rel = normalize(path.resolve(path.dirname(context.filename), spec));
      const toPackage = packageOf(rel);
      if (toPackage !== fromPackage) {
        context.report({ node: source, message: `${where} may not import ${rel}: ${fromPackage === 'emulator' ? PKG_OUT : PKG_IN}` });
        return;
      }
      if (!from) return;
      const to = classify(rel);
      if (!to || to.unit === from.unit) return;
      let target = to.unit;
      let why = from.feature && from.feature === to.feature ? sameFeature(from, to) : REFUSED[from.layer][to.layer];
      if (!why && to.serverProcess) {
        why = WHY.server;
        target = rel;
      }
      if (!why && to.innerClientFile && from.layer !== 'pure') {
        why = `features use the client only through ${to.unit}/index.ts (import the folder, not its inner files)`;
        target = rel;
      }
      if (why) context.report({ node: source, message: `${where} may not import ${target}: ${why}` });
    }

    /** DOM globals read where there is no DOM: unresolved, or resolved to a global nobody declared (a lib or config global). */
    function checkDom() {
      const scope = context.sourceCode.scopeManager?.globalScope;
      if (!scope) return;
      const refs = [...scope.through, ...scope.variables.filter((v) => v.defs.length === 0).flatMap((v) => v.references)];
      const seen = new Set();
      for (const ref of refs) {
        const id = ref.identifier;
        if (!DOM.has(id.name) || seen.has(id)) continue;
        seen.add(id);
        context.report({ node: id, message: `${where} may not use ${id.name}: ${NO_DOM[from.layer]}` });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) => check(node.moduleReference?.expression),
      ...(from && NO_DOM[from.layer] ? { 'Program:exit': checkDom } : {}),
    };
  },
};

export default { meta: { name: 'repodesk' }, rules: { layers } };
