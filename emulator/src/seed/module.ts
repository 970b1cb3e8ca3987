// The seed module: loads the demo data set into an empty data folder. Listed
// after the account-side modules, before modules that extend the seed.
import type { EmulatorModule } from '../server';
import { logOAuthApp, seedDemo } from './demo';

export const demoSeedModule: EmulatorModule = {
  name: 'seed',
  migrations: [],
  register(_app, ctx) {
    // On a restart the data is already seeded: still say where the OAuth app is.
    logOAuthApp(ctx);
  },
  async seed(ctx, seed) {
    if (seed === 'demo') await seedDemo(ctx);
  },
};
