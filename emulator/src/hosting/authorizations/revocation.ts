// "Revoke all tokens of an application" runs as a background job (state
// table: completion can take a while). Jobs are rows, so one scheduled before
// a restart still runs; each revokes the tokens that existed when it was asked.
import type { Db, Migration } from '../../db';

declare module '../../options' {
  interface EmulatorOptions {
    /** Delay before a revoke-all job runs (default 1000 ms; tests use less). */
    tokenRevocationDelayMs?: number | undefined;
  }
}

export const revocationMigrations: Migration[] = [
  {
    id: 'v3/authorizations/001-revocation-jobs',
    sql: `CREATE TABLE token_revocation_jobs (
      id INTEGER PRIMARY KEY,
      app_id INTEGER NOT NULL,
      max_authorization_id INTEGER NOT NULL,
      run_at INTEGER NOT NULL
    )`,
  },
];

export class RevocationJobs {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly delayMs: number,
    private readonly log: (line: string) => void,
  ) {}

  schedule(appId: number): void {
    const maxId = (this.db.prepare('SELECT COALESCE(MAX(id), 0) FROM authorizations WHERE app_id = ?').pluck().get(appId) as number) ?? 0;
    this.db.prepare('INSERT INTO token_revocation_jobs (app_id, max_authorization_id, run_at) VALUES (?, ?, ?)').run(appId, maxId, Date.now() + this.delayMs);
    this.arm();
  }

  start(): void {
    this.stopped = false;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.stopped) return;
    const next = this.db.prepare('SELECT MIN(run_at) FROM token_revocation_jobs').pluck().get() as number | null;
    if (next === null) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runDue(), Math.max(0, next - Date.now()));
    this.timer.unref();
  }

  private runDue(): void {
    this.timer = undefined;
    if (this.stopped) return;
    const due = this.db.prepare('SELECT * FROM token_revocation_jobs WHERE run_at <= ?').all(Date.now()) as Array<{
      id: number;
      app_id: number;
      max_authorization_id: number;
    }>;
    for (const job of due) {
      const revoked = this.db.transaction(() => {
        const n = this.db.prepare('DELETE FROM authorizations WHERE app_id = ? AND id <= ?').run(job.app_id, job.max_authorization_id).changes;
        this.db.prepare('DELETE FROM token_revocation_jobs WHERE id = ?').run(job.id);
        return n;
      })();
      this.log(`revoked ${revoked} token(s) of application ${job.app_id}`);
    }
    this.arm();
  }
}
