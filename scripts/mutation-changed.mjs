// `npm run test:mutation:changed [-- <file>[:lines] ...] [-- stryker options]`:
// mutation testing of a few files, in Stryker's incremental mode (results of
// the last run over the same files kept in reports/mutation/incremental/, out
// of git, so mutants whose code and tests did not change are not run again).
//
// With no file named, the files changed since HEAD (and new ones) that
// stryker.config.mjs mutates. Arguments starting with `-` go to Stryker as
// they are (`--concurrency 1`, `--force` to forget the incremental results).
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import config from '../stryker.config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const options = [];
const named = [];
for (let i = 0; i < args.length; i++) {
  if (args[i].startsWith('-')) {
    options.push(args[i]);
    // `--concurrency 1`: the option's value follows it.
    if (args[i + 1] !== undefined && !args[i + 1].startsWith('-') && !/\.[cm]?ts(:|$)/.test(args[i + 1])) options.push(args[++i]);
  } else {
    named.push(args[i]);
  }
}

const files = named.length ? named : changedFiles();
const outside = files.filter((f) => !isMutated(f.replace(/:[\d:-]+$/, '')));
if (outside.length) {
  console.error(`Not among the mutated modules of stryker.config.mjs: ${outside.join(', ')}`);
  process.exit(2);
}
if (!files.length) {
  console.log('No changed file among the mutated modules of stryker.config.mjs.');
  process.exit(0);
}
console.log(`Mutating ${files.join(', ')}`);
const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'stryker.cmd' : 'stryker');
// One incremental file per set of files, so that runs over other files do not overwrite its results.
const slug = files.map((f) => f.replace(/^src\//, '').replace(/[^\w.-]+/g, '_')).sort().join('+');
const incrementalFile = `reports/mutation/incremental/${slug.length > 150 ? slug.slice(0, 150) : slug}.json`;
const child = spawn(bin, ['run', '--incremental', '--incrementalFile', incrementalFile, '--mutate', files.join(','), ...options], { cwd: root, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));

function changedFiles() {
  const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const all = [...git('diff', '--name-only', 'HEAD', '--', 'src', 'emulator/src'), ...git('ls-files', '--others', '--exclude-standard', '--', 'src', 'emulator/src')];
  return [...new Set(all)].filter(isMutated);
}

function isMutated(file) {
  const include = config.mutate.filter((p) => !p.startsWith('!')).map(globToRegExp);
  const exclude = config.mutate.filter((p) => p.startsWith('!')).map((p) => globToRegExp(p.slice(1)));
  return include.some((r) => r.test(file)) && !exclude.some((r) => r.test(file));
}

/** The glob forms stryker.config.mjs uses: `**` (any folders), `*` (within a name), `{a,b}`. */
function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) { out += '(?:.*/)?'; i += 2; }
    else if (c === '*') out += '[^/]*';
    else if (c === '{') { const end = glob.indexOf('}', i); out += `(?:${glob.slice(i + 1, end).split(',').map(escape).join('|')})`; i = end; }
    else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
