// Seeds the engagement service (v2) with its demo data set (engagement.ts).
// Listed right after the engagement module.
import type { EmulatorModule } from '../server';
import { contextOf } from '../v2/module';
import { seedEngagementDemo } from './engagement';

export const engagementSeedModule: EmulatorModule = {
  name: 'seed-engagement',
  migrations: [],
  register() {},
  seed(ctx, seed) {
    if (seed === 'demo') seedEngagementDemo(contextOf(ctx), ctx.log);
  },
};
