// A log whose sink is made late: lines written before it exists wait in
// memory, in order, and are written when it is made, each with the time it
// was logged. RepoDesk's output channel is made this way after start-up
// (src/features/shared/log/outputLog.ts says why).

type LogLevel = 'info' | 'warn' | 'error' | 'debug';

export type LogSink = Record<LogLevel, (message: string) => void>;

export interface DeferredLog<S extends LogSink> {
  write(level: LogLevel, message: string): void;
  /** The sink, made now if it was not yet (the waiting lines are written first). */
  open(): S;
}

/** `make` is called once: when `openAfter` settles, or at the first `open()`. */
export function deferredLog<S extends LogSink>(make: () => S, openAfter: Promise<unknown>, now: () => Date = () => new Date()): DeferredLog<S> {
  let sink: S | undefined;
  const waiting: { level: LogLevel; message: string; at: Date }[] = [];
  const open = (): S => {
    if (sink) return sink;
    const made = make();
    sink = made;
    for (const line of waiting.splice(0)) made[line.level](`(logged at ${line.at.toISOString()}) ${line.message}`);
    return made;
  };
  void openAfter.then(open, open);
  return {
    write(level, message) {
      if (sink) sink[level](message);
      else waiting.push({ level, message, at: now() });
    },
    open,
  };
}
