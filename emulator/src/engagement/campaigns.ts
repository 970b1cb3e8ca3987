// Campaigns: named groups of cases (`General` exists from the start).
import type { EngagementContext } from './context';

export interface CampaignRow {
  id: number;
  name: string;
  creation_ms: number;
}

/** Every campaign, oldest first. */
export function campaigns(ctx: EngagementContext): CampaignRow[] {
  return ctx.db.prepare('SELECT * FROM v2_campaigns ORDER BY id').all() as CampaignRow[];
}

export function findCampaign(ctx: EngagementContext, id: number): CampaignRow | undefined {
  return ctx.db.prepare('SELECT * FROM v2_campaigns WHERE id = ?').get(id) as CampaignRow | undefined;
}

export function campaignNameTaken(ctx: EngagementContext, name: string): boolean {
  return !!ctx.db.prepare('SELECT 1 FROM v2_campaigns WHERE name = ?').get(name);
}

/** Creates a campaign; with `ifMissing`, a name that exists already is left as it is. Returns the new id (0 when left). */
export function insertCampaign(ctx: EngagementContext, name: string, at = ctx.now(), options: { ifMissing?: boolean } = {}): number {
  const verb = options.ifMissing ? 'INSERT OR IGNORE' : 'INSERT';
  const info = ctx.db.prepare(`${verb} INTO v2_campaigns (name, creation_ms) VALUES (?, ?)`).run(name, at);
  return info.changes > 0 ? Number(info.lastInsertRowid) : 0;
}

export function campaignCaseCount(ctx: EngagementContext, campaignId: number): number {
  return ctx.db.prepare('SELECT COUNT(*) FROM v2_cases WHERE campaign_id = ?').pluck().get(campaignId) as number;
}

/** The cases of a campaign created at or after `sinceMs`, with what the statistics count. */
export function campaignCases(ctx: EngagementContext, campaignId: number, sinceMs: number): Array<{ id: number; state: string; reopened: number }> {
  return ctx.db.prepare('SELECT id, state, reopened FROM v2_cases WHERE campaign_id = ? AND creation_ms >= ?').all(campaignId, sinceMs) as Array<{
    id: number;
    state: string;
    reopened: number;
  }>;
}
