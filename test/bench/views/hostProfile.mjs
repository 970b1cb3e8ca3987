// The extension host's CPU profile over one measured load, for the sidebar
// benchmark's BENCH_PROFILE=1. RepoDesk is loaded from a folder that links to
// the repository's files but whose dist/extension.js first starts the
// extension host's own profiler (node:inspector, in-process) and writes the
// profile 3 s later: the code measured is the built code, the clock starts
// before RepoDesk's loader, and every extension sharing the host is in it.
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
  setTimeout(() => session.post('Profiler.stop', (err, result) => {
    if (!err) require('node:fs').writeFileSync(${JSON.stringify(outDir)} + '/host-' + started + '.json', JSON.stringify({ profile: result.profile, epochAtStop: Date.now() }));
    session.disconnect();
  }), 3000);
}
`;

/** A folder that is the repository for VS Code, with the profiling prelude in front of dist/extension.js. */
export function profiledExtension(repoRoot) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-profiled-'));
  const outDir = path.join(dir, 'profiles');
  fs.mkdirSync(outDir);
  for (const entry of fs.readdirSync(repoRoot)) {
    if (entry !== 'dist' && entry !== '.git') fs.symlinkSync(path.join(repoRoot, entry), path.join(dir, entry));
  }
  fs.mkdirSync(path.join(dir, 'dist'));
  for (const entry of fs.readdirSync(path.join(repoRoot, 'dist'))) {
    if (entry !== 'extension.js') fs.symlinkSync(path.join(repoRoot, 'dist', entry), path.join(dir, 'dist', entry));
  }
  // Its `require('./main/…')` resolves through the link to the repository's dist/main.
  fs.writeFileSync(path.join(dir, 'dist', 'extension.js'), PRELUDE(outDir) + fs.readFileSync(path.join(repoRoot, 'dist', 'extension.js'), 'utf8'));
  return {
    dir,
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
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
