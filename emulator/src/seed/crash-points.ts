// Named points of the seed where a crash test may kill the process. The seed
// is long (git repositories, a 520-commit history) and a kill anywhere in it
// must leave a data folder that starts; the crash tests drive the kill to an
// exact point through REPODESK_EMULATOR_SEED_CRASH_AT=<n> (the n-th point,
// 1-based) instead of guessing with timers. Unset, a point only counts.

/** Environment variable of the crash tests: the process SIGKILLs itself at that point of the seed. */
export const SEED_CRASH_ENV = 'REPODESK_EMULATOR_SEED_CRASH_AT';

export class SeedCrashPoints {
  private reached = 0;

  constructor(
    private readonly crashAt: number | undefined,
    private readonly log: (line: string) => void,
    private readonly kill: () => void = () => process.kill(process.pid, 'SIGKILL'),
  ) {}

  /** Points passed so far. */
  get count(): number {
    return this.reached;
  }

  /** Marks one point of the seed; at the configured one, the process dies as a SIGKILL would leave it. */
  point(label: string): void {
    this.reached++;
    if (this.reached !== this.crashAt) return;
    this.log(`seed crash point ${this.reached} (${label}): killing the process`);
    this.kill();
  }
}

/** The crash point asked for by the environment, if any. */
export function crashPointFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env[SEED_CRASH_ENV]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
