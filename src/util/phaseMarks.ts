// When each phase of RepoDesk's start happened (epoch ms, taken at the moment
// it happened, not when a log line is written), logged once as one line that
// the start-up benchmark (test/bench/views.mjs) reads: the loader read, the
// module graph evaluated, activate() called, every view and command
// registered (the synchronous part of activate()), the session restored, VS Code
// asking the Repositories view for its roots, the first answer of the
// service, the first rows handed to the view (its groups), VS Code asking
// for an expanded group's rows and them handed over. The benchmark's floor
// extension logs the same names for the same moments.
export const PHASES = ['loader', 'bundle', 'activate', 'registered', 'session', 'asked', 'answer', 'rows', 'children'] as const;
export type Phase = (typeof PHASES)[number];

export class PhaseMarks {
  private readonly times = new Map<Phase, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The first time of a phase counts; later marks of it are ignored. */
  mark(phase: Phase, at: number = this.now()): void {
    if (!this.times.has(phase)) this.times.set(phase, at);
  }

  get(phase: Phase): number | undefined {
    return this.times.get(phase);
  }

  /** `phases (epoch ms): loader=… bundle=… …` in the order of PHASES, a phase not reached as `-`. */
  line(): string {
    return `phases (epoch ms): ${PHASES.map((p) => `${p}=${this.times.get(p) ?? '-'}`).join(' ')}`;
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
