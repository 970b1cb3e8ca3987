// Refusing connections for a while, as a service that is down or a network
// that is gone: the listening socket is closed (open connections are dropped)
// and opened again on the same port. The data and everything in memory stay.
import type { Server } from 'node:http';

export interface ConnectionSwitch {
  /** Closes the port and drops open connections; resolves once nothing is connected. */
  pause(): Promise<void>;
  /** Listens on the same port and interface again. */
  resume(): Promise<void>;
  readonly paused: boolean;
  /** Lets the process end (the emulator closes): no hold while paused. */
  dispose(): void;
}

export function connectionSwitch(server: Server, host: string, port: number): ConnectionSwitch {
  let paused = false;
  // A closed port leaves the process nothing to wait for: this keeps it alive until resume().
  let hold: NodeJS.Timeout | undefined;
  const release = () => {
    clearInterval(hold);
    hold = undefined;
  };
  return {
    get paused() {
      return paused;
    },
    async pause() {
      if (paused) return;
      paused = true;
      hold = setInterval(() => {}, 60_000);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async resume() {
      if (!paused) return;
      await new Promise<void>((resolve, reject) => {
        const failed = (err: Error) => reject(err);
        server.once('error', failed);
        server.listen(port, host, () => {
          server.off('error', failed);
          resolve();
        });
      });
      paused = false;
      release();
    },
    dispose: release,
  };
}
