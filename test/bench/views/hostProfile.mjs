// The extension host's CPU profiles for the sidebar benchmark's
// BENCH_PROFILE=1. RepoDesk's dist/extension.js gets a prelude that starts
// the extension host's own profiler (node:inspector, in-process) before the
// loader and writes the profile 3 s later, and profiles later windows when
// the benchmark asks: the code measured is the built code, and every
// extension sharing the host is in the profile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PRELUDE = (outDir) => `{
  const started = Date.now();
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 250 });
  session.post('Profiler.start');
  const fs = require('node:fs');
  const out = ${JSON.stringify(outDir)};
  const stop = (file) => session.post('Profiler.stop', (err, result) => {
    if (!err) fs.writeFileSync(out + '/' + file, JSON.stringify({ profile: result.profile, epochAtStop: Date.now() }));
  });
  setTimeout(() => stop('host-' + started + '.json'), 3000);
  // Later windows on demand: the benchmark writes "start", then "stop-<name>" (see profileWindow).
  const watcher = fs.watch(out, (event, file) => {
    if (file === 'start' && fs.existsSync(out + '/start')) {
      fs.rmSync(out + '/start');
      session.post('Profiler.start');
    } else if (file && file.startsWith('stop-') && fs.existsSync(out + '/' + file)) {
      fs.rmSync(out + '/' + file);
      stop('window-' + file.slice(5) + '.json');
    }
  });
  watcher.unref();
}
`;

/**
 * Puts the profiling prelude in front of the built dist/extension.js (the
 * file is put back by `remove()`, and `npm run build` writes it anew). A
 * copy of the extension elsewhere would be cleaner, but code-server then
 * showed RepoDesk's views without their names.
 */
export function profiledExtension(repoRoot) {
  const bundle = path.join(repoRoot, 'dist', 'extension.js');
  const original = fs.readFileSync(bundle, 'utf8');
  if (original.includes('node:inspector')) throw new Error(`${bundle} already carries a profiling prelude: run \`npm run build\` first`);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-host-profiles-'));
  fs.writeFileSync(bundle, PRELUDE(outDir) + original);
  return {
    dir: repoRoot,
    /** The profile of the host started at or after `sinceEpoch` (waits for it to be written). */
    async takeProfile(sinceEpoch, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const files = fs.readdirSync(outDir);
        // Those of unmeasured loads before it are dropped.
        for (const f of files) if (Number(/^host-(\d+)\.json$/.exec(f)?.[1]) < sinceEpoch) fs.rmSync(path.join(outDir, f));
        const file = files.find((f) => Number(/^host-(\d+)\.json$/.exec(f)?.[1]) >= sinceEpoch);
        if (file) {
          const profile = JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8'));
          fs.rmSync(path.join(outDir, file));
          return profile;
        }
        if (Date.now() > deadline) return undefined;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Profiles the extension host from now until `stop()`, which returns the profile. */
    async profileWindow(name) {
      fs.writeFileSync(path.join(outDir, 'start'), '');
      // The host takes it within a turn of its event loop; the window starts at the action after this.
      for (let i = 0; i < 50 && fs.existsSync(path.join(outDir, 'start')); i++) await new Promise((r) => setTimeout(r, 20));
      return {
        async stop() {
          fs.writeFileSync(path.join(outDir, `stop-${name}`), '');
          const file = path.join(outDir, `window-${name}.json`);
          for (let i = 0; i < 250 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
          if (!fs.existsSync(file)) return undefined;
          await new Promise((r) => setTimeout(r, 100)); // written in one call, but let it finish
          const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
          fs.rmSync(file);
          return profile;
        },
      };
    },
    remove: () => {
      fs.writeFileSync(bundle, original);
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
