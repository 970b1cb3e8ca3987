// The emulator as another project uses it: `npm pack` of this package (its
// prepack builds the bundles and the declarations), unpacked into the
// node_modules of a scratch project in the system's temporary folder, then
// started with its bin (`repodesk-emulator`) and with `startEmulator` imported
// by name, and type-checked from TypeScript. Only what the package declares reaches
// the scratch project: the packed files, and its `dependencies` linked from
// this repository's install (no network; a missing dependency fails here).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const pkgRoot = path.resolve(__dirname, '../..');
const ADA = `Basic ${Buffer.from('ada:ada-demo-password').toString('base64')}`;

/** The folder of `dep` as Node would find it from this package (its node_modules, then its parents'). */
function installedCopy(dep: string): string {
  for (let dir = pkgRoot; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', dep);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${dep} is not installed: run npm ci`);
  }
}

/**
 * A copy of the package to run `npm pack` in: its prepack rebuilds dist/ in
 * the folder it packs, and in the parallel run (test/.mocharc.parallel.cjs)
 * other files spawn this package's dist/main.js meanwhile, which a bundle
 * rewritten in place under them would fail. The copy holds every file of the
 * package but dist/ (prepack must make all of it), beside this repository's
 * tsconfig.json (the package's extends it) and a link to its node_modules
 * (the build's tools: esbuild, tsc), as the package sits in the repository.
 */
let copyRoot = '';
function copyOfPackage(): string {
  copyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-emulator-pack-'));
  const copy = path.join(copyRoot, path.basename(pkgRoot));
  fs.cpSync(pkgRoot, copy, { recursive: true, filter: (from) => from !== path.join(pkgRoot, 'dist') });
  fs.copyFileSync(path.join(pkgRoot, '..', 'tsconfig.json'), path.join(copyRoot, 'tsconfig.json'));
  fs.symlinkSync(path.dirname(installedCopy('esbuild')), path.join(copyRoot, 'node_modules'), 'dir');
  return copy;
}

interface Manifest {
  name: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
}

describe('the emulator package from a scratch project (npm pack)', function () {
  this.timeout(120_000);
  let scratch: string;
  let packed: string[];
  let installed: string;
  let manifest: Manifest;

  before(() => {
    assert.ok(fs.existsSync(path.join(pkgRoot, 'dist/main.js')), 'emulator/dist is missing: run `npm run build` (or `node build.mjs` in emulator/) first');
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-emulator-consumer-'));
    const [info] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: copyOfPackage(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed = info!.files.map((f) => f.path);
    // What `npm install <tarball>` puts in place, without the network: the package's files, its dependencies, its bin.
    installed = path.join(scratch, 'node_modules', '@repodesk', 'emulator');
    fs.mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(scratch, info!.filename), '-C', installed, '--strip-components=1']);
    manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Manifest;
    for (const dep of Object.keys(manifest.dependencies)) {
      const from = installedCopy(dep);
      const to = path.join(scratch, 'node_modules', dep);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.symlinkSync(from, to, 'dir');
    }
    fs.mkdirSync(path.join(scratch, 'node_modules', '.bin'));
    for (const [name, file] of Object.entries(manifest.bin)) {
      fs.chmodSync(path.join(installed, file), 0o755);
      fs.symlinkSync(path.join('..', '@repodesk', 'emulator', file), path.join(scratch, 'node_modules', '.bin', name));
    }
    fs.writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch-consumer', private: true, dependencies: { [manifest.name]: `file:./${info!.filename}` } }),
    );
  });
  after(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(copyRoot, { recursive: true, force: true });
  });

  it('packs its command, its API, its README, its declarations, the scenario schema and the demo data set, and none of its sources or tests', () => {
    for (const f of [
      'package.json',
      'README.md',
      'scenarios/demo.yaml',
      'dist/scenarios/demo.json',
      'dist/scenario.schema.json',
      'dist/main.js',
      'dist/index.js',
      'dist/testing.js',
      'dist/types/index.d.ts',
      'dist/types/testing.d.ts',
    ])
      assert.ok(packed.includes(f), `${f} is missing from the package`);
    assert.deepEqual(
      packed.filter((f) => /^(src|test|bench)\//.test(f) || /\.test\.|\.ts$/.test(f.replace(/\.d\.ts$/, ''))),
      [],
    );
  });

  it('is publishable: not private, with the fields a registry shows, and its exports name files it packs', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown> & {
      exports: Record<string, string | Record<string, string>>;
    };
    assert.equal(pkg.private, undefined);
    for (const field of ['name', 'version', 'description', 'license', 'repository', 'engines', 'bin', 'files']) assert.ok(pkg[field], `${field} is missing`);
    const targets = Object.values(pkg.exports).flatMap((t) =>
      typeof t === 'string'
        ? [t]
        : Object.entries(t)
            .filter(([c]) => c !== 'development')
            .map(([, f]) => f),
    );
    for (const target of targets) assert.ok(packed.includes(target.replace(/^\.\//, '')), `${target} (exports) is not in the package`);
  });

  it("its scenario schema is found by the package's name and describes the format: a repository's name, a user's login", () => {
    // Resolved as the scratch project's code would (this test's own require would find the package itself).
    const file = createRequire(path.join(scratch, 'consumer.js')).resolve('@repodesk/emulator/scenario.schema.json');
    assert.equal(file, path.join(installed, 'dist', 'scenario.schema.json'));
    type Node = { properties: Record<string, { items: { properties: Record<string, unknown>; required?: string[] } }> };
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Node & { $schema: string };
    assert.match(schema.$schema, /json-schema\.org/);
    assert.ok(schema.properties.repositories!.items.required!.includes('name'));
    assert.ok(schema.properties.users!.items.properties.login);
  });

  it('repodesk-emulator --port 0 --memory --seed demo prints its URL; GET /repos/ada/notes-on-the-engine is 200 as ada; SIGTERM removes the folder', async () => {
    const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
    const proc = spawn(path.join(scratch, 'node_modules', '.bin', 'repodesk-emulator'), ['--port', '0', '--memory', '--seed', 'demo', '--quiet'], {
      cwd: scratch,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    let out = '';
    const listening = await new Promise<RegExpExecArray>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+) \(data: (.+), removed on exit\)/.exec(out);
        if (m) resolve(m);
      };
      proc.stdout.on('data', onData);
      proc.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`repodesk-emulator exited with ${code}:\n${out}`)));
    });
    const [, url, dataDir] = listening;
    try {
      const res = await fetch(`${url}/repos/ada/notes-on-the-engine`, { headers: { 'User-Agent': 'scratch-consumer', Authorization: ADA } });
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { full_name: string }).full_name, 'ada/notes-on-the-engine');
    } finally {
      proc.kill('SIGTERM');
    }
    assert.equal(await exited, 0);
    assert.equal(fs.existsSync(dataDir!), false, 'the --memory folder is gone after SIGTERM');
  });

  it("startEmulator imported by the package's name (an ES module of the scratch project) serves ada's repository", () => {
    const script = path.join(scratch, 'consumer.mjs');
    fs.writeFileSync(
      script,
      `import { startEmulator } from '@repodesk/emulator';
const emu = await startEmulator({ memory: true, seed: 'demo' });
try {
  const res = await fetch(emu.url + '/repos/ada/notes-on-the-engine', { headers: { 'User-Agent': 'scratch-consumer', Authorization: ${JSON.stringify(ADA)} } });
  console.log(JSON.stringify({ url: emu.url, status: res.status, fullName: (await res.json()).full_name }));
} finally {
  await emu.close();
}
`,
    );
    const out = JSON.parse(execFileSync(process.execPath, [script], { cwd: scratch, encoding: 'utf8' }).trim()) as {
      url: string;
      status: number;
      fullName: string;
    };
    assert.match(out.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual({ status: out.status, fullName: out.fullName }, { status: 200, fullName: 'ada/notes-on-the-engine' });
  });

  it('a TypeScript project type-checks against its declarations: the options and the result are typed, a wrong option is an error', () => {
    // The consumer's own @types/node, as any Node project has it.
    fs.symlinkSync(installedCopy('@types/node'), path.join(scratch, 'node_modules', '@types', 'node'), 'dir');
    fs.writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['consumer.mts'],
      }),
    );
    fs.writeFileSync(
      path.join(scratch, 'consumer.mts'),
      `import { startEmulator, type RunningEmulator, type StartOptions } from '@repodesk/emulator';
const options: StartOptions = { memory: true, seed: 'demo', rateLimits: { authenticated: 10 } };
const emulator: RunningEmulator = await startEmulator(options);
const url: string = emulator.url;
await emulator.close();
const scenario: StartOptions = { memory: true, seed: 'scenarios/team.yaml' };
// @ts-expect-error -- a port is a number: the declarations are real types, not any.
await startEmulator({ ...scenario, port: 'big' });
export { url };
`,
    );
    const tsc = path.join(installedCopy('typescript'), 'bin', 'tsc');
    const res = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: scratch, encoding: 'utf8' });
    assert.equal(res.status, 0, `tsc in the scratch project:\n${res.stdout}${res.stderr}`);
  });
});
