// Benchmark of the emulator's memory in a large push and clone over smart HTTP:
// a repository with one 200 MB file of random bytes pushed to, then cloned
// from, the emulator's command (dist/main.js: build first), its VmRSS sampled.
// Run: npx tsx emulator/bench/git-transfer-memory.ts [megabytes] [entry]   (never part of npm test)
import path from 'node:path';
import { measureGitTransfer } from '../test/support/git-transfer-memory';

async function main(): Promise<void> {
  const megabytes = Number(process.argv[2] ?? 200);
  const entry = path.resolve(process.argv[3] ?? path.join(__dirname, '../dist/main.js'));
  const figures = await measureGitTransfer(entry, megabytes);
  console.log(`VmRSS before the push: ${figures.baselineMb} MB`);
  console.log(`push of a ${megabytes} MB file: VmRSS growth ${figures.push.growthMb} MB (goal < 64 MB), ${figures.push.seconds} s`);
  console.log(`clone of it:            VmRSS growth ${figures.clone.growthMb} MB (goal < 64 MB), ${figures.clone.seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
