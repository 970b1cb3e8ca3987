// The emulator's events as it emits them, and a wait that an event ends: a
// test waits for the event, never for a timer (a wait nothing ends is failed
// by mocha's own timeout).
import type { EmittedEvent } from '../../src/events';
import type { TestEmulator } from '../support/emulator';

export interface EventLog {
  /** Every event since the log began, in order (a test may empty it). */
  readonly events: EmittedEvent[];
  /** Resolves once `done` holds for the events: at once, or after the event that makes it hold. */
  until(done: (events: readonly EmittedEvent[]) => boolean): Promise<void>;
  /** Stops recording. */
  stop(): void;
}

export function eventLog(emu: TestEmulator): EventLog {
  const events: EmittedEvent[] = [];
  let waiters: Array<() => boolean> = [];
  const stop = emu.events.onEvent((e) => {
    events.push(e);
    waiters = waiters.filter((settled) => !settled());
  });
  return {
    events,
    until: (done) =>
      new Promise<void>((resolve) => {
        const settled = (): boolean => done(events) && (resolve(), true);
        if (!settled()) waiters.push(settled);
      }),
    stop,
  };
}
