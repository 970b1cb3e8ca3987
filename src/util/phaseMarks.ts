// When each phase of RepoDesk's start happened (epoch ms, taken at the moment
// it happened, not when a log line is written), logged once as one line that
// the start-up benchmark (test/bench/views.mjs) reads: the loader read, the
// module graph evaluated, activate() called, every view and command
// registered (the synchronous part of activate()), the session restored, VS Code
// asking the Repositories view for its roots, the first answer of the
// service, the first rows handed to the view (its groups), VS Code asking
// for an expanded group's rows and them handed over. The benchmark's floor
// extension logs the same names for the same moments.
const PHASES = ['loader', 'bundle', 'activate', 'registered', 'session', 'asked', 'answer', 'rows', 'children'] as const;
export type Phase = (typeof PHASES)[number];

/** When each of a list of steps happened (epoch ms), logged as one line. */
export class StepMarks<S extends string> {
  private readonly times = new Map<S, number>();

  constructor(
    private readonly steps: readonly S[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The first time of a step counts; later marks of it are ignored. */
  mark(step: S, at: number = this.now()): void {
    if (!this.times.has(step)) this.times.set(step, at);
  }

  get(step: S): number | undefined {
    return this.times.get(step);
  }

  /** Every step has been marked. */
  get complete(): boolean {
    return this.steps.every((s) => this.times.has(s));
  }

  /** `<title> (epoch ms): a=… b=… …` in the order of the steps, one not reached as `-`. */
  line(title: string): string {
    return `${title} (epoch ms): ${this.steps.map((s) => `${s}=${this.times.get(s) ?? '-'}`).join(' ')}`;
  }
}

export class PhaseMarks extends StepMarks<Phase> {
  constructor(now: () => number = Date.now) {
    super(PHASES, now);
  }

  /** `phases (epoch ms): loader=… bundle=… …` in the order of PHASES, a phase not reached as `-`. */
  override line(): string {
    return super.line('phases');
  }
}

/** The phases of a logged line (the inverse of PhaseMarks.line); undefined for another line. */
export function parsePhaseLine(text: string): Partial<Record<Phase, number>> | undefined {
  const m = /phases \(epoch ms\): (.*)$/.exec(text);
  if (!m) return undefined;
  const out: Partial<Record<Phase, number>> = {};
  for (const part of m[1]!.trim().split(/\s+/)) {
    const [name, value] = part.split('=');
    if ((PHASES as readonly string[]).includes(name!) && value !== undefined && /^\d+$/.test(value)) out[name as Phase] = Number(value);
  }
  return out;
}
