// repodesk/layers: the architecture walls of src/ (DESIGN.md) and the wall around the emulator
// package (emulator/), checked on every import.
// Hand-written because only relative paths need resolving; import-x's no-restricted-paths would need a TypeScript resolver plugin.
// Classification works on the resolved path alone, so the imported file need not exist.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = new Set(['hosting', 'engagement']); // features reach these only through their index.ts

const PKG = '@repodesk/emulator';
const PKG_IN = `the emulator is a package of its own: outside emulator/ use it by its name (${PKG}, or ${PKG}/testing for white-box tests), never its files`;
const PKG_OUT = 'the emulator package stands alone: nothing in emulator/ imports the files of the extension';
const PKG_SHIPPED = 'the extension ships without the emulator: only tests and scripts use it';
const TOP = 'src/extension.ts and src/wiring.ts are the top of the stack; nothing in src imports them';
const FEATURES = 'features do not import each other; move what both need to src/features/shared';
const FLOOR = 'src/features/shared is the floor under the features; it imports only itself and the pure core';
const CORE = 'the pure core does not import src/features; pass what it needs in from a feature';

// WALLS[importer layer][imported layer] = why the import is refused. Imports inside one unit are always allowed.
const WALLS = {
  top: {},
  feature: { top: TOP, feature: FEATURES },
  shared: { top: TOP, feature: FLOOR },
  core: { top: TOP, feature: CORE, shared: CORE },
};

/** Which side of the package wall a root-relative path is on. */
const packageOf = (rel) => (rel === 'emulator' || rel.startsWith('emulator/') ? 'emulator' : 'extension');

/** 'src/hosting/errors' (no extension, no trailing /index) → its layer and unit; undefined outside src/. */
function classify(rel) {
  const [src, top, sub] = rel.split('/');
  if (src !== 'src' || !top) return undefined;
  const parts = rel.split('/').length;
  if (parts === 2 && (top === 'extension' || top === 'wiring')) return { layer: 'top', unit: `src/${top}.ts` };
  if (top === 'features') {
    if (!sub) return undefined;
    return sub === 'shared' ? { layer: 'shared', unit: 'src/features/shared' } : { layer: 'feature', unit: `src/features/${sub}` };
  }
  return { layer: 'core', unit: `src/${top}`, innerClientFile: CLIENTS.has(top) && parts > 2 };
}

/** An absolute path → root-relative posix path without extension or trailing /index (a folder and its index.ts are one). */
function normalize(abs) {
  return path.relative(ROOT, abs).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs|cjs)$/, '').replace(/\/index$/, '');
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer walls of src/ (top, features, shared floor, pure core) and the emulator package wall.' },
    schema: [],
  },
  create(context) {
    const fromRel = normalize(context.filename);
    const fromPackage = packageOf(fromRel);
    const from = classify(fromRel);

    function check(source) {
      const spec = source?.type === 'Literal' ? source.value : undefined;
      if (typeof spec !== 'string') return;
      if (spec === PKG || spec.startsWith(`${PKG}/`)) {
        if (from) context.report({ node: source, message: `${from.unit} may not import ${spec}: ${PKG_SHIPPED}` });
        return;
      }
      if (!/^\.\.?(\/|$)/.test(spec)) return;
      const rel = normalize(path.resolve(path.dirname(context.filename), spec));
      const toPackage = packageOf(rel);
      if (toPackage !== fromPackage) {
        context.report({ node: source, message: `${fromRel} may not import ${rel}: ${fromPackage === 'emulator' ? PKG_OUT : PKG_IN}` });
        return;
      }
      if (!from) return;
      const to = classify(rel);
      if (!to || to.unit === from.unit) return;
      let why = WALLS[from.layer][to.layer];
      let target = to.unit;
      if (!why && to.innerClientFile && from.layer !== 'core') {
        why = `features use the client only through ${to.unit}/index.ts (import the folder, not its inner files)`;
        target = rel;
      }
      if (why) context.report({ node: source, message: `${from.unit} may not import ${target}: ${why}` });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) => check(node.moduleReference?.expression),
    };
  },
};

export default { meta: { name: 'repodesk' }, rules: { layers } };
