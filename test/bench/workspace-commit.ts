// Benchmark of committing a workspace through the git data API (never part of
// npm test): hashing a 10,000-file folder (cold and warm file cache), then
// committing 1,000 changed text files into a 10,000-file branch, and a
// commit with 50 binary files, against an in-process emulator.
// Run: npx tsx test/bench/workspace-commit.ts   (prints one line per figure)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HostingClient } from '../../src/hosting';
import { commitPreview, previewCommit, readFolderFiles } from '../../src/gitdata';
import { startEmulator } from '../support/emulator';

const OWNER = 'ada';
const REPO = 'bench-workspace';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

async function main(): Promise<void> {
  const emu = await startEmulator({ seed: 'demo' });
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'repodesk-bench-ws-'));
  try {
    let requests = 0;
    const client = new HostingClient({
      apiUrl: emu.url,
      userAgentVersion: 'bench',
      credentials: { type: 'basic', username: 'ada', password: 'ada-demo-password' },
    });
    client.onDidChangeRateLimit(() => requests++);
    await client.repos.createForAuthenticatedUser({ name: REPO });
    for (let i = 0; i < 10_000; i++) {
      const file = path.join(ws, `dir${i % 100}`, `file${i}.txt`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `line ${i}\n`.repeat(10));
    }
    const [cold, files] = await time(() => readFolderFiles(ws));
    const [warm] = await time(() => readFolderFiles(ws));
    console.log(`hash 10,000 files: cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms (goal warm < 1 s)`);

    const [first] = await time(async () =>
      commitPreview(client, await previewCommit(client, OWNER, REPO, 'master', files, { from: null }), files, { message: '10,000 files' }),
    );
    console.log(`first commit of 10,000 text files: ${first.toFixed(0)} ms`);

    for (let i = 0; i < 1000; i++) fs.appendFileSync(path.join(ws, `dir${i % 100}`, `file${i}.txt`), 'changed\n');
    const changed = await readFolderFiles(ws);
    requests = 0;
    const [commit, result] = await time(async () =>
      commitPreview(client, await previewCommit(client, OWNER, REPO, 'master', changed), changed, { message: '1,000 changed' }),
    );
    console.log(
      `commit 1,000 changed text files into 10,000: ${commit.toFixed(0)} ms, ${result.requests} requests (counted by the client: ${requests}) (goals: < 3 s, <= 5 requests)`,
    );

    for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(ws, `bin${i}.dat`), Buffer.from(Array.from({ length: 4096 }, (_, j) => (i * 31 + j * 7) % 256)));
    const withBinary = await readFolderFiles(ws);
    const [binary, binResult] = await time(async () =>
      commitPreview(client, await previewCommit(client, OWNER, REPO, 'master', withBinary), withBinary, { message: '50 binary files' }),
    );
    console.log(`commit 50 binary files (4 KiB each): ${binary.toFixed(0)} ms, ${binResult.requests} requests`);
  } finally {
    await emu.dispose();
    fs.rmSync(ws, { recursive: true, force: true });
  }
}

void main();
